import Foundation

/// Faults the end-to-end tests make happen on purpose, to see a whole failure path (a Cairo
/// error to an exit code, a crashed batch worker, an interrupted copy, a server kept busy).
/// Nothing reads them from the environment: the command line sets them, once at start, from its
/// hidden `--inject-fault NAME[=VALUE]` words, which only the tests pass (`parse(arguments:)`);
/// a program that never sets them gets none.
public struct InjectedFaults: Sendable, Equatable {
    /// The drawing check named so (`layer 'water'`, `overlay markers`) first puts its Cairo
    /// context in a real error state, as a failed operation would (`break-drawing-at=WHAT`).
    public var breakDrawingAt: String?
    /// A batch item with this id ends its process with a trap (`crash-item=ID`).
    public var crashItem: String?
    /// A tile copy sends its process SIGTERM once this many tiles are written (`signal-after-tiles=N`).
    public var signalAfterTiles: Int?
    /// `mapsnap tiles` kills its process (SIGKILL) once this many tiles are done (`kill-after-tiles=N`).
    public var killAfterTiles: Int?
    /// `mapsnap serve`'s renders wait for SIGUSR1 (`hold-renders`).
    public var holdRenders = false
    /// `mapsnap serve` says it is ready only after SIGUSR1 (`hold-ready`).
    public var holdReady = false

    public init() {}

    /// The hidden option's name.
    public static let option = "--inject-fault"

    // Set once, at start, before any other thread runs; read from any thread. A lock rather than
    // Synchronization.Mutex: with Mutex, Swift 6.3's release build read a set killAfterTiles in a
    // process that never set it, and `mapsnap tiles` killed itself after its first tile.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var state = InjectedFaults()
    nonisolated(unsafe) private static var words: [String] = []

    /// The faults in force in this process (none unless `take(from:)` found some).
    public static var current: InjectedFaults { lock.withLock { state } }

    /// The words that set them, for a worker process started with the same faults.
    public static var arguments: [String] { lock.withLock { words } }

    /// Takes `--inject-fault NAME[=VALUE]` pairs out of `arguments` (before `--`) and puts the
    /// faults in force; returns the other arguments. An unknown name or a bad value is an error.
    public static func take(from arguments: [String]) throws(InjectedFaultError) -> [String] {
        var rest: [String] = [], taken: [String] = []
        var faults = current
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            if word == "--" { rest += arguments[i...]; break }
            guard word == option else { rest.append(word); i += 1; continue }
            guard i + 1 < arguments.count else { throw InjectedFaultError(text: "") }
            let text = arguments[i + 1]
            try faults.apply(text)
            taken += [option, text]
            i += 2
        }
        if !taken.isEmpty {
            lock.withLock {
                state = faults
                words += taken
            }
        }
        return rest
    }

    /// One `NAME[=VALUE]`.
    public mutating func apply(_ text: String) throws(InjectedFaultError) {
        let name = text.prefix { $0 != "=" }
        let value = text.contains("=") ? String(text[text.index(after: text.firstIndex(of: "=")!)...]) : nil
        switch (name, value) {
        case ("break-drawing-at", let v?): breakDrawingAt = v
        case ("crash-item", let v?): crashItem = v
        case ("signal-after-tiles", let v?): guard let n = Int(v) else { throw InjectedFaultError(text: text) }; signalAfterTiles = n
        case ("kill-after-tiles", let v?): guard let n = Int(v) else { throw InjectedFaultError(text: text) }; killAfterTiles = n
        case ("hold-renders", nil): holdRenders = true
        case ("hold-ready", nil): holdReady = true
        default: throw InjectedFaultError(text: text)
        }
    }
}

/// A `--inject-fault` word that names no fault.
public struct InjectedFaultError: Error, Equatable, Sendable, CustomStringConvertible {
    public let text: String
    public var description: String {
        "--inject-fault: '\(text)' is not break-drawing-at=WHAT, crash-item=ID, signal-after-tiles=N, kill-after-tiles=N, hold-renders or hold-ready"
    }
}
