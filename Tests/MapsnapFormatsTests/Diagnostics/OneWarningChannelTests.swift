import Foundation
import Testing
import MapsnapTestSupport

/// Warnings have one channel, `WarningLog` (MapsnapFormats): a producer takes a log, a front end
/// makes one. No module declares a log of its own, keeps an `onWarning` or `warn:` closure, or
/// passes warnings around as lines, except the values listed here, which are read from a log.
@Suite struct OneWarningChannelTests {
    /// Warning lines kept on purpose as values, each filled from a `WarningLog`: a snapshotter's
    /// load warnings (loaded once, said when the front end is ready to) and a conformance test's
    /// (written beside its images).
    static let valuesReadFromALog = ["MapsnapKit/Snapshot/Snapshotter.swift", "MapsnapConformance/RenderTestRunner.swift"]

    @Test func noSourceKeepsAWarningChannelOfItsOwn() throws {
        let rules: [(pattern: Regex<AnyRegexOutput>, what: String, allowedIn: [String])] = [
            (try Regex(#"\b(class|struct|enum|actor|protocol)\s+\w*Warning\w*Log\b"#), "a warning log type", ["MapsnapFormats/Diagnostics/WarningLog.swift"]),
            (try Regex(#"\bonWarning\b"#), "an onWarning closure", []),
            (try Regex(#"\bwarn\w*\s*:\s*(@escaping\s+)?(@Sendable\s+)?\(String\)\s*->\s*Void"#), "a warn closure", []),
            (try Regex(#"(?i)warnings\s*:\s*(inout\s+)?\[String\]"#), "warnings as lines", Self.valuesReadFromALog),
        ]
        let sources = BuiltBinary.repositoryRoot.appendingPathComponent("Sources")
        var found: [String] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: sources.path).sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for rule in rules where !rule.allowedIn.contains(file) && line.contains(rule.pattern) {
                    found.append("Sources/\(file):\(number + 1): \(rule.what): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "take a WarningLog instead:\n\(found.joined(separator: "\n"))")
    }
}
