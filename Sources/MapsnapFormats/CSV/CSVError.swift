/// Why CSV text could not be split into records, and the 1-based line where it went wrong: for an
/// unterminated quote the line where the quoted field opens (its end is the end of the file).
/// Readers put their file name in front: `fixes.csv:3: malformed CSV: …`.
public struct CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// A field opens with `"` and the file ends before its closing `"`.
        case unterminatedQuote
        /// Something other than `,` or a line end follows a field's closing `"`.
        case textAfterClosingQuote
        /// A byte sequence that is not UTF-8.
        case notUTF8
    }

    public var line: Int
    public var problem: Problem

    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// The problem for people, without the line.
    public var reason: String {
        switch problem {
        case .unterminatedQuote: return "a quoted field is not closed (a \" is missing)"
        case .textAfterClosingQuote: return "text after the closing \" of a field (write a \" inside a quoted field as \"\")"
        case .notUTF8: return "not UTF-8 text"
        }
    }

    public var description: String { "line \(line): \(reason)" }
}
