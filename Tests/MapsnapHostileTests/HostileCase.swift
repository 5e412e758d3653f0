import Foundation
import MapsnapFormats
import Testing
import MapsnapTestSupport

/// One hostile input: the command line (with `{in}`, `{out}`, `{data}`, `{styles}` standing for the
/// case's input folder, its output folder, the embedded archives and the built-in styles), the
/// fixtures it needs, and what the contract says must happen.
struct HostileCase: Sendable, CustomTestStringConvertible {
    enum Expect: Sendable {
        /// Exit 2 and exactly one `mapsnap: error: ` line holding every string (the option or
        /// file, and the problem); nothing written.
        case badInput([String])
        /// Exit 1 (the input was read but the work failed), one line holding every string; nothing
        /// half-written.
        case failure([String])
        /// Exit 0: the input is extreme but fine. `outputs` are the files (or `folder/`s) written
        /// under {out}; `warning`, when given, must all be in one `mapsnap: warning: ` line.
        case fine(outputs: [String], warning: [String]? = nil)
        /// A batch: its exit code, the items rendered and those failed (each with strings its
        /// report message holds; a failed id may offer alternatives, "b‖line-3"). The report is
        /// always written.
        case batch(exit: Int32, ok: [String], failed: [String: [String]])
        /// Either is right (the product may take the value or refuse it); the first one's problems are reported.
        indirect case either(Expect, Expect)
    }

    var name: String
    var arguments: [String]
    var expect: Expect
    var fixture: (@Sendable (Scratch) throws -> Void)?
    /// Further problems to report after the run (e.g. a resumed pyramid differs from a whole one).
    var check: (@Sendable (Scratch, HostileRunner.Outcome) throws -> [String])?
    /// Files under {out} that the run may change or create even when it fails (a resumed archive;
    /// `folder/` for anything under it, e.g. the complete tiles of a folder pyramid).
    var mayModify: [String] = []
    /// Set while the case fails on main: the case still runs, its problems are recorded as a known
    /// issue, and a case that starts passing fails so that the flag and its line in
    /// EXPECTED-FAILURES.md are removed.
    var knownFailure: String?
    /// The safety bound: a run still going after this many seconds is killed and fails.
    var timeout: Double = 30
    /// Address space of the run (`prlimit --as`).
    var memoryLimit: Int = 4 << 30
    /// When non-nil, why this machine cannot run the case (`TestEnvironment.skip`).
    var unavailable: (@Sendable () -> String?)?

    init(_ name: String, _ arguments: [String], _ expect: Expect,
         fixture: (@Sendable (Scratch) throws -> Void)? = nil) {
        self.name = name
        self.arguments = arguments
        self.expect = expect
        self.fixture = fixture
    }

    var testDescription: String { name }

    func knownFailure(_ reason: String) -> HostileCase { var c = self; c.knownFailure = reason; return c }
    func timeout(_ seconds: Double) -> HostileCase { var c = self; c.timeout = seconds; return c }
    func memoryLimit(mib: Int) -> HostileCase { var c = self; c.memoryLimit = mib << 20; return c }
    func mayModify(_ files: String...) -> HostileCase { var c = self; c.mayModify = files; return c }
    func check(_ body: @escaping @Sendable (Scratch, HostileRunner.Outcome) throws -> [String]) -> HostileCase {
        var c = self; c.check = body; return c
    }
    func unavailable(_ why: @escaping @Sendable () -> String?) -> HostileCase { var c = self; c.unavailable = why; return c }
}

