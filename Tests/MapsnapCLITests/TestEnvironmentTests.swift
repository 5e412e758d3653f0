import Foundation
import Testing
import MapsnapTestSupport

/// The skip mechanism (`TestEnvironment.skip`): a test that cannot run is listed as skipped, or
/// fails under MAPSNAP_REQUIRE_ALL=1; and no test skips another way.
@Suite(.serialized)
struct TestEnvironmentTests {
    /// A test that skips for a reason given from outside: the PMTiles reference with an
    /// interpreter that does not exist.
    static let skipping = "PMTilesInteropTests/pythonReadsEveryTileMapsnapWrites"

    /// Runs that one test in a test process of its own (this bundle, run again) with `environment`.
    static func runSkippingTest(_ environment: [String: String]) throws -> CLIRunner.Result {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).path
        var env = ["MAPSNAP_PYTHON": "/nonexistent/python3"].merging(environment) { $1 }
        for inherited in ["MAPSNAP_REQUIRE_ALL", "MAPSNAP_SKIP_LOG"] where env[inherited] == nil { env[inherited] = "" }
        return try CLIRunner.run(["--testing-library", "swift-testing", "--filter", skipping], environment: env, executable: bundle)
    }

    @Test func aSkipIsLoggedWithItsReasonAndIsNoFailure() throws {
        let log = try CLIRunner.scratch().appendingPathComponent("skips.txt")
        let r = try Self.runSkippingTest(["MAPSNAP_SKIP_LOG": log.path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("MapsnapTilesTests/PMTilesInteropTests.swift:") == true, "\(lines)")
        #expect(lines.first?.hasSuffix("pythonReadsEveryTileMapsnapWrites(): /nonexistent/python3 cannot import pmtiles (scripts/test.sh installs it in .build/browser-venv)") == true, "\(lines)")
        #expect(r.stderr.contains("was cancelled"), "swift-testing reports it as not run: \(r.stderr)")
    }

    @Test func underRequireAllASkipFailsNamingWhy() throws {
        let log = try CLIRunner.scratch().appendingPathComponent("skips.txt")
        let r = try Self.runSkippingTest(["MAPSNAP_REQUIRE_ALL": "1", "MAPSNAP_SKIP_LOG": log.path])
        #expect(r.status != 0, "\(r.stderr)")
        #expect(r.stderr.contains("cannot run here, and MAPSNAP_REQUIRE_ALL=1 makes that a failure: /nonexistent/python3 cannot import pmtiles"),
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: log.path), "a failure is not listed as a skip")
    }

    /// Skips written another way than `TestEnvironment.skip` pass silently, or happen before the
    /// test starts, where MAPSNAP_REQUIRE_ALL=1 cannot make them failures.
    @Test func noTestSkipsAnotherWay() throws {
        let tests = CLIRunner.repositoryRoot.appendingPathComponent("Tests")
        let patterns = [#"\.enabled\(if:"#, #"\.disabled\("#, #"XCTSkip"#, #"print\("[^"]*skipped[:,]"#].map { try! Regex($0) }
        var found: [String] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: tests.path).sorted() where file.hasSuffix(".swift") {
            // The mechanism itself, and this test.
            guard !["MapsnapTestSupport/TestEnvironment.swift", "MapsnapCLITests/TestEnvironmentTests.swift"].contains(file) else { continue }
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where patterns.contains(where: { line.contains($0) }) {
                found.append("Tests/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "skip through TestEnvironment.skip instead:\n\(found.joined(separator: "\n"))")
    }

    /// The shipped code reads no test switch from the environment: tests inject faults with the
    /// command line's hidden `--inject-fault` (`InjectedFaults`).
    @Test func noSourceReadsATestVariable() throws {
        let sources = CLIRunner.repositoryRoot.appendingPathComponent("Sources")
        var found: [String] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: sources.path).sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("environment[") && line.contains("TEST") {
                found.append("Sources/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "inject test faults through InjectedFaults instead:\n\(found.joined(separator: "\n"))")
    }
}
