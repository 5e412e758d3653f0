import Foundation
import Synchronization
import Testing
import MapsnapFormats

@Suite struct WarningLogTests {
    /// What the sink heard, in order (the sink may be called from any thread).
    final class Heard: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func eachMessageIsKeptOnceInTheOrderFirstSaid() {
        let heard = Heard()
        let log = WarningLog(sink: heard.add)
        for message in ["b", "a", "b", "c", "a", "b"] { log.warn(message) }
        #expect(log.messages == ["b", "a", "c"])
        #expect(heard.all == ["b", "a", "c"], "the sink hears a message once, when it is new")
    }

    @Test func withoutASinkTheMessagesAreStillKept() {
        let log = WarningLog()
        #expect(log.messages.isEmpty)
        log.warn("x")
        log.warn("x")
        #expect(log.messages == ["x"])
    }

    /// Threads that say overlapping messages at once: every message is kept once and heard once,
    /// and each thread's own messages keep the order that thread said them in.
    @Test func manyThreadsShareOneLog() {
        let heard = Heard()
        let log = WarningLog(sink: heard.add)
        let threads = 8, perThread = 500
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            // Half of each thread's messages are also said by every other thread.
            for i in 0..<perThread { log.warn(i.isMultiple(of: 2) ? "shared \(i)" : "thread \(t) message \(i)") }
        }
        let messages = log.messages
        let expected = Set((0..<perThread).filter { $0.isMultiple(of: 2) }.map { "shared \($0)" })
            .union((0..<threads).flatMap { t in (0..<perThread).filter { !$0.isMultiple(of: 2) }.map { "thread \(t) message \($0)" } })
        #expect(messages.count == expected.count && Set(messages) == expected)
        #expect(heard.all.count == expected.count && Set(heard.all) == expected)
        for t in 0..<threads {
            let own = messages.filter { $0.hasPrefix("thread \(t) ") }
            #expect(own == (0..<perThread).filter { !$0.isMultiple(of: 2) }.map { "thread \(t) message \($0)" })
        }
    }
}
