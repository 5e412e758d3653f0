import MapsnapFormats
import MicroHTTPDLoader
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// HTTP/1.1 over GNU libmicrohttpd: keep-alive, HEAD, chunked uploads and the protocol's corner
/// cases are its job. The routes get a complete `HTTPRequest` and give back a `Reply`.
///
/// Two connection models (`--http-model`): `suspend` (the default) runs libmicrohttpd's thread
/// pool over epoll; a request that waits for a render has its connection suspended, so its thread
/// goes on with other connections (cache hits are never stuck behind renders), and the worker that
/// finishes resumes it. `thread-per-connection` gives every connection a thread that blocks until
/// its answer is ready (measured against `suspend` in bench/serve.sh).
final class MicroHTTPServer: @unchecked Sendable {
    typealias Settings = HTTPSettings

    typealias Handler = @Sendable (HTTPRequest) -> Reply
    /// Told of each request this layer refuses itself, before a route sees it (414, 400 for
    /// ambiguous framing, 413 for a body, 503 for the body budget): the method and target, and
    /// the status.
    typealias RefusalLog = @Sendable (_ method: String, _ target: String, _ status: Int) -> Void

    let settings: Settings
    private let handler: Handler
    private let refused: RefusalLog
    private var daemon: OpaquePointer?
    private var listenFD: Int32 = -1
    /// Requests whose line has arrived and whose answer has not been sent completely yet.
    private let inFlight = Atomic<Int>(0)
    /// The request bodies held now (`--body-memory`).
    let bodies: BodyBudget
    /// Header deadlines, the reserve of slots, the open connections.
    let connections: ConnectionGuard

    init(settings: Settings, handler: @escaping Handler, refused: @escaping RefusalLog = { _, _, _ in }) {
        self.settings = settings
        self.handler = handler
        self.refused = refused
        bodies = BodyBudget(capacity: settings.bodyMemoryBytes)
        connections = ConnectionGuard(.init(limit: settings.connectionLimit,
                                            reserve: InputLimits.connectionReserve(connections: settings.connectionLimit),
                                            headerSeconds: settings.headerSeconds, idleSeconds: settings.idleSeconds))
    }

    var requestsInFlight: Int { inFlight.load(ordering: .relaxed) }

    /// Why libmicrohttpd cannot be loaded (it is opened on first use), or nil.
    static var loadError: String? {
        var reason: UnsafePointer<CChar>?
        return mapsnap_mhd(&reason) == 0 ? String(cString: reason!) : nil
    }

    /// Starts serving on `socket` (already listening). Returns false when libmicrohttpd refuses
    /// to start or cannot be loaded (`loadError`).
    func start(_ socket: ListeningSocket) -> Bool {
        listenFD = socket.fd
        var flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue)
        switch settings.model {
        case .suspend: flags |= UInt32(MHD_USE_EPOLL.rawValue) | UInt32(MHD_ALLOW_SUSPEND_RESUME.rawValue)
        case .threadPerConnection: flags |= UInt32(MHD_USE_THREAD_PER_CONNECTION.rawValue) | UInt32(MHD_USE_POLL.rawValue)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        var s = mapsnap_mhd_settings(
            flags: flags, listen_fd: socket.fd,
            thread_pool_size: settings.model == .suspend ? UInt32(settings.threads) : 0,
            // Room for every connection on each thread: `ConnectionGuard` keeps the limit over all.
            connection_limit: UInt32(min(settings.connectionLimit * max(1, settings.threads), Int(UInt32.max))),
            per_ip_connection_limit: UInt32(settings.perClientLimit),
            connection_timeout_seconds: UInt32(settings.idleSeconds),
            connection_memory_limit: settings.maxTargetBytes + (32 << 10),
            handler: accessHandler, handler_cls: me, completed: completedHandler, completed_cls: me,
            uri: uriHandler, uri_cls: me, accept: acceptHandler, accept_cls: me, connection: connectionHandler, connection_cls: me)
        daemon = mapsnap_mhd_start(&s)
        return daemon != nil
    }

    /// Stops accepting connections (the listening socket is closed); open connections go on.
    func quiesce() {
        guard let daemon else { return }
        let fd = mapsnap_MHD_quiesce_daemon(daemon)
        if fd >= 0 { close(fd) }
    }

