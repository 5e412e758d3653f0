import Foundation

extension WorkerThread {
    /// Runs `other` on a thread of its own while the caller runs `body`, and returns both results
    /// once both are done: independent start-up work (reading overlay files, loading a style)
    /// overlaps on a machine with a core to spare. When no thread can be started, `other` runs
    /// first on the caller's thread (`PendingResult.computing`).
    public static func alongside<A, B>(_ other: @escaping () -> A, _ body: () -> B) -> (A, B) {
        let theirs = PendingResult.computing(other)
        let mine = body()
        return (theirs.wait(), mine)
    }
}

/// A value another thread will set once; `wait()` returns it when it is there.
public final class PendingResult<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    public init() {}

    /// Runs `make` on a thread of its own and holds what it returns (on the caller's thread, before
    /// returning, when no thread can be started).
    public static func computing(_ make: @escaping () -> Value) -> PendingResult<Value> {
        let pending = PendingResult<Value>()
        if WorkerThread.start({ pending.set(make()) }) != 0 { pending.set(make()) }
        return pending
    }

    public func set(_ v: Value) {
        condition.lock()
        value = v
        condition.broadcast()
        condition.unlock()
    }

    public func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}
