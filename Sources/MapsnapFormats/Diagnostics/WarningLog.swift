import Synchronization

/// The one way anything in mapsnap warns: what a run met and went on without (a corrupt tile, an
/// icon the sprite lacks, a track with no points, a style property not drawn). It lives in the
/// lowest module so that every producer, from the track reader to the pyramid, can take one, and
/// every front end (the CLI's commands, the server, the conformance runner) makes one and
/// decides what its messages become: lines on stderr (`sink`), a batch row, a file.
///
/// Each message is kept once, in the order it was first said, and reaches the sink once: a
/// corrupt tile read by ten layers, or under four metatiles, is named once. Safe to share between
/// threads: a pyramid's workers and a frame's label thread warn into the same log.
public final class WarningLog: Sendable {
    private let state = Mutex<(messages: [String], seen: Set<String>)>(([], []))
    private let sink: (@Sendable (String) -> Void)?

    /// `sink` hears each new message as it is said (nil: the messages are only kept).
    public init(sink: (@Sendable (String) -> Void)? = nil) { self.sink = sink }

    /// Every message said so far, each once, in the order first said.
    public var messages: [String] { state.withLock { $0.messages } }

    public func warn(_ message: String) {
        let isNew = state.withLock { s in
            guard s.seen.insert(message).inserted else { return false }
            s.messages.append(message)
            return true
        }
        // Outside the lock: a sink may write to a terminal or warn into another log.
        if isNew { sink?(message) }
    }
}
