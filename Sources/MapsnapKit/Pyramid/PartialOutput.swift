import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a copy builds its output until it is whole: `OUT.partial-PID` beside `OUT` (a file or a
/// folder; the PID keeps two runs apart), with, for a PMTiles, its writer's spool
/// `OUT.partial-PID.tmp-tiles` and temporary `.OUT.partial-PID.tmp-XXXXXX`. A run removes its own
/// on failure and on SIGTERM or SIGINT; what a run killed outright (SIGKILL, a power cut) left is
/// removed by the next copy to the same output, once its process is gone.
enum PartialOutput {
    static func path(for output: String, pid: Int32 = getpid()) -> String { output + ".partial-\(pid)" }

    /// Removes the partial outputs of `output` whose process no longer runs; returns their paths.
    static func removeStale(of output: String) -> [String] {
        let url = URL(fileURLWithPath: output)
        let folder = url.deletingLastPathComponent().path, base = url.lastPathComponent
        var removed: [String] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            guard let pid = owner(of: name, base: base), pid != getpid(), !isRunning(pid) else { continue }
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed
    }

    /// The PID in `name` when it is one of `base`'s partial outputs (see above); nil otherwise.
    static func owner(of name: String, base: String) -> Int32? {
        var rest = Substring(name)
        let hidden = rest.hasPrefix("." + base + ".partial-")
        guard hidden || rest.hasPrefix(base + ".partial-") else { return nil }
        rest = rest.dropFirst((hidden ? 1 : 0) + base.count + ".partial-".count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        rest = rest.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 9, let pid = Int32(digits), pid > 0 else { return nil }
        if hidden { return rest.hasPrefix(".tmp-") ? pid : nil }
        return rest.isEmpty || rest == ".tmp-tiles" ? pid : nil
    }

    /// Whether a process `pid` exists (one of another user's counts: it may still be writing).
    private static func isRunning(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }
}
