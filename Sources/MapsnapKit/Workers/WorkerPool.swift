import Foundation
import MapsnapFormats

/// The one pool of worker threads: pyramids, batches and the server hand it jobs. Each thread
/// builds its own `State` once (a renderer: Pango, Cairo and SQLite handles are per thread) and
/// runs jobs in the order they were submitted. Threads get 8 MiB stacks, as deep style
/// expressions and label placement need more than the default.
///
/// Threads are started with `pthread_create`, so that a thread the system refuses (no memory
/// for its stack, a process limit) is reported, not a crash: the pool runs with the threads it
/// got (`threadCount`, and `shortfall` says why it is fewer than asked) and throws only when it
/// got none.
public final class WorkerPool<State>: @unchecked Sendable {
    public typealias Job = (inout State) -> Void

    /// Queued jobs from `head` on; a job taken is set to nil at once, so that what it captured
    /// (a drawn metatile, a request) is freed when it ends, not when the queue is next compacted.
    private var jobs: [Job?] = []
    private var head = 0
    private var closed = false
    private var running = 0
    private var whenDone: (@Sendable () -> Void)?
    private let condition = NSCondition()
    /// Threads that run jobs.
    public private(set) var threadCount = 0
    /// Why fewer threads run than were asked for (nil when all started).
    public private(set) var shortfall: WorkerPoolError?

    /// Starts `threads` threads (at least one); each calls `makeState` on itself before its first job.
    public init(threads: Int, makeState: @escaping @Sendable () -> State) throws(WorkerPoolError) {
        let wanted = max(1, threads)
        let affordable = Self.affordableThreads()
        if wanted > affordable {
            shortfall = WorkerPoolError(requested: wanted, started: affordable, code: 0)
        }
        for _ in 0..<min(wanted, affordable) {
            let code = WorkerThread.start { [self] in
                var state = makeState()
                while let job = next() { job(&state) }
                threadEnded()
            }
            guard code == 0 else {
                shortfall = WorkerPoolError(requested: wanted, started: threadCount, code: code)
                break
            }
            condition.lock(); threadCount += 1; running += 1; condition.unlock()
        }
        if threadCount == 0, let shortfall { throw shortfall }
    }

    /// Address space one worker takes at its peak, measured on pyramids of the built-in styles:
    /// its 8 MiB stack, the heap arenas glibc gives each new thread (64 MiB each, more than one
    /// when busy) and its renderer. Under an address-space limit (`ulimit -v`, some containers)
    /// more threads than fit would fail inside an allocation (Swift's or GLib's), which cannot be
    /// recovered from; so the pool starts only as many as fit beside what the process already
    /// maps, keeping 128 MiB spare.
    static var bytesPerThread: Int { 192 << 20 }
    static func affordableThreads() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return .max }
        return affordableThreads(addressSpaceLimit: Int(clamping: limit.rlim_cur), mapped: mappedBytes())
    }

    /// At least one: a pool that cannot start one thread reports why when it tries.
    static func affordableThreads(addressSpaceLimit: Int, mapped: Int) -> Int {
        max(1, (addressSpaceLimit - mapped - (128 << 20)) / bytesPerThread)
    }

    /// The process's current address-space size (`/proc/self/statm`'s first field, in pages).
    private static func mappedBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").first.flatMap({ Int($0) }) else { return 0 }
        return pages.multipliedReportingOverflow(by: Int(sysconf(Int32(_SC_PAGESIZE)))).partialValue
    }

    /// Queues a job; some thread runs it.
    public func submit(_ job: @escaping Job) {
        condition.lock()
        precondition(!closed, "submit after finish")
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// No more jobs: threads end once the queue is empty. `whenDone` runs on the last thread to
    /// end (so a caller needs no extra thread to learn that the work is over).
    public func finish(whenDone: (@Sendable () -> Void)? = nil) {
        condition.lock()
        closed = true
        self.whenDone = whenDone
        let alreadyDone = running == 0
        condition.broadcast()
        condition.unlock()
        if alreadyDone { whenDone?() }
    }

    /// Waits until `finish()` was called and every job has run.
    public func wait() {
        condition.lock()
        while !(closed && running == 0) { condition.wait() }
        condition.unlock()
    }

    private func threadEnded() {
        condition.lock()
        running -= 1
        let last = running == 0
        let done = last ? whenDone : nil
        condition.broadcast()
        condition.unlock()
        done?()
    }

    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count {
            if closed { return nil }
            condition.wait()
        }
        let job = jobs[head]
        jobs[head] = nil
        head += 1
        if head > 1024 && head * 2 > jobs.count {   // drop run jobs now and then
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}

/// The system would not start all the worker threads asked for.
public struct WorkerPoolError: Error, CustomStringConvertible, Sendable {
    public let requested: Int
    public let started: Int
    /// The `pthread_create` error code.
    public let code: Int32

    public var description: String {
        let reason = code == 0 ? "the process's address-space limit (ulimit -v) leaves room for \(started)"
            : code == EAGAIN ? "the system's thread or memory limit" : String(cString: strerror(code))
        return started == 0
            ? "could not start a worker thread (\(reason))"
            : "only \(started) of \(requested) worker threads could be started (\(reason)); working with \(started)"
    }
}