    /// Stops the daemon and closes every connection. Only once no connection is suspended
    /// (libmicrohttpd refuses to stop with suspended connections): call it when nothing is in flight.
    func stop() {
        guard let d = daemon else { return }
        daemon = nil
        mapsnap_MHD_stop_daemon(d)
        connections.stop()
    }

    // MARK: the request's life

    /// One request: created when its request line arrives, released when its answer is sent.
    final class Exchange: @unchecked Sendable {
        let target: String
        var started = false
        var method = ""
        var headers: [String: String] = [:]
        var body = Data()
        /// Bytes of `BodyBudget` this request holds (given back when it ends).
        var reservedBodyBytes = 0
        let answer = Mutex<HTTPResponse?>(nil)
        init(target: String) { self.target = target }
    }

    fileprivate func begin(_ uri: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
        inFlight.add(1, ordering: .relaxed)
        return Unmanaged.passRetained(Exchange(target: uri.map { String(cString: $0) } ?? "/")).toOpaque()
    }

    fileprivate func end(_ connection: OpaquePointer?, _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        if let connection, let record = Self.record(of: connection) { connections.requestEnded(record) }
        guard let context, let raw = context.pointee else { return }
        let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue()
        context.pointee = nil
        bodies.release(exchange.reservedBodyBytes)
        exchange.reservedBodyBytes = 0
        inFlight.subtract(1, ordering: .relaxed)
    }

    fileprivate func access(_ connection: OpaquePointer, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
                            upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                            context: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        if context.pointee == nil { context.pointee = begin(nil) }   // no URI callback ran (not expected)
        let exchange = Unmanaged<Exchange>.fromOpaque(context.pointee!).takeUnretainedValue()
        // Called again after a resume: the answer is there.
        if let answer = exchange.answer.withLock({ $0.take() }) { return Self.queue(answer, on: connection) }
        if !exchange.started {
            exchange.started = true
            if let record = Self.record(of: connection) { connections.headArrived(record) }
            exchange.method = method.map { String(cString: $0) } ?? "GET"
            for name in HTTPRequest.readHeaders {
                if let v = mapsnap_MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name) { exchange.headers[name.lowercased()] = String(cString: v) }
            }
            // An answer queued now closes the connection once sent (the body, if any, is not read).
            if let refusal = admit(exchange, connection, version: version.map { String(cString: $0) } ?? "HTTP/1.1") {
                refused(exchange.method, exchange.target, refusal.status)
                return Self.queue(refusal, on: connection)
            }
            // libmicrohttpd calls again with the body's pieces, if any, then once with none.
            return MHD_Result.YES
        }
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            // Only a chunked body can pass what was reserved (its length was not known). No answer
            // can be queued in the middle of a body, and reading the rest to the end to say 413 is
            // what a client streaming without end wants: the connection is closed.
            guard exchange.body.count + count <= exchange.reservedBodyBytes, let upload else { return MHD_Result.NO }
            exchange.body.append(UnsafeRawPointer(upload).assumingMemoryBound(to: UInt8.self), count: count)
            uploadSize.pointee = 0
            return MHD_Result.YES
        }
        return dispatch(exchange, connection)
    }

    /// Checks a request whose head has arrived, before any of its body is read: its target's
    /// length (414), its framing (400, `RequestFraming`), whether its route takes a body (413),
    /// the body's length (413) and room for it in the body budget (503); reserves that room.
    /// Returns the refusal to answer, or nil to go on.
    private func admit(_ exchange: Exchange, _ connection: OpaquePointer, version: String) -> HTTPResponse? {
        if exchange.target.utf8.count > settings.maxTargetBytes {
            return HTTPError(414, "the request target is \(exchange.target.utf8.count) bytes, more than the \(settings.maxTargetBytes) this server reads").response
        }
        let framing: RequestFraming
        do { framing = try RequestFraming.read(Self.headerLines(of: connection), version: version) } catch {
            var r = error.response
            r.setHeader("Connection", "close")
            return r
        }
        let bytes: Int
        switch framing {
        case .none: return nil
        case .length(let n): bytes = n
        case .chunked: bytes = settings.maxBodyBytes
        }
        guard Route.takesBody(method: exchange.method, target: exchange.target) else {
            return HTTPError(413, "\(RequestTarget.shown(exchange.method)) \(RequestTarget.shown(exchange.target)) takes no request body (only POST /static reads one)").response
        }
        if bytes > settings.maxBodyBytes { return Self.bodyTooLarge(bytes, settings.maxBodyBytes) }
        guard bodies.reserve(bytes) else {
            var r = HTTPError(503, "the request bodies being read would pass the \(settings.bodyMemoryBytes) bytes this server holds at once (--body-memory); retry in a second").response
            r.setHeader("Retry-After", "1")
            return r
        }
        exchange.reservedBodyBytes = bytes
        exchange.body.reserveCapacity(bytes)
        return nil
    }

    static func bodyTooLarge(_ length: Int, _ limit: Int) -> HTTPResponse {
        HTTPError(413, "the request body is \(length) bytes, more than the \(limit) bytes this server reads").response
    }

    /// Every header line of the request, repeated names included, in order.
    private static func headerLines(of connection: OpaquePointer) -> [(name: String, value: String)] {
        var lines: [(name: String, value: String)] = []
        withUnsafeMutablePointer(to: &lines) { pointer in
            _ = mapsnap_MHD_get_connection_values(connection, MHD_ValueKind.HEADER_KIND, headerLineCollector, pointer)
        }
        return lines
    }

    /// The connection's record, which `connectionHandler` keeps in its socket context.
    fileprivate static func record(of connection: OpaquePointer) -> ConnectionGuard.Record? {
        mapsnap_MHD_connection_context(connection).map { Unmanaged<ConnectionGuard.Record>.fromOpaque($0).takeUnretainedValue() }
    }

    private func dispatch(_ exchange: Exchange, _ connection: OpaquePointer) -> MHD_Result {
        let request = HTTPRequest(method: exchange.method, target: exchange.target, headers: exchange.headers, body: exchange.body)
        exchange.body = Data()
        switch handler(request) {
        case .now(let response):
            return Self.queue(response, on: connection)
        case .later(let start):
            switch settings.model {
            case .threadPerConnection:
                let done = DispatchSemaphore(value: 0)
                start { response in
                    exchange.answer.withLock { $0 = response }
                    done.signal()
                }
                done.wait()
                return Self.queue(exchange.answer.withLock { $0.take() }!, on: connection)
            case .suspend:
                mapsnap_MHD_suspend_connection(connection)
                let resumable = ConnectionHandle(connection)
                start { response in
                    exchange.answer.withLock { $0 = response }
                    mapsnap_MHD_resume_connection(resumable.pointer)
                }
                return MHD_Result.YES
            }
        }
    }

    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let r = response.body.withUnsafeBytes { bytes in
            mapsnap_MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
        guard let r else { return MHD_Result.NO }
        for (name, value) in response.headers { mapsnap_MHD_add_response_header(r, name, value) }
        let rc = mapsnap_MHD_queue_response(connection, UInt32(response.status), r)
        mapsnap_MHD_destroy_response(r)
        return rc
    }
}

