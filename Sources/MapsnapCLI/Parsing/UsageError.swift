/// A bad command line: the option (as the user typed it, or the flag of the request field at
/// fault) and the problem. Exit code 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Empty for a problem that is not about one option (a file given as an argument names itself).
    public let option: String
    public let message: String

    public init(option: String, message: String) {
        self.option = option
        self.message = message
    }

    public var description: String { option.isEmpty ? message : "\(option): \(message)" }
}
