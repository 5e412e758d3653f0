import Foundation
import MapsnapGeo
import MapsnapTiles
import Testing
import MapsnapTestSupport

/// `deploy/slurm-array.sh` on a real single-node Slurm (Debian's slurm-wlm and munge, started by
/// the rig in `../shared/bench/slurm` beside the repository), with mapsnap installed by
/// `scripts/install.sh` and found on PATH as on compute nodes: N=4 over Monaco z12–16 merges into
/// what one `mapsnap tiles` writes, tile for tile; 4 tasks of N=8 end in a refused merge, not a
/// short archive; a failing task cancels the merge instead of leaving it pending. Runs as root
/// only (it installs packages and starts daemons); skipped (`TestEnvironment.skip`) where it cannot run.
@Suite(.serialized, .tags(.slurm))
struct SlurmRecipeTests {
    static let bbox = "7.349,43.71,7.491,43.77"
    static let rig = CLIRunner.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/bench/slurm")
    /// The rig's own run folder and ports, apart from a rig someone runs by hand (6817/6818).
    static let rigEnvironment = ["SBENCH_RUN": "/var/tmp/mapsnap-slurm-test", "SBENCH_CTLD_PORT": "6927",
                                 "SBENCH_SLURMD_PORT": "6928", "SBENCH_START_TIMEOUT": "60"]

    /// Runs a program with a bound on its time (Slurm is an external system: its waits are bounded).
    func run(_ program: String, _ arguments: [String], seconds: Int, environment: [String: String] = [:]) throws -> CLIRunner.Result {
        try CLIRunner.run(["--kill-after=10", "\(seconds)", program] + arguments, environment: Self.rigEnvironment.merging(environment) { $1 },
                          executable: "/usr/bin/timeout")
    }

    @Test func theRecipeOnARealSlurmEqualsOneRun() throws {
        guard getuid() == 0 else { try TestEnvironment.skip("the Slurm test runs as root only (it installs slurm-wlm and starts slurmctld)") }
        guard FileManager.default.fileExists(atPath: Self.rig.appendingPathComponent("start.sh").path) else {
            try TestEnvironment.skip("no Slurm rig at \(Self.rig.path)")
        }
        let deps = try run(CLIRunner.repositoryRoot.appendingPathComponent("scripts/install-deps.sh").path,
                           ["slurm-wlm", "slurmctld", "slurmd", "slurm-client", "munge"], seconds: 600)
        guard deps.status == 0 else { try TestEnvironment.skip("cannot install Slurm (no network for apt?): \(deps.stderr)") }
        let setup = try run(Self.rig.appendingPathComponent("setup.sh").path, ["--no-install"], seconds: 60)
        #expect(setup.status == 0, "\(setup.stdout)\(setup.stderr)")
        // The daemons start.sh leaves running would inherit every descriptor it has: the pipes this
        // test reads to their end, and the one Foundation watches to see a child exit. Start it
        // with none of them (output to a file).
        let startLog = try CLIRunner.scratch().appendingPathComponent("start.log")
        let closeAll = #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec "$0" </dev/null >"$1" 2>&1"#
        let start = try run("/bin/bash", ["-c", closeAll, Self.rig.appendingPathComponent("start.sh").path, startLog.path], seconds: 120)
        defer { _ = try? run("/bin/sh", ["-c", "exec \"$0\" >/dev/null 2>&1", Self.rig.appendingPathComponent("stop.sh").path], seconds: 120) }
        guard start.status == 0 else {
            try TestEnvironment.skip("the Slurm cluster does not start: \((try? String(contentsOf: startLog, encoding: .utf8)) ?? "")")
        }

        // mapsnap as a compute node has it: installed, on PATH, no checkout needed.
        let scratch = try CLIRunner.scratch()
        let prefix = scratch.appendingPathComponent("prefix")
        let install = try run(CLIRunner.repositoryRoot.appendingPathComponent("scripts/install.sh").path,
                              ["--prefix", prefix.path, "--binary", CLIRunner.binary.path], seconds: 60)
        #expect(install.status == 0, "\(install.stderr)")
        let cluster = ["SLURM_CONF": "\(Self.rigEnvironment["SBENCH_RUN"]!)/etc/slurm.conf",
                       "PATH": "\(prefix.path)/bin:\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
                       "MAPSNAP_ZOOM": "12-16", "MAPSNAP_BBOX": Self.bbox,
                       "MAPSNAP_SBATCH_OPTS": "--cpus-per-task=1"]   // two tasks at once on a 2-core node
        let recipe = CLIRunner.repositoryRoot.appendingPathComponent("deploy/slurm-array.sh").path

        let four = scratch.appendingPathComponent("four")
        let ok = try run(recipe, ["--wait"], seconds: 600, environment: cluster.merging(["MAPSNAP_SHARDS": "4", "MAPSNAP_OUT": four.path]) { $1 })
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        let single = scratch.appendingPathComponent("single.mbtiles").path
        let one = try CLIRunner.run(["tiles", "--bbox", Self.bbox, "--zoom", "12-16", "-q", "-o", single])
        #expect(one.status == 0, "\(one.stderr)")
        let merged = try CLIRunner.tiles(four.appendingPathComponent("pyramid.mbtiles").path), whole = try CLIRunner.tiles(single)
        #expect(whole.count == 583)
        #expect(merged == whole, "\(merged.count) merged tiles against \(whole.count), \(merged.filter { whole[$0.key] != $0.value }.count) differ")

        // 4 of 8 shards: every task succeeds, and the merge refuses the set.
        let eight = scratch.appendingPathComponent("eight")
        let short = try run(recipe, ["--wait"], seconds: 600,
                            environment: cluster.merging(["MAPSNAP_SHARDS": "8", "MAPSNAP_ARRAY": "0-3", "MAPSNAP_OUT": eight.path]) { $1 })
        #expect(short.status == 2, "\(short.stdout)\(short.stderr)")
        let logs = eight.appendingPathComponent("logs")
        let mergeLog = try FileManager.default.contentsOfDirectory(atPath: logs.path).first { $0.hasPrefix("merge-") }
        let log = try mergeLog.map { try String(contentsOf: logs.appendingPathComponent($0), encoding: .utf8) } ?? ""
        #expect(log == "mapsnap: error: shards 4-7 of 8 are missing (given: 0-3): merge all 8 shards of the pyramid\n", "\(log)")
        #expect(!FileManager.default.fileExists(atPath: eight.appendingPathComponent("pyramid.mbtiles").path), "no short archive")

        // A failing task: the merge is cancelled (--kill-on-invalid-dep), not pending forever.
        let failing = try run(recipe, ["--wait"], seconds: 600,
                              environment: cluster.merging(["MAPSNAP_SHARDS": "2", "MAPSNAP_ZOOM": "12-99",
                                                            "MAPSNAP_OUT": scratch.appendingPathComponent("bad").path]) { $1 })
        #expect(failing.status == 1, "\(failing.stdout)\(failing.stderr)")
        #expect(failing.stderr.contains("ended CANCELLED (a task of job "), "\(failing.stderr)")
    }
}
