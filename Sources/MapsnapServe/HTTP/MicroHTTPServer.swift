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
    struct Settings: Sendable {
        enum Model: String, Sendable, CaseIterable {
            case suspend
            case threadPerConnection = "thread-per-connection"
        }
        var model: Model = .suspend
        var threads = 2
        var connectionLimit = 1024
        var idleSeconds = 30
        var maxBodyBytes = 8 << 20
        var maxTargetBytes = 16 << 10
    }

    typealias Handler = @Sendable (HTTPRequest) -> Reply

    let settings: Settings
    private let handler: Handler
    private var daemon: OpaquePointer?
    private var listenFD: Int32 = -1
    /// Requests whose line has arrived and whose answer has not been sent completely yet.
    private let inFlight = Atomic<Int>(0)

    init(settings: Settings, handler: @escaping Handler) {
        self.settings = settings
        self.handler = handler
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
            connection_limit: UInt32(settings.connectionLimit), connection_timeout_seconds: UInt32(settings.idleSeconds),
            connection_memory_limit: settings.maxTargetBytes + (32 << 10),
            handler: accessHandler, handler_cls: me, completed: completedHandler, completed_cls: me,
            uri: uriHandler, uri_cls: me)
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
    }

    // MARK: the request's life

    /// One request: created when its request line arrives, released when its answer is sent.
    final class Exchange: @unchecked Sendable {
        let target: String
        var started = false
        var method = ""
        var headers: [String: String] = [:]
        var body = Data()
        var bodyTooLarge = false
        let answer = Mutex<HTTPResponse?>(nil)
        init(target: String) { self.target = target }
    }

    fileprivate func begin(_ uri: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
        inFlight.add(1, ordering: .relaxed)
        return Unmanaged.passRetained(Exchange(target: uri.map { String(cString: $0) } ?? "/")).toOpaque()
    }

    fileprivate func end(_ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let context, let raw = context.pointee else { return }
        Unmanaged<Exchange>.fromOpaque(raw).release()
        context.pointee = nil
        inFlight.subtract(1, ordering: .relaxed)
    }

    fileprivate func access(_ connection: OpaquePointer, method: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?,
                            uploadSize: UnsafeMutablePointer<Int>, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        if context.pointee == nil { context.pointee = begin(nil) }   // no URI callback ran (not expected)
        let exchange = Unmanaged<Exchange>.fromOpaque(context.pointee!).takeUnretainedValue()
        // Called again after a resume: the answer is there.
        if let answer = exchange.answer.withLock({ $0.take() }) { return Self.queue(answer, on: connection) }
        if !exchange.started {
            exchange.started = true
            exchange.method = method.map { String(cString: $0) } ?? "GET"
            for name in HTTPRequest.readHeaders {
                if let v = mapsnap_MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name) { exchange.headers[name.lowercased()] = String(cString: v) }
            }
            if exchange.target.utf8.count > settings.maxTargetBytes {
                return Self.queue(HTTPError(414, "the request target is \(exchange.target.utf8.count) bytes, more than the \(settings.maxTargetBytes) this server reads").response,
                                  on: connection)
            }
            if let length = exchange.headers["content-length"].flatMap(Int.init), length > settings.maxBodyBytes {
                return Self.queue(Self.bodyTooLarge(length, settings.maxBodyBytes), on: connection)
            }
            // libmicrohttpd calls again with the body's pieces, if any, then once with none; an
            // answer queued now would close the connection (the body would be left unread).
            return MHD_Result.YES
        }
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            if exchange.bodyTooLarge || exchange.body.count + count > settings.maxBodyBytes {
                exchange.bodyTooLarge = true   // the rest is read and dropped
                exchange.body = Data()
            } else if let upload {
                exchange.body.append(UnsafeRawPointer(upload).assumingMemoryBound(to: UInt8.self), count: count)
            }
            uploadSize.pointee = 0
            return MHD_Result.YES
        }
        if exchange.bodyTooLarge { return Self.queue(Self.bodyTooLarge(nil, settings.maxBodyBytes), on: connection) }
        return dispatch(exchange, connection)
    }

    static func bodyTooLarge(_ length: Int?, _ limit: Int) -> HTTPResponse {
        HTTPError(413, "the request body is \(length.map { "\($0) bytes, " } ?? "")more than the \(limit) bytes this server reads").response
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
private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, _, method, _, upload, uploadSize, context in
    guard let cls, let connection, let uploadSize, let context else { return MHD_Result.NO }
    return Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue()
        .access(connection, method: method, upload: upload, uploadSize: uploadSize, context: context)
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, _, context, _ in
    guard let cls else { return }
    Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue().end(context)
}

private let uriHandler: mapsnap_mhd_uri_callback = { cls, uri, _ in
    guard let cls else { return nil }
    return Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue().begin(uri)
}
