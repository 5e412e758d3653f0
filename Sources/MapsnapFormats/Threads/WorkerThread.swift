import Foundation

/// A detached thread with an 8 MiB stack running one closure.
public enum WorkerThread {
    private final class Body { let run: () -> Void; init(_ run: @escaping () -> Void) { self.run = run } }

    /// 0, or the error code of `pthread_create` (the closure then never runs).
    public static func start(_ run: @escaping () -> Void) -> Int32 {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 8 << 20)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(&thread, &attributes, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, body)
        if code != 0 { Unmanaged<Body>.fromOpaque(body).release() }
        return code
    }
}
