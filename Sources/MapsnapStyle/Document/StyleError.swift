/// Why a style sheet could not be loaded. Errors in the content are all collected, not just the
/// first.
public enum StyleError: Error, CustomStringConvertible, Equatable {
    case unreadable(file: String, reason: String)
    case invalidJSON(file: String, reason: String)
    case invalid(file: String, issues: [StyleIssue])

    /// One line naming the file and the first problem, e.g.
    /// `styles/x.json: layers[12].paint.line-width: expected a number, got "wide" (and 2 more)`.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot read the style: \(reason)"
        case .invalidJSON(let file, let reason):
            return "\(file): not valid JSON: \(reason)"
        case .invalid(let file, let issues):
            guard let first = issues.first else { return "\(file): invalid style" }
            let more = issues.count > 1 ? " (and \(issues.count - 1) more)" : ""
            return "\(file): \(first)\(more)"
        }
    }
}
