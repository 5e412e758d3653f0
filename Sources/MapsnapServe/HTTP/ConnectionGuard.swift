import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Keeps slow or greedy clients from holding every connection (slowloris: 1,100 connections that
/// sent a request head a byte a second filled the 1,024 slots, and `/health` stopped answering).
/// Four rules, besides libmicrohttpd's own per-client cap (`--connections-per-client`,
/// `MHD_OPTION_PER_IP_CONNECTION_LIMIT`):
/// - **The limit** (`--connections`) over all HTTP threads. libmicrohttpd splits its own limit
///   evenly between the threads of its pool, and a thread at its share refuses the next client
///   it accepts even when the others have room: the server gives libmicrohttpd room on every
///   thread and counts here instead.
/// - **Header timeout** (`--header-timeout`): a request head must be complete within N seconds
///   of the connection opening, or of the end of the previous answer plus `--idle-timeout` on a
///   kept-alive connection. libmicrohttpd's own timeout counts idle seconds only, which a client
///   sending a byte a second never reaches. A connection past its deadline is shut down; its
///   socket is closed by libmicrohttpd, which is told as for any client that hangs up.
/// - **Reserve**: the last `reserve` slots go only to clients that hold no connection yet, so
///   that a new client is served while a few others hold the rest.
/// - The count of open connections, for `/metrics`.
///
/// Each connection has a `Record` from `opened` to `closed` (libmicrohttpd's notify callbacks,
/// the second before it closes the socket); the watchdog shuts sockets down only under the lock
/// that `closed` takes, so it never touches a socket libmicrohttpd has closed (whose number may
/// already belong to another connection).
final class ConnectionGuard: @unchecked Sendable {
    struct Settings: Sendable {
        var limit: Int
        var reserve: Int
        var headerSeconds: Int
        var idleSeconds: Int
    }

    /// One open connection.
    final class Record {
        fileprivate let fd: Int32
        fileprivate let client: ClientAddress
        /// Monotonic nanoseconds by which the next request head must be complete; 0: none now
        /// (a head is complete and its answer not sent yet).
        fileprivate var deadline: UInt64
        fileprivate init(fd: Int32, client: ClientAddress, deadline: UInt64) {
            self.fd = fd
            self.client = client
            self.deadline = deadline
        }
    }

    let settings: Settings
    private let lock = NSCondition()
    private var records: [ObjectIdentifier: Record] = [:]
    private var perClient: [ClientAddress: Int] = [:]
    /// Connections admitted by `admits` and not yet `opened`, by the thread that accepted them:
    /// libmicrohttpd asks and starts a connection on one thread, one after the other, so a
    /// thread's entry still set when it asks again is a connection it dropped in between.
    private var accepting: [pthread_t: ClientAddress] = [:]
    private var stopped = false
    private let timedOut = Atomic<Int>(0)
    private let refused = Atomic<Int>(0)

    init(_ settings: Settings) {
        self.settings = settings
        let thread = Thread { [self] in watch() }
        thread.name = "mapsnap-http-watchdog"
        thread.start()
    }

    /// Connections open now.
    var openCount: Int { lock.withLock { records.count } }
    /// Connections shut down because their request head was not complete in time.
    var headerTimeouts: Int { timedOut.load(ordering: .relaxed) }
    /// Connections refused because only reserved slots were left and the client held one already.
    var refusedForReserve: Int { refused.load(ordering: .relaxed) }

    /// Whether to take a connection from `address` (libmicrohttpd's accept policy, asked once its
    /// own limits have let it in).
    func admits(_ address: UnsafePointer<sockaddr>?) -> Bool {
        let client = ClientAddress(address)
        let thread = pthread_self()
        return lock.withLock {
            accepting[thread] = nil
            let open = records.count + accepting.count
            guard open < settings.limit else { return false }
            guard open < settings.limit - settings.reserve || (perClient[client, default: 0] == 0 && !accepting.values.contains(client)) else {
                refused.add(1, ordering: .relaxed)
                return false
            }
            accepting[thread] = client
            return true
        }
    }

    /// A connection starts: its first request head is due within the header timeout.
    func opened(fd: Int32, address: UnsafePointer<sockaddr>?) -> Record {
        let record = Record(fd: fd, client: ClientAddress(address), deadline: Self.now() + Self.seconds(settings.headerSeconds))
        lock.withLock {
            accepting[pthread_self()] = nil
            records[ObjectIdentifier(record)] = record
            perClient[record.client, default: 0] += 1
        }
        return record
    }

    /// The connection closes (its socket is still open).
    func closed(_ record: Record) {
        lock.withLock {
            records[ObjectIdentifier(record)] = nil
            let left = perClient[record.client, default: 1] - 1
            perClient[record.client] = left > 0 ? left : nil
        }
    }

    /// A request head is complete: no deadline until its answer is sent.
    func headArrived(_ record: Record) {
        lock.withLock { record.deadline = 0 }
    }

    /// An answer is sent (or the request ended): the next head, if the client sends one on this
    /// connection, is due after the idle time it may wait plus the header timeout.
    func requestEnded(_ record: Record) {
        lock.withLock { record.deadline = Self.now() + Self.seconds(settings.idleSeconds + settings.headerSeconds) }
    }

    /// Stops the watchdog (the daemon is stopping).
    func stop() {
        lock.withLock {
            stopped = true
            lock.signal()
        }
    }

    /// Twice a second, shuts down the connections past their deadline (the timeout is whole
    /// seconds; half a second late at most is close enough).
    private func watch() {
        lock.lock()
        defer { lock.unlock() }
        while !stopped {
            _ = lock.wait(until: Date().addingTimeInterval(0.5))
            let now = Self.now()
            for record in records.values where record.deadline != 0 && record.deadline <= now {
                record.deadline = 0
                shutdown(record.fd, Int32(SHUT_RDWR))
                timedOut.add(1, ordering: .relaxed)
            }
        }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    private static func seconds(_ s: Int) -> UInt64 { UInt64(max(0, s)) * 1_000_000_000 }
}

/// A client's IP address (an IPv4 address mapped into IPv6 is the IPv4 one), as libmicrohttpd's
/// per-client cap counts clients.
struct ClientAddress: Hashable {
    let bytes: [UInt8]

    init(_ address: UnsafePointer<sockaddr>?) {
        guard let address else { bytes = []; return }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { a in
                withUnsafeBytes(of: a.pointee.sin_addr) { Array($0) }
            }
        case AF_INET6:
            let all = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { a in
                withUnsafeBytes(of: a.pointee.sin6_addr) { Array($0) }
            }
            bytes = all.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff] ? Array(all.suffix(4)) : all
        default:
            bytes = []
        }
    }
}