/// A suspended connection, handed to the thread that will resume it.
private struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

// libmicrohttpd's callbacks: plain C functions, the server passed through their `cls` pointer.
private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, _, method, version, upload, uploadSize, context in
    guard let cls, let connection, let uploadSize, let context else { return MHD_Result.NO }
    return Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue()
        .access(connection, method: method, version: version, upload: upload, uploadSize: uploadSize, context: context)
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, connection, context, _ in
    guard let cls else { return }
    Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue().end(connection, context)
}

private let uriHandler: mapsnap_mhd_uri_callback = { cls, uri, _ in
    guard let cls else { return nil }
    return Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue().begin(uri)
}

private let acceptHandler: MHD_AcceptPolicyCallback = { cls, address, _ in
    guard let cls else { return MHD_Result.YES }
    return Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue().connections.admits(address) ? MHD_Result.YES : MHD_Result.NO
}

/// A connection's `ConnectionGuard.Record` lives in its socket context, retained from start to close.
private let connectionHandler: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let connection, let socketContext else { return }
    let connections = Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue().connections
    if code == .CONNECTION_NOTIFY_STARTED {
        let record = connections.opened(fd: mapsnap_MHD_connection_fd(connection), address: mapsnap_MHD_connection_address(connection))
        socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
    } else if let raw = socketContext.pointee {
        socketContext.pointee = nil
        connections.closed(Unmanaged<ConnectionGuard.Record>.fromOpaque(raw).takeRetainedValue())
    }
}

private let headerLineCollector: MHD_KeyValueIterator = { cls, _, key, value in
    guard let cls, let key else { return MHD_Result.YES }
    cls.assumingMemoryBound(to: [(name: String, value: String)].self).pointee
        .append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return MHD_Result.YES
}
