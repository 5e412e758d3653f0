import Foundation
import MapsnapTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `mapsnap` binary as `Tests/MapsnapCLITests/CLIRunner.swift` does, but for
/// hostile input: under an address-space limit (`prlimit --as`), with a wall-clock safety bound
/// that kills a hung run, and with stdout and stderr going to files (a run that prints gigabytes
/// must not fill the test's memory; only the first MiB is read back).
enum HostileRunner {
    struct Outcome {
        var status: Int32
        /// Killed by a signal (a crash, or the safety bound's SIGKILL).
        var signaled: Bool
        var timedOut: Bool
        /// Killed early because a thread sat blocked opening a FIFO for 2 s (a certain hang).
        var blockedOnFIFO: Bool
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    static var repositoryRoot: URL { BuiltBinary.repositoryRoot }
    static var binary: URL { BuiltBinary.mapsnap }

    /// Runs `mapsnap ARGUMENTS` in `directory`; `logs` receives stdout.txt and stderr.txt.
    ///
    /// Spawned with posix_spawn in a process group of its own and reaped with waitpid, not with
    /// Foundation's `Process`: a crashing mapsnap starts `swift-backtrace`, which inherits
    /// `Process`'s termination socket and can outlive it, so `Process` may never report the exit.
    /// At the bound, and after every run, the whole group is killed (no stray backtracer survives).
    static func run(_ arguments: [String], in directory: URL, logs: URL, environment: [String: String] = [:],
                    memoryLimit: Int, timeout: Double) throws -> Outcome {
        let outURL = logs.appendingPathComponent("stdout.txt"), errURL = logs.appendingPathComponent("stderr.txt")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // env -C sets the working folder (posix_spawn_file_actions_addchdir_np is not imported); env
        // and prlimit each exec the next, so the pid is mapsnap's.
        let argv = ["/usr/bin/env", "-C", directory.path, "/usr/bin/prlimit", "--as=\(memoryLimit)", "--", binary.path] + arguments
        var env = ProcessInfo.processInfo.environment
        // A crash still dies by its signal and prints the runtime's "Fatal error" line; without the
        // backtracer it does so at once (symbolicating takes seconds, and a backtracer under the
        // memory limit can outlive the run).
        env["SWIFT_BACKTRACE"] = "enable=no"
        env.merge(environment) { $1 }
        let cArgv = argv.map { strdup($0) } + [nil], cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgv + cEnv).forEach { free($0) } }

        let start = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArgv, cEnv)
        guard spawned == 0 else { throw FixtureError("posix_spawn \(argv[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var timedOut = false, blockedOnFIFO = false
        var blockedSince: Date?
        var polls = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0, errno != EINTR { throw FixtureError("waitpid: \(String(cString: strerror(errno)))") }
            polls += 1
            if polls % 20 == 0 {   // every ~0.1 s: a FIFO open never returns without a writer
                if waitsForFIFOWriter(pid) { blockedSince = blockedSince ?? Date() } else { blockedSince = nil }
            }
            let fifoHang = blockedSince.map { Date().timeIntervalSince($0) > 2 } ?? false
            if fifoHang || Date().timeIntervalSince(start) > timeout {
                timedOut = true
                blockedOnFIFO = fifoHang
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                break
            }
            usleep(5_000)
        }
        kill(-pid, SIGKILL)   // whatever the run left in its group (a backtracer)
        let signal = status & 0x7f
        return Outcome(status: signal == 0 ? (status >> 8) & 0xff : signal,
                       signaled: signal != 0,
                       timedOut: timedOut, blockedOnFIFO: blockedOnFIFO,
                       stdout: head(outURL), stderr: head(errURL),
                       seconds: Date().timeIntervalSince(start))
    }

    /// True when a thread of the process sleeps in the kernel's FIFO open (`wait_for_partner`):
    /// opening a FIFO that nobody writes blocks forever (no case gives a FIFO a writer).
    static func waitsForFIFOWriter(_ pid: pid_t) -> Bool {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return false }
        return tasks.contains { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) == "wait_for_partner"
        }
    }

    /// The first MiB of a file as text.
    static func head(_ url: URL, limit: Int = 1 << 20) -> String {
        guard let h = try? FileHandle(forReadingFrom: url) else { return "" }
        defer { try? h.close() }
        let data = (try? h.read(upToCount: limit)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs a helper tool (python3, sqlite3, mount) and fails loudly when it fails: fixtures must be right.
    @discardableResult
    static func tool(_ arguments: [String], in directory: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureError("\(arguments.prefix(3).joined(separator: " ")) failed (\(process.terminationStatus)): \(String(decoding: errData, as: UTF8.self))")
        }
        return String(decoding: outData, as: UTF8.self)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
