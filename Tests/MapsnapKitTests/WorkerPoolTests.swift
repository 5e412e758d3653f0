import Foundation
import Synchronization
import Testing
@testable import MapsnapKit

struct WorkerPoolTests {
    /// Every job runs once; each thread builds its state once and keeps it.
    @Test func everyJobRunsOnceWithItsThreadsState() throws {
        let made = Atomic<Int>(0)
        let done = Mutex<[Int]>([])
        let pool = try WorkerPool<Int>(threads: 3) { made.add(1, ordering: .relaxed).newValue }
        for i in 0..<200 {
            pool.submit { state in
                precondition((1...3).contains(state))
                done.withLock { $0.append(i) }
            }
        }
        pool.finish()
        pool.wait()
        #expect(done.withLock { $0.sorted() } == Array(0..<200))
        #expect(made.load(ordering: .relaxed) == 3)
    }

    /// What a job captured is freed once it has run, not kept by the queue (the server's helper
    /// jobs capture a drawn metatile of 16 MB).
    @Test func aJobThatRanIsNotKept() throws {
        final class Flag: Sendable { let value = Atomic<Bool>(false) }
        final class Payload: Sendable {
            let freed: Flag
            init(_ freed: Flag) { self.freed = freed }
            deinit { freed.value.store(true, ordering: .sequentiallyConsistent) }
        }
        let freed = Flag(), seenFreed = Flag()
        let pool = try WorkerPool<Void>(threads: 1) { () }
        do {
            let payload = Payload(freed)
            pool.submit { _ in _ = payload }
        }
        // The only thread runs the jobs in order: the second one runs after the first has ended.
        pool.submit { _ in seenFreed.value.store(freed.value.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent) }
        pool.finish()
        pool.wait()
        let wasFreed = seenFreed.value.load(ordering: .sequentiallyConsistent)
        #expect(wasFreed)
    }

    /// `whenDone` runs once, after every job, on the last thread to end.
    @Test func whenDoneRunsAfterEveryJob() throws {
        let ran = Atomic<Int>(0)
        let seenWhenDone = Mutex<[Int]>([])
        let finished = DispatchSemaphore(value: 0)
        let pool = try WorkerPool<Void>(threads: 4) { () }
        for _ in 0..<100 { pool.submit { _ in ran.add(1, ordering: .relaxed) } }
        pool.finish(whenDone: {
            seenWhenDone.withLock { $0.append(ran.load(ordering: .relaxed)) }
            finished.signal()
        })
        finished.wait()
        pool.wait()
        #expect(seenWhenDone.withLock { $0 } == [100])
    }

    /// Under an address-space limit only the threads that fit beside what is mapped are started.
    @Test func threadsThatFitUnderAnAddressSpaceLimit() {
        let perThread = WorkerPool<Void>.bytesPerThread
        #expect(WorkerPool<Void>.affordableThreads(addressSpaceLimit: 1 << 30, mapped: 450 << 20) == 2)
        #expect(WorkerPool<Void>.affordableThreads(addressSpaceLimit: (128 << 20) + 5 * perThread, mapped: 0) == 5)
        #expect(WorkerPool<Void>.affordableThreads(addressSpaceLimit: 100 << 20, mapped: 200 << 20) == 1)
        #expect(WorkerPoolError(requested: 64, started: 2, code: 0).description
                == "only 2 of 64 worker threads could be started (the process's address-space limit (ulimit -v) leaves room for 2); working with 2")
    }
}