extension HostileCase {
    /// Builds the fixtures, runs the case and records every broken promise as an issue (a known
    /// issue while `knownFailure` is set).
    func run() throws {
        if let why = unavailable?() { try TestEnvironment.skip("hostile case \(name): \(why)") }
        let started = Date()
        let scratch = try Scratch(name)
        defer { scratch.remove() }
        try fixture?(scratch)
        let prepared = Date()
        let before = (out: Tree(scratch.output), input: Tree(scratch.input))
        let outcome = try HostileRunner.run(arguments.map(scratch.resolve), in: scratch.root, logs: scratch.logs,
                                            memoryLimit: memoryLimit, timeout: timeout)
        var problems = contract(outcome, scratch, before)
        if let check { problems += try check(scratch, outcome) }
        let killed = outcome.blockedOnFIFO ? " (killed: blocked opening a FIFO)" : outcome.timedOut ? " (killed after \(Int(timeout)) s)" : ""
        let summary = "exit \(outcome.status)\(outcome.signaled ? " (signal)" : "")\(killed), "
            + "stderr: \(Self.firstLine(outcome.stderr))"
        let report = problems.isEmpty ? nil : "\(name): \(problems.joined(separator: "; ")) [\(summary)]"
        if ProcessInfo.processInfo.environment["MAPSNAP_HOSTILE_REPORT"] == "1" {
            if let report { print("HOSTILE-FAIL \(report)") }
            let total = Date().timeIntervalSince(started), setup = prepared.timeIntervalSince(started)
            print("HOSTILE-TIME \((total * 10).rounded() / 10) s \(name) (fixture \((setup * 10).rounded() / 10) s)")
        }
        if let knownFailure {
            withKnownIssue(Comment(rawValue: knownFailure)) {
                if let report { Issue.record(Comment(rawValue: report)) }
            }
            if report == nil { print("hostile case \(name) now passes: remove its .knownFailure") }
        } else if let report {
            Issue.record(Comment(rawValue: report))
        }
    }

    /// A mention may offer alternatives separated by "‖" ("20,000 km‖20000000"): any of them will do.
    static func line(_ line: String, mentions: String) -> Bool {
        mentions.components(separatedBy: "‖").contains { line.contains($0) }
    }

    static func firstLine(_ s: String) -> String {
        let line = s.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "(empty)"
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }

    /// The promises every case keeps: no crash, no hang, the exit code, one line naming the input,
    /// nothing left behind.
    func contract(_ o: HostileRunner.Outcome, _ s: Scratch, _ before: (out: Tree, input: Tree)) -> [String] {
        contract(expect, o, s, before)
    }

    func contract(_ expect: Expect, _ o: HostileRunner.Outcome, _ s: Scratch, _ before: (out: Tree, input: Tree)) -> [String] {
        if case .either(let a, let b) = expect {
            let first = contract(a, o, s, before)
            return first.isEmpty || contract(b, o, s, before).isEmpty ? [] : first
        }
        var problems: [String] = []
        if o.blockedOnFIFO { problems.append("hung: blocked opening a FIFO (killed)") }
        else if o.timedOut { problems.append("hung: killed by the safety bound after \(Int(timeout)) s") }
        else if o.signaled { problems.append("crashed: killed by signal \(o.status)") }
        for marker in ["Fatal error", "Program crashed", "Backtracing", "Thread 0 crashed", "Illegal instruction"] where o.stderr.contains(marker) {
            problems.append("a crash report on stderr ('\(marker)')")
            break
        }
        for marker in ["cannot allocate", "out of memory", "Cannot allocate"] where o.stderr.contains(marker) {
            problems.append("ran out of memory under \(memoryLimit >> 20) MiB of address space ('\(marker)')")
            break
        }
        let lines = o.stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let errors = lines.filter { $0.hasPrefix("mapsnap: error: ") }
        let warnings = lines.filter { $0.hasPrefix("mapsnap: warning: ") }
        let summaries = lines.filter { l in ["tiles: ", "batch: ", "merge: ", "convert: "].contains { l.hasPrefix($0) } }
        // A message that echoes a huge input back (100,000 digits) hides the problem it names.
        for line in errors + warnings where line.count > 1_000 {
            problems.append("a message line of \(line.count) characters (the input echoed back whole?)")
            break
        }
        // A Foundation error printed raw (`Error Domain=NSCocoaErrorDomain Code=640 …`) says nothing to a user.
        if let raw = (errors + warnings).first(where: { $0.contains("Error Domain=") }) {
            problems.append("a raw Foundation error in a message: \(raw.prefix(120))")
        }
        let stray = lines.count - errors.count - warnings.count - summaries.count
        if stray > 0, !o.signaled { problems.append("\(stray) stderr lines are neither errors, warnings nor the summary") }

        let expectedStatus: Int32
        switch expect {
        case .badInput(let mentions), .failure(let mentions):
            if case .badInput = expect { expectedStatus = 2 } else { expectedStatus = 1 }
            if expectedStatus == 2 ? errors.count != 1 : errors.count > 1 {
                problems.append("\(errors.count) error lines on stderr, expected \(expectedStatus == 2 ? "exactly" : "at most") one")
            }
            let wanted = mentions.map(s.resolve)
            let candidates = expectedStatus == 1 ? errors + warnings : errors
            if !candidates.contains(where: { line in wanted.allSatisfy { Self.line(line, mentions: $0) } }) {
                problems.append("no error line mentions \(wanted.map { "'\($0)'" }.joined(separator: " and "))")
            }
        case .fine(_, let warning):
            expectedStatus = 0
            if !errors.isEmpty { problems.append("an error line although the run succeeded") }
            if let warning {
                let wanted = warning.map(s.resolve)
                if !warnings.contains(where: { line in wanted.allSatisfy { Self.line(line, mentions: $0) } }) {
                    problems.append("no warning mentions \(wanted.map { "'\($0)'" }.joined(separator: " and "))")
                }
            }
        case .batch(let exit, _, _):
            expectedStatus = exit
            if exit != 2, !errors.isEmpty { problems.append("an error line although the batch ran") }
        case .either: fatalError("handled above")
        }
        if !o.timedOut, !o.signaled, o.status != expectedStatus {
            problems.append("exit code \(o.status), expected \(expectedStatus)")
        }
        problems += leftovers(expect, s, before)
        if case .batch(let exit, let ok, let failed) = expect, exit != 2 { problems += batchReport(s, ok: ok, failed: failed) }
        return problems
    }

