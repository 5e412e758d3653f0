/// What an entry point made of one input. libFuzzer ignores it (only a trap or a sanitizer report
/// is a finding); the replay test uses it to check that a harness does read what it is given.
public enum FuzzVerdict: Sendable, Equatable, CustomStringConvertible {
    /// Decoded without an error, and walked to the end.
    case accepted
    /// Refused with a typed error (the message the user would see), which is the right outcome
    /// for broken input.
    case rejected(String)

    public var description: String {
        switch self {
        case .accepted: return "accepted"
        case .rejected(let reason): return "rejected: \(reason)"
        }
    }

    /// Runs `body`, turning a thrown error into `.rejected` with its description.
    static func of(_ body: () throws -> Void) -> FuzzVerdict {
        do {
            try body()
            return .accepted
        } catch {
            return .rejected("\(error)")
        }
    }
}
