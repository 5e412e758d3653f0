/// A JSON text that does not follow RFC 8259: where (1-based line and column, the column counted
/// in Unicode scalars as an editor shows it) and what was expected there.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// What was wrong, e.g. `expected ',' or '}' after an object member, found ']'`.
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 2, column 14: expected …` (always one line).
    public var description: String { "line \(line), column \(column): \(message)" }
}
