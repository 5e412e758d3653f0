import Foundation
import Testing
import MapsnapTestSupport
@testable import MapsnapConformance

/// MapLibre's own tests (`shared/conformance` beside the repository), when present: every test
/// that fails must be on `Tests/Conformance/known-failures.txt`. The same run as
/// `scripts/conformance.sh`, inside `swift test`.
@Suite(.tags(.conformance)) struct SharedConformanceTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared/conformance` beside the repository; never a machine's absolute path.
    static let shared: URL? = {
        let candidate = repository.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        return FileManager.default.fileExists(atPath: candidate.appendingPathComponent("render/tests").path) ? candidate : nil
    }()

    @Test func onlyKnownFailuresFail() throws {
        guard let shared = Self.shared else { try TestEnvironment.skip("../shared/conformance is not beside the repository") }
        let known = try KnownFailures(contentsOf: Self.repository.appendingPathComponent("Tests/Conformance/known-failures.txt"))
        let notApplicable = try KnownFailures(contentsOf: Self.repository.appendingPathComponent("Tests/Conformance/not-applicable.txt"))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-conformance-tests")
        let run = ConformanceRun(renderDirectory: shared.appendingPathComponent("render"),
                                 expressionDirectory: shared.appendingPathComponent("expression"),
                                 outputDirectory: out, knownFailures: known, notApplicable: notApplicable)
        var report: [String] = []
        let summary = try run.run { report.append($0) }
        print(report.joined(separator: "\n"))
        #expect(summary.render.count > 0 && summary.expression.count > 0)
        #expect(summary.unexpectedFailures.isEmpty, "not on the known-failure list: \(summary.unexpectedFailures.map(\.line).joined(separator: "\n"))")
        // Each known failure names a test that exists.
        let ids = Set((summary.render + summary.expression).map(\.id))
        #expect(known.reasons.keys.filter { !ids.contains($0) }.sorted() == [])
        #expect(notApplicable.reasons.keys.filter { !ids.contains($0) }.sorted() == [])
        #expect(Set(known.reasons.keys).isDisjoint(with: notApplicable.reasons.keys))
    }
}
