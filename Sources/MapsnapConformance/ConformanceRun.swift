import Foundation
import MapsnapKit
import MapsnapStyle

/// A whole conformance run: the render tests of a `render/` folder (`tests/…`, `assets/`) and the
/// expression tests of an `expression/` folder (`tests/<family>/<name>/test.json`), judged as
/// upstream judges them and checked against the list of known failures.
///
/// It prints one line per render test (`PASS|FAIL|KNOWN id (difference %)`, `N/A id — reason`) and one per expression
/// test that does not pass, then the pass rate per category and overall, and writes `actual.png`
/// and `diff.png` of every render test that does not pass under `outputDirectory/<id>/`.
public struct ConformanceRun {
    public var renderDirectory: URL?
    public var expressionDirectory: URL?
    public var outputDirectory: URL
    public var knownFailures: KnownFailures
    /// Tests that cannot run outside a browser or need files the suite does not hold (the suite's
    /// README lists them): reported as `N/A`, never run, and left out of the pass rates.
    public var notApplicable: KnownFailures
    /// Only tests whose id contains this text.
    public var filter: String?

    public init(renderDirectory: URL?, expressionDirectory: URL?, outputDirectory: URL,
                knownFailures: KnownFailures = KnownFailures(), notApplicable: KnownFailures = KnownFailures(),
                filter: String? = nil) {
        self.renderDirectory = renderDirectory
        self.expressionDirectory = expressionDirectory
        self.outputDirectory = outputDirectory
        self.knownFailures = knownFailures
        self.notApplicable = notApplicable
        self.filter = filter
    }

    public enum Status: String, Sendable {
        case pass = "PASS", fail = "FAIL", known = "KNOWN", notApplicable = "N/A"
    }

    public struct Outcome: Sendable {
        public var id: String
        public var status: Status
        /// `(0.12%)` for render tests; empty for expression tests.
        public var difference: String
        /// Why it failed (or the known-failure reason).
        public var detail: String
        /// A test on the known-failure list.
        public var listed: Bool
        /// A render test with a pitched camera (the style's `pitch` or a `setPitch` operation).
        public var pitched = false

        /// `PASS line-cap/butt (0.00%)`, `FAIL … (3.10%) reason`, `KNOWN … (3.10%) reason`.
        public var line: String {
            ([status.rawValue, id] + (difference.isEmpty ? [] : [difference]) + (detail.isEmpty ? [] : ["— " + detail]))
                .joined(separator: " ")
        }
    }

    public struct Summary: Sendable {
        public var render: [Outcome] = []
        public var expression: [Outcome] = []
        /// Expression tests that passed only on the inputs a `Feature` can carry.
        public var expressionTestsWithSkippedInputs = 0

        /// Failures not on the known-failure list: these make the run fail.
        public var unexpectedFailures: [Outcome] { (render + expression).filter { $0.status == .fail } }
        /// Listed as known failures but passing now: the list should be updated.
        public var fixed: [Outcome] { (render + expression).filter { $0.status == .pass && $0.listed } }
    }

    /// Runs everything, reporting each line to `output` as it goes.
    public func run(output: (String) -> Void) throws(ConformanceError) -> Summary {
        var summary = Summary()
        if let renderDirectory {
            let tests = try RenderTestCase.discover(in: renderDirectory.appendingPathComponent("tests"))
                .filter { filter.map($0.id.contains) ?? true }
            let runner = RenderTestRunner(assets: renderDirectory.appendingPathComponent("assets"))
            for test in tests {
                if let reason = notApplicable.reason(test.id) {
                    let outcome = Outcome(id: test.id, status: .notApplicable, difference: "", detail: reason, listed: false)
                    summary.render.append(outcome)
                    output(outcome.line)
                    continue
                }
                var outcome = judge(runner.run(test))
                outcome.pitched = test.isPitched
                summary.render.append(outcome)
                output(outcome.line)
            }
        }
        if let expressionDirectory {
            let root = expressionDirectory.appendingPathComponent("tests").standardizedFileURL
            let files = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
                .filter { $0.lastPathComponent == "test.json" }
                .map { (file: $0, id: "expression/" + String($0.deletingLastPathComponent().standardizedFileURL.path.dropFirst(root.path.count).drop { $0 == "/" })) }
                .filter { entry in filter.map(entry.id.contains) ?? true }
                .sorted { $0.id < $1.id }
            for (file, id) in files {
                let result = ExpressionSpecTest.run(FileManager.default.contents(atPath: file.path) ?? Data())
                if result.passed && result.skippedInputs > 0 { summary.expressionTestsWithSkippedInputs += 1 }
                let outcome = outcome(id: id, passed: result.passed, difference: "", failure: result.reason)
                summary.expression.append(outcome)
                if outcome.status != .pass || outcome.listed { output(outcome.line) }
            }
        }
        for line in report(summary) { output(line) }
        return summary
    }

