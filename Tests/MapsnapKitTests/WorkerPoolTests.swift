import Foundation
import Synchronization
import Testing
@testable import MapsnapKit

struct WorkerPoolTests {
    /// Every job runs once; each thread builds its state once and keeps it.
    @Test func everyJobRunsOnceWithItsThreadsState() {
        let made = Atomic<Int>(0)
        let done = Mutex<[Int]>([])
        let pool = WorkerPool<Int>(threads: 3) { made.add(1, ordering: .relaxed).newValue }
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
}
