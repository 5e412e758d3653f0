import Foundation

/// The one pool of worker threads: pyramids, batches and (next) the server hand it jobs. Each
/// thread builds its own `State` once (a renderer: Pango, Cairo and SQLite handles are per
/// thread) and runs jobs in the order they were submitted. Threads get 8 MiB stacks, as deep
/// style expressions and label placement need more than the default.
public final class WorkerPool<State>: @unchecked Sendable {
    public typealias Job = (inout State) -> Void

    private var jobs: [Job] = []
    private var head = 0
    private var closed = false
    private let condition = NSCondition()
    private let group = DispatchGroup()
    public let threadCount: Int

    /// Starts `threads` threads (at least one); each calls `makeState` on itself before its first job.
    public init(threads: Int, makeState: @escaping @Sendable () -> State) {
        threadCount = max(1, threads)
        for _ in 0..<threadCount {
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                var state = makeState()
                while let job = next() { job(&state) }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Queues a job; some thread runs it.
    public func submit(_ job: @escaping Job) {
        condition.lock()
        precondition(!closed, "submit after finish")
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// No more jobs: threads end once the queue is empty.
    public func finish() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `finish()` was called and every job has run.
    public func wait() { group.wait() }

    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count {
            if closed { return nil }
            condition.wait()
        }
        let job = jobs[head]
        head += 1
        if head > 1024 && head * 2 > jobs.count {   // drop run jobs now and then
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
