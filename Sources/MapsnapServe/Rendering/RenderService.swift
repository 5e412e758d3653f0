import Foundation
import MapsnapKit
import Synchronization

/// The render workers and their bounded queue. Every render runs on one `WorkerPool` thread with
/// its own `ServeWorker`; HTTP threads only submit. At most `queueLimit` renders are admitted at
/// once (running or waiting); `admit()` refuses one more, which the route answers 503.
final class RenderService: @unchecked Sendable {
    let queueLimit: Int
    let workerCount: Int
    private let pool: WorkerPool<ServeWorker>
    private let admitted = Atomic<Int>(0)
    private let running = Atomic<Int>(0)
    private let warm = DispatchGroup()
    private let gate: RenderGate?

    /// Starts `workers` threads; each loads `styles` before its first job.
    /// Fewer threads than asked when the system refuses some (`shortfall` says why); throws when
    /// it refuses all.
    init(workers: Int, queueLimit: Int, styles: [StyleSelection], encoding: ImageEncoding, gate: RenderGate?) throws(WorkerPoolError) {
        self.queueLimit = queueLimit
        self.gate = gate
        let warm = self.warm
        let asked = max(1, workers)
        for _ in 0..<asked { warm.enter() }
        do {
            pool = try WorkerPool(threads: asked) {
                let worker = ServeWorker(styles: styles, encoding: encoding)
                warm.leave()
                return worker
            }
        } catch {
            for _ in 0..<asked { warm.leave() }
            throw error
        }
        workerCount = pool.threadCount
        shortfall = pool.shortfall
        for _ in pool.threadCount..<asked { warm.leave() }   // threads that never started
    }

    /// Why fewer workers run than were asked for (nil when all started).
    let shortfall: WorkerPoolError?

    /// Waits until every worker has loaded the styles.
    func waitUntilWarm() { warm.wait() }

    /// Renders admitted and not finished (the queue depth plus those running).
    var admittedCount: Int { admitted.load(ordering: .relaxed) }
    /// Renders running now.
    var runningCount: Int { running.load(ordering: .relaxed) }

    /// Takes a place in the queue; false when it is full.
    func admit() -> Bool {
        while true {
            let n = admitted.load(ordering: .relaxed)
            guard n < queueLimit else { return false }
            if admitted.compareExchange(expected: n, desired: n + 1, ordering: .acquiringAndReleasing).exchanged { return true }
        }
    }

    /// Workers with nothing to do now (none of the admitted renders is theirs).
    var idleWorkers: Int { max(0, workerCount - admitted.load(ordering: .relaxed)) }

    /// Runs `job` on a worker as a helper of a render already running (encoding its tiles): not
    /// admitted, not counted as a render, never held by the test gate. It should end as soon as
    /// there is nothing left to help with, as a worker that gets it late finds nothing.
    func help(_ job: @escaping @Sendable (ServeWorker) -> Void) {
        pool.submit { worker in job(worker) }
    }

    /// Runs an admitted render on a worker; its place is given back when it ends.
    func run(_ job: @escaping @Sendable (ServeWorker) -> Void) {
        pool.submit { [self] worker in
            gate?.wait()
            running.add(1, ordering: .relaxed)
            job(worker)
            running.subtract(1, ordering: .relaxed)
            admitted.subtract(1, ordering: .relaxed)
        }
    }
}

/// Tests only (`InjectedFaults.holdRenders`, `.holdReady`): renders
/// (or readiness) wait until SIGUSR1 opens the gate, so a test can see requests queued and in
/// flight, or the server starting, without depending on how fast anything is.
final class RenderGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var open = false

    func wait() {
        condition.lock()
        while !open { condition.wait() }
        condition.unlock()
    }

    func openGate() {
        condition.lock()
        open = true
        condition.broadcast()
        condition.unlock()
    }
}