    /// Files the run created or changed that it should not have: any new file after a refusal,
    /// temporary files and journals after any run, files it was not asked for, broken outputs.
    func leftovers(_ expect: Expect, _ s: Scratch, _ before: (out: Tree, input: Tree)) -> [String] {
        var problems: [String] = []
        let after = Tree(s.output)
        let allowed: [String]
        switch expect {
        case .badInput, .failure: allowed = []
        case .fine(let outputs, _): allowed = outputs
        case .batch(let exit, let ok, _): allowed = exit == 2 ? [] : ok.map { "\($0).png" } + ["batch-report.csv"]
        case .either: allowed = []
        }
        for (path, entry) in after.files.sorted(by: { $0.key < $1.key }) {
            let name = (path as NSString).lastPathComponent
            // A temporary file is a leftover when this run made or changed it, or when the run was
            // given the output it sits in (a resume must clean up after the run it resumes).
            if Tree.isTemporary(name), before.out.files[path] != entry || Self.path(path, matches: mayModify) {
                problems.append("left a temporary file \(path) (\(entry.size) bytes)"); continue
            }
            if let old = before.out.files[path] {
                if old != entry, !Self.path(path, matches: allowed + mayModify) {
                    problems.append("changed \(path), which was there before")
                }
                continue
            }
            guard Self.path(path, matches: allowed + mayModify) else {
                problems.append("left \(path) (\(entry.size) bytes)"); continue
            }
            if entry.size == 0 { problems.append("wrote an empty \(path)") }
            if path.hasSuffix(".png"), !Tree.isCompletePNG(s.output.appendingPathComponent(path)) { problems.append("wrote a broken PNG \(path)") }
            if path.hasSuffix(".mbtiles"), let check = try? s.integrity("{out}/\(path)"), check != "ok" { problems.append("\(path) fails SQLite's integrity check: \(check)") }
        }
        for path in before.out.files.keys where after.files[path] == nil && !Self.path(path, matches: mayModify)
            && !Tree.isTemporary((path as NSString).lastPathComponent) {   // cleaning up a stale journal is right
            problems.append("removed \(path), which was there before")
        }
        if case .fine(let outputs, _) = expect {
            for o in outputs where !o.hasSuffix("/") && after.files[o] == nil { problems.append("did not write \(o)") }
            for o in outputs where o.hasSuffix("/") && !after.files.keys.contains(where: { $0.hasPrefix(o) }) { problems.append("wrote nothing into \(o)") }
        }
        let inputAfter = Tree(s.input)
        for (path, entry) in inputAfter.files where before.input.files[path] != entry {
            problems.append(before.input.files[path] == nil ? "created \(path) among the inputs" : "changed the input \(path)")
        }
        return problems
    }

