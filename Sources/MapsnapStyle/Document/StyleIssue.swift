/// One problem in a style sheet, at a JSON path such as `layers[12].paint.line-width[3]`.
public struct StyleIssue: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message` (just the message for the document root).
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
