import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The server's listening socket, opened before libmicrohttpd starts so that a port in use or an
/// address this machine does not have is reported by name (`errno`), and `--port 0` can pick a
/// free port (tests do) whose number is printed.
struct ListeningSocket {
    let fd: Int32
    /// The bound port (the chosen one for port 0).
    let port: Int

    /// Why the socket could not be opened, in one line that names the address.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Binds `host` (a numeric IPv4 or IPv6 address, or a name from /etc/hosts such as localhost)
    /// and `port`, and listens.
    static func open(host: String, port: Int) throws(Failure) -> ListeningSocket {
        guard (0...65535).contains(port) else { throw Failure(description: "port \(port) is not 0-65535") }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let info = list else {
            throw Failure(description: "'\(host)' is not an address of this machine (\(String(cString: gai_strerror(rc))))")
        }
        defer { freeaddrinfo(list) }
        let shown = info.pointee.ai_family == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)"
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
        guard fd >= 0 else { throw Failure(description: "\(shown): cannot open a socket (\(String(cString: strerror(errno))))") }
        var one: Int32 = 1
        // Rebinding right after a restart (connections in TIME_WAIT); a port another process
        // listens on is still refused (that would take SO_REUSEPORT).
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let e = errno
            close(fd)
            switch e {
            case EADDRINUSE: throw Failure(description: "\(shown) is already in use (another server listens there)")
            case EACCES: throw Failure(description: "\(shown): permission denied (ports below 1024 need privileges)")
            case EADDRNOTAVAIL: throw Failure(description: "\(shown): '\(host)' is not an address of this machine")
            default: throw Failure(description: "\(shown): cannot bind (\(String(cString: strerror(e))))")
            }
        }
        guard listen(fd, 1024) == 0 else {
            let e = errno
            close(fd)
            throw Failure(description: "\(shown): cannot listen (\(String(cString: strerror(e))))")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let bound = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 ? Self.port(of: $0) : port }
        }
        return ListeningSocket(fd: fd, port: bound)
    }

    private static func port(of address: UnsafePointer<sockaddr>) -> Int {
        switch Int32(address.pointee.sa_family) {
        case AF_INET: return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        case AF_INET6: return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
        default: return 0
        }
    }
}
