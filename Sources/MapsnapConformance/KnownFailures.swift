import Foundation

/// The committed list of tests expected to fail, each with its reason: one test per line,
/// `category/name  reason` (the id, white space, free text); `#` at the start of a line or after
/// white space starts a comment (ids such as `regressions/mapbox-gl-js#2305` hold one), blank
/// lines are ignored. Expression tests are listed as `expression/<family>/<name>`.
public struct KnownFailures: Sendable, Equatable {
    /// Test id → reason.
    public private(set) var reasons: [String: String] = [:]

    public init(reasons: [String: String] = [:]) {
        self.reasons = reasons
    }

    public init(parsing text: String) {
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = Self.withoutComment(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let id = trimmed.prefix { !$0.isWhitespace }
            let reason = trimmed.dropFirst(id.count).trimmingCharacters(in: .whitespaces)
            reasons[String(id)] = reason
        }
    }

    /// The line up to a `#` that begins it or follows white space.
    private static func withoutComment(_ line: Substring) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#" && previous.isWhitespace { return line[..<index] }
            previous = line[index]
        }
        return line
    }

    public init(contentsOf file: URL) throws(ConformanceError) {
        guard let data = FileManager.default.contents(atPath: file.path) else { throw .unreadable(file.path) }
        self.init(parsing: String(decoding: data, as: UTF8.self))
    }

    public func contains(_ id: String) -> Bool { reasons[id] != nil }
    public func reason(_ id: String) -> String? { reasons[id] }
}
