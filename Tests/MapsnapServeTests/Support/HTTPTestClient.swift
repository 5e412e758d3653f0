import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 client over a loopback socket, so the tests see exactly what the server
/// sends (status, every header, the body) and control connections (keep-alive, requests left
/// unanswered while the server shuts down).
final class HTTPTestClient {
    struct Response {
        let status: Int
        let headers: [(String, String)]
        let body: Data

        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        func headers(_ name: String) -> [String] { headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1) }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    private(set) var fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port` from `source` (another loopback address, 127.0.0.2, is
    /// another client to the server); throws when refused.
    init(port: Int, from source: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        if source != "127.0.0.1" {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            guard bound == 0 else { close(fd); throw Failure(description: "bind to \(source): \(String(cString: strerror(errno)))") }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 120, tv_usec: 0)   // a safety bound, not a timing assumption
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let rc = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard rc == 0 else {
            let e = errno
            close(fd)
            throw Failure(description: "connect to port \(port): \(String(cString: strerror(e)))")
        }
    }

    deinit { disconnect() }

    /// Closes the connection (once; later calls do nothing).
    func disconnect() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }

    /// Sends `text` as it is (a request head cut short, a hand-made request).
    func sendRaw(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }

    /// Whether the server has closed the connection (end of stream or reset), without waiting.
    /// Bytes it sent first are left unread.
    var isClosedByServer: Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if n == 0 { return true }
        if n < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
        return false   // an answer waits; the connection may still be open
    }

    /// Waits until the server has closed `count` of `clients` (end of stream or reset) and returns
    /// which: poll(2) on them all, at most `boundSeconds` (a safety bound, not a timing assumption).
    static func waitUntilClosed(_ clients: [HTTPTestClient], count: Int, boundSeconds: Int = 120) -> Set<Int> {
        var closed = Set<Int>()
        let deadline = Date().addingTimeInterval(Double(boundSeconds))
        while closed.count < count && Date() < deadline {
            var fds = clients.enumerated().filter { !closed.contains($0.offset) }
                .map { pollfd(fd: $0.element.fd, events: Int16(POLLIN), revents: 0) }
            let open = clients.indices.filter { !closed.contains($0) }
            guard poll(&fds, nfds_t(fds.count), 1000) >= 0 else { break }
            for (i, p) in zip(open, fds) where p.revents != 0 && clients[i].isClosedByServer { closed.insert(i) }
        }
        return closed
    }

    /// Sends one request (not waiting for the answer).
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data()) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (k, v) in headers.sorted(by: { $0.key < $1.key }) { head += "\(k): \(v)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        bytes += body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }

    /// Reads one answer (`head`: the request was HEAD, so no body follows).
    func receive(head: Bool = false) throws -> Response {
        let headerEnd = try readUntil([13, 10, 13, 10])
        let text = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var lines = text.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line in \(text)") }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var length = 0
        if !head && status != 304 && status != 204 {
            length = headers.first { $0.0.lowercased() == "content-length" }.flatMap { Int($0.1) } ?? 0
        }
        while buffer.count < length { try fill() }
        let body = Data(buffer[..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// Reads until the server closes the connection and returns what came after the answers
    /// read so far (nothing, when the server answered once and closed).
    func readToEnd() throws -> Data {
        while true {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 || (n < 0 && errno == ECONNRESET) { break }
            guard n > 0 else { throw Failure(description: "recv: \(String(cString: strerror(errno)))") }
            buffer += chunk[..<n]
        }
        defer { buffer = [] }
        return Data(buffer)
    }

    func request(_ method: String = "GET", _ target: String, headers: [String: String] = [:], body: Data = Data()) throws -> Response {
        try send(method, target, headers: headers, body: body)
        return try receive(head: method == "HEAD")
    }

    /// One request on a new connection (from `source`, as `init`).
    static func get(_ port: Int, _ target: String, method: String = "GET", headers: [String: String] = [:], body: Data = Data(),
                    from source: String = "127.0.0.1") throws -> Response {
        try HTTPTestClient(port: port, from: source).request(method, target, headers: headers, body: body)
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if buffer.count >= marker.count {
                for i in 0...(buffer.count - marker.count) where buffer[i] == marker[0] && Array(buffer[i..<i + marker.count]) == marker { return i }
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw Failure(description: n == 0 ? "the server closed the connection" : "recv: \(String(cString: strerror(errno)))") }
        buffer += chunk[..<n]
    }
}