    private func outcome(id: String, passed: Bool, difference: String, failure: String) -> Outcome {
        let reason = knownFailures.reason(id)
        if passed {
            return Outcome(id: id, status: .pass, difference: difference, detail: reason == nil ? "" : "listed as a known failure, now passes",
                           listed: reason != nil)
        }
        if let reason {
            return Outcome(id: id, status: .known, difference: difference, detail: reason.isEmpty ? failure : reason, listed: true)
        }
        return Outcome(id: id, status: .fail, difference: difference, detail: failure, listed: false)
    }

    private func judge(_ result: RenderTestRunner.Result) -> Outcome {
        let difference = result.difference.map { String(format: "(%.2f%%)", $0 * 100) } ?? "(error)"
        var failure = result.error ?? ""
        if failure.isEmpty, let d = result.difference, !result.passed, let actual = result.actual {
            let pixels = Int((d * Double(actual.width * actual.height)).rounded())
            failure = "\(pixels) px differ, \(Int((result.allowed * Double(actual.width * actual.height)).rounded(.down))) allowed"
        }
        let outcome = outcome(id: result.id, passed: result.passed, difference: difference, failure: failure)
        if !result.passed { writeImages(result) }
        return outcome
    }

    private func writeImages(_ result: RenderTestRunner.Result) {
        let folder = outputDirectory.appendingPathComponent(result.id)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? result.actual?.writePNG(to: folder.appendingPathComponent("actual.png").path)
        try? result.diff?.writePNG(to: folder.appendingPathComponent("diff.png").path)
        // Why it could not be rendered, and what went wrong on the way: the known-failure list
        // shows its own reason, these files the run's.
        for (name, lines) in [("error.txt", result.error.map { [$0] } ?? []), ("warnings.txt", result.warnings)] {
            let file = folder.appendingPathComponent(name)
            if lines.isEmpty {
                try? FileManager.default.removeItem(at: file)  // an earlier run's, no longer true
            } else {
                try? (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            }
        }
    }

    /// The summary lines: pass rate per category, the background/fill/line/circle group, all
    /// render tests, the expression tests, then what needs attention.
    func report(_ summary: Summary) -> [String] {
        func rate(_ all: [Outcome]) -> String {
            let outcomes = all.filter { $0.status != .notApplicable }
            let passed = outcomes.filter { $0.status == .pass }.count
            return String(format: "%d/%d (%.1f%%)", passed, outcomes.count, outcomes.isEmpty ? 0 : 100 * Double(passed) / Double(outcomes.count))
        }
        var lines: [String] = [""]
        if !summary.render.isEmpty {
            lines.append("render tests by category:")
            let categories = Dictionary(grouping: summary.render) { String($0.id.split(separator: "/").first ?? "") }
            let width = categories.keys.map(\.count).max() ?? 0
            for category in categories.keys.sorted() {
                lines.append("  " + category.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + rate(categories[category]!))
            }
            let core = summary.render.filter { ["background", "fill", "line", "circle"].contains($0.id.split(separator: "-").first.map(String.init) ?? "") }
            lines.append("render tests, background/fill/line/circle: \(rate(core))")
            // The groups the fidelity targets name: by the category's first word, and pitched cameras.
            for group in ["icon", "symbol", "text"] {
                lines.append("render tests, \(group): \(rate(summary.render.filter { $0.id.split(separator: "-").first.map(String.init) == group }))")
            }
            lines.append("render tests, pitched: \(rate(summary.render.filter(\.pitched)))")
            let notApplicable = summary.render.filter { $0.status == .notApplicable }.count
            lines.append("render tests, all: \(rate(summary.render))"
                + (notApplicable > 0 ? "; \(notApplicable) not applicable outside a browser, not counted" : ""))
        }
        if !summary.expression.isEmpty {
            lines.append("expression tests: \(rate(summary.expression))"
                + (summary.expressionTestsWithSkippedInputs > 0
                   ? "; \(summary.expressionTestsWithSkippedInputs) of the passes skip inputs with null properties (a Feature reads null as absent)"
                   : ""))
        }
        if !summary.fixed.isEmpty {
            lines.append("known failures that now pass (remove them from the list): " + summary.fixed.map(\.id).joined(separator: ", "))
        }
        let unexpected = summary.unexpectedFailures
        lines.append(unexpected.isEmpty ? "no unexpected failures" : "\(unexpected.count) unexpected failure(s): " + unexpected.map(\.id).joined(separator: ", "))
        if summary.render.contains(where: { $0.status != .pass }) {
            lines.append("actual and diff images: \(outputDirectory.path)")
        }
        return lines
    }
}
