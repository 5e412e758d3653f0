import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The one way a test says it cannot run on this machine (no `../shared`, a program or font not
/// installed, not root, no Slurm), so that a test that did not run is never counted as passed:
///
/// - by default the test ends as skipped (cancelled), its reason printed and appended as a line
///   to `$MAPSNAP_SKIP_LOG`, which `scripts/test.sh` lists in its closing summary;
/// - with `MAPSNAP_REQUIRE_ALL=1` (`scripts/test.sh` in CI, which installs and starts everything
///   the tests need) the test fails instead, naming what was missing.
///
/// Call it inside the test, not as an `.enabled(if:)` trait: a trait skips before the test
/// starts, where nothing can turn the skip into a failure.
public enum TestEnvironment {
    public static let requireAll = ProcessInfo.processInfo.environment["MAPSNAP_REQUIRE_ALL"] == "1"

    /// Ends the running test (or the running case of a parameterized test) because `reason`.
    public static func skip(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Never {
        let test = "\(sourceLocation.fileID):\(sourceLocation.line) \(Test.current?.name ?? "?")"
        if requireAll {
            Issue.record("cannot run here, and MAPSNAP_REQUIRE_ALL=1 makes that a failure: \(reason)", sourceLocation: sourceLocation)
        } else {
            print("skipped: \(test): \(reason)")
            log("\(test): \(reason)")
        }
        #if compiler(>=6.3)
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
        #else
        // Swift Testing before 6.3 cannot end a test as skipped: it fails, naming why.
        throw CannotRun(reason: reason)
        #endif
    }

    struct CannotRun: Error, CustomStringConvertible {
        let reason: String
        var description: String { "cannot run here (a skip needs Swift 6.3's Test.cancel): \(reason)" }
    }

    /// One line appended with a single write, so that tests running at once never mix theirs.
    static func log(_ line: String) {
        guard let path = ProcessInfo.processInfo.environment["MAPSNAP_SKIP_LOG"], !path.isEmpty else { return }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
