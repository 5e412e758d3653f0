import Foundation
import Testing
import MapsnapTestSupport

/// `scripts/test.sh --fast` leaves out the suites of `Tests/full-tier-suites.txt` by name; each of
/// them carries its tier's tag, and no other suite does, so the list and the tags cannot drift.
@Suite struct TestTiersTests {
    static let tests = CLIRunner.repositoryRoot.appendingPathComponent("Tests")
    static let tierTags = ["conformance", "hostile", "browser", "slurm", "interop", "installation"]

    /// (suite, tag) from the list.
    static func listed() throws -> [(suite: String, tag: String)] {
        let text = try String(contentsOf: tests.appendingPathComponent("full-tier-suites.txt"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map {
            let words = $0.split(separator: " ").map(String.init)
            return (words[0], words.count > 1 ? words[1] : "")
        }
    }

    /// Every suite declaration in the test sources with the attribute above it: (name, attribute).
    static func suites() throws -> [(name: String, attribute: String)] {
        var out: [(String, String)] = []
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let pattern = try NSRegularExpression(pattern: #"@Suite(\([^)]*\)\)?|\([^)]*\))?\s*(?:final class|struct) (\w+)"#)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let attribute = Range(match.range(at: 1), in: text).map { String(text[$0]) } ?? ""
                out.append((String(text[Range(match.range(at: 2), in: text)!]), attribute))
            }
        }
        return out
    }

    @Test func everyListedSuiteCarriesItsTag() throws {
        let suites = try Self.suites()
        let listed = try Self.listed()
        #expect(listed.count >= 8)
        for (suite, tag) in listed {
            #expect(Self.tierTags.contains(tag), "\(suite): unknown tier tag \(tag)")
            let found = suites.filter { $0.name == suite }
            #expect(found.count == 1, "\(suite) is listed but not declared once as a @Suite")
            #expect(found.first?.attribute.contains(".tags(.\(tag))") == true, "\(suite) lacks .tags(.\(tag))")
        }
    }

    @Test func onlyListedSuitesCarryATierTag() throws {
        let listed = Set(try Self.listed().map(\.suite))
        for suite in try Self.suites() where Self.tierTags.contains(where: { suite.attribute.contains(".tags(.\($0))") }) {
            #expect(listed.contains(suite.name), "\(suite.name) carries a tier tag but is not in Tests/full-tier-suites.txt")
        }
    }
}