    /// `patterns` are paths, or folders ending in "/" that match everything under them.
    static func path(_ path: String, matches patterns: [String]) -> Bool {
        patterns.contains { $0 == path || ($0.hasSuffix("/") && path.hasPrefix($0)) }
    }

    /// The batch report: written, one row per item, the right status for each, good items rendered.
    func batchReport(_ s: Scratch, ok: [String], failed: [String: [String]]) -> [String] {
        let url = s.output.appendingPathComponent("batch-report.csv")
        guard let data = try? Data(contentsOf: url) else { return ["no batch-report.csv"] }
        guard let records = try? CSV.rows([UInt8](data)) else { return ["batch-report.csv is not valid CSV"] }
        let rows = records.dropFirst().filter { $0.fields.count >= 4 }.map { (id: $0.fields[0], status: $0.fields[1], message: $0.fields[3]) }
        var problems: [String] = []
        for id in ok {
            let mine = rows.filter { $0.id == id }
            if !mine.contains(where: { $0.status == "ok" }) {
                problems.append("item \(id) is \(mine.first.map { "\($0.status): \($0.message.prefix(200))" } ?? "missing from the report"), expected ok")
            } else if !Tree.isCompletePNG(s.output.appendingPathComponent("\(id).png")) { problems.append("item \(id) has no complete \(id).png") }
        }
        for (id, mentions) in failed.sorted(by: { $0.key < $1.key }) {
            let ids = id.components(separatedBy: "‖")
            let mine = rows.filter { ids.contains($0.id) && $0.status != "ok" }
            guard let row = mine.first else { problems.append("item \(id) has no failed row in the report"); continue }
            if row.status != "failed" { problems.append("item \(id) is \(row.status), expected failed") }
            let wanted = mentions.map(s.resolve)
            if !wanted.allSatisfy({ Self.line(row.message, mentions: $0) }) {
                problems.append("item \(id)'s message '\(row.message.prefix(200))' does not mention \(wanted.map { "'\($0)'" }.joined(separator: " and "))")
            }
        }
        if rows.count != ok.count + failed.count {
            problems.append("the report has \(rows.count) rows (\(rows.map { "\($0.id) \($0.status)" }.joined(separator: ", "))), expected \(ok.count + failed.count)")
        }
        return problems
    }
}

/// The files under a folder, recursively, with what identifies their content.
struct Tree {
    struct Entry: Equatable { var size: Int; var digest: Int }
    var files: [String: Entry] = [:]

    init(_ root: URL) {
        guard let e = FileManager.default.enumerator(atPath: root.path) else { return }
        while let rel = e.nextObject() as? String {
            let url = root.appendingPathComponent(rel)
            guard let attrs = try? FileManager.default.attributesOfItem(atPath: url.path),
                  (attrs[.type] as? FileAttributeType) != .typeDirectory else { continue }
            let size = (attrs[.size] as? Int) ?? 0
            let isRegular = (attrs[.type] as? FileAttributeType) == .typeRegular
            files[rel] = Entry(size: size, digest: isRegular ? Self.digest(url, size: size, attrs: attrs) : 0)
        }
    }

    /// Content hash of small files; size and modification time of big ones.
    static func digest(_ url: URL, size: Int, attrs: [FileAttributeKey: Any]) -> Int {
        if size <= 4 << 20, let data = try? Data(contentsOf: url) {
            var h = Hasher()
            h.combine(data)
            return h.finalize()
        }
        return Int(((attrs[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1000)
    }

    /// Temporary files, journals and hidden files: never part of a finished output.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") || name.contains(".tmp") || name.hasSuffix("-journal") || name.hasSuffix("-wal") || name.hasSuffix("-shm")
            || name.hasSuffix(".part") || name.hasSuffix("~")
    }

    /// A PNG signature at the start and an IEND chunk at the end.
    static func isCompletePNG(_ url: URL) -> Bool {
        guard let d = try? Data(contentsOf: url), d.count > 20 else { return false }
        return d.prefix(8) == Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && d.suffix(8).prefix(4) == Data("IEND".utf8)
    }
}
