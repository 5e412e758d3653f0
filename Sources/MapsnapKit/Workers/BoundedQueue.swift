import Foundation

/// A bounded first-in-first-out queue between threads: producers wait while it is full, so
/// memory stays flat however many tiles a pyramid has.
final class BoundedQueue<Element>: @unchecked Sendable {
    private var items: [Element] = []
    private let capacity: Int
    private let condition = NSCondition()
    private var producersLeft: Int

    init(capacity: Int, producers: Int) {
        self.capacity = capacity
        producersLeft = producers
    }

    func push(_ item: Element) {
        condition.lock()
        while items.count >= capacity { condition.wait() }
        items.append(item)
        condition.broadcast()
        condition.unlock()
    }

    /// A producer is done; when all are, `pop` returns nil once the queue is empty.
    func producerFinished() {
        condition.lock()
        producersLeft -= 1
        condition.broadcast()
        condition.unlock()
    }

    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty {
            if producersLeft == 0 { return nil }
            condition.wait()
        }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }
}
