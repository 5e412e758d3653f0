import Foundation
import Synchronization

/// An answer that will exist later: fulfilled once, by a worker, by the render time limit (504),
/// or at shutdown, whichever comes first; the HTTP layer attaches its delivery when it has
/// suspended the connection. Either may come first: an answer that arrives before the delivery
/// waits for it.
final class ResponsePromise: Sendable {
    private enum State {
        case waiting
        case attached(@Sendable (HTTPResponse) -> Void)
        case fulfilled(HTTPResponse)
        case done
    }

    private let state = Mutex<State>(.waiting)

    /// Sets the answer; false when it was already set (a later answer is dropped).
    @discardableResult
    func fulfill(_ response: HTTPResponse) -> Bool {
        let (won, deliver): (Bool, (@Sendable (HTTPResponse) -> Void)?) = state.withLock { s in
            switch s {
            case .waiting: s = .fulfilled(response); return (true, nil)
            case .attached(let d): s = .done; return (true, d)
            case .fulfilled, .done: return (false, nil)
            }
        }
        deliver?(response)
        return won
    }

    /// True once an answer was set (a worker can skip a static image nobody waits for any more).
    var isFulfilled: Bool {
        state.withLock { if case .waiting = $0 { return false }; if case .attached = $0 { return false }; return true }
    }

    /// Where the answer goes; called once.
    func attach(_ deliver: @escaping @Sendable (HTTPResponse) -> Void) {
        let ready: HTTPResponse? = state.withLock { s in
            switch s {
            case .waiting: s = .attached(deliver); return nil
            case .fulfilled(let r): s = .done; return r
            case .attached, .done: return nil
            }
        }
        if let ready { deliver(ready) }
    }

    /// Answers 504 unless an answer came within `seconds`.
    func expire(after seconds: Double, message: String) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            fulfill(HTTPError(504, message).response)
        }
    }

    /// The reply that delivers this promise's answer.
    var reply: Reply { .later { deliver in self.attach(deliver) } }
}
