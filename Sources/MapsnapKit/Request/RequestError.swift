/// A request that cannot be rendered: which field and why. Front ends word field names
/// themselves (`--meters: …` on the command line, `meters: …` in a batch report, the query
/// parameter over HTTP) through `message(naming:)`; the reason never names a flag itself, it
/// refers to other fields as `FieldPath`s that the same function words.
public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A piece of the reason: words, or a reference to a field (worded by the front end).
    public enum Segment: Sendable, Equatable {
        case text(String)
        case field(FieldPath)
    }

    public var field: FieldPath
    /// What is wrong, in words that fit after the field's name: `must be between 1 and 4, got 5`.
    public var reason: [Segment]
    /// The value is well formed but asks for more than a limit allows (an image too large for any
    /// image or for its format): the server answers 413 rather than 400.
    public var exceedsLimit = false

    public init(_ field: FieldPath, _ message: String) {
        self.field = field
        reason = [.text(message)]
    }

    public init(_ field: String, _ message: String) { self.init(FieldPath(field), message) }

    public init(_ field: FieldPath, segments: [Segment]) {
        self.field = field
        reason = segments
    }

    /// A value over a size limit (`exceedsLimit`).
    public static func tooLarge(_ field: String, _ message: String) -> RequestError {
        var e = RequestError(field, message)
        e.exceedsLimit = true
        return e
    }

    /// Two fields that exclude each other were both given: "give either A or B, not both".
    public init(conflictBetween first: FieldPath, and second: FieldPath, at field: FieldPath) {
        self.init(field, segments: [.text("give either "), .field(first), .text(" or "), .field(second), .text(", not both")])
    }

    /// `<field>: <reason>`, every field path worded by `name`.
    public func message(naming name: (FieldPath) -> String) -> String {
        "\(name(field)): \(reasonText(naming: name))"
    }

    /// The reason alone, field paths inside it worded by `name`.
    public func reasonText(naming name: (FieldPath) -> String) -> String {
        reason.map { segment in
            switch segment {
            case .text(let t): return t
            case .field(let f): return name(f)
            }
        }.joined()
    }

    /// With the request's own field names, as a batch report or a library caller reads them.
    public var description: String { message(naming: \.description) }

    /// The same problem found inside a field of another: `markers[2]` + `lat` → `markers[2].lat`.
    public func nested(under parent: FieldPath) -> RequestError {
        var e = self
        e.field = FieldPath(components: parent.components + field.components)
        return e
    }
}
