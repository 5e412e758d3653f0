import Foundation
import MapsnapConformance

/// `mapsnap-conformance [DIR] [--out DIR] [--known-failures FILE] [--filter TEXT] [--no-expressions]`
///
/// Exit codes: 0 when every failure is a known one, 1 when a test not on the known-failure list
/// fails, 2 for bad arguments or an unreadable test folder.
let help = """
    usage: mapsnap-conformance [DIR] [options]

    Runs MapLibre's render and expression tests and judges them as upstream does.
    DIR is a conformance folder holding render/ and expression/ (default ../shared/conformance),
    or a render/ folder itself (tests/<category>/<name>/style.json + expected*.png, assets/).

      --out DIR               where actual.png and diff.png of failing tests go (default: a temporary folder)
      --known-failures FILE   the known-failure list (default Tests/Conformance/known-failures.txt when present)
                              (not-applicable.txt beside it lists the tests that need a browser: reported N/A)
      --expressions DIR       the expression/ folder (default: beside render/)
      --no-expressions        skip the expression tests
      --filter TEXT           only tests whose id contains TEXT
    """

func writeLine(_ fd: Int32, _ text: String) {
    let bytes = Array((text + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        if n <= 0 { return }
        offset += n
    }
}

func fail(_ message: String) -> Never {
    writeLine(2, "mapsnap-conformance: error: \(message)")
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var folder: String?
var out: String?
var knownFailuresPath: String?
var expressionsPath: String?
var expressions = true
var filter: String?
while !arguments.isEmpty {
    let word = arguments.removeFirst()
    func value() -> String {
        guard let next = arguments.first, !next.hasPrefix("--") else { fail("\(word): expected a value") }
        return arguments.removeFirst()
    }
    switch word {
    case "-h", "--help":
        writeLine(1, help)
        exit(0)
    case "--out": out = value()
    case "--known-failures": knownFailuresPath = value()
    case "--expressions": expressionsPath = value()
    case "--no-expressions": expressions = false
    case "--filter": filter = value()
    default:
        if word.hasPrefix("-") { fail("\(word): unknown option (see --help)") }
        if folder != nil { fail("\(word): only one test folder can be given") }
        folder = word
    }
}

let files = FileManager.default
func isFolder(_ url: URL) -> Bool {
    var directory: ObjCBool = false
    return files.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
}
let root = URL(fileURLWithPath: folder ?? "../shared/conformance").standardizedFileURL
var renderFolder: URL?
var expressionFolder: URL?
if isFolder(root.appendingPathComponent("tests")) {
    renderFolder = root
    expressionFolder = root.deletingLastPathComponent().appendingPathComponent("expression")
} else if isFolder(root.appendingPathComponent("render/tests")) {
    renderFolder = root.appendingPathComponent("render")
    expressionFolder = root.appendingPathComponent("expression")
} else if isFolder(root) && root.lastPathComponent == "expression" {
    expressionFolder = root
} else {
    fail("\(root.path): not a conformance folder (expected tests/ or render/tests/ inside)")
}
if let expressionsPath { expressionFolder = URL(fileURLWithPath: expressionsPath).standardizedFileURL }
if !expressions || !(expressionFolder.map { isFolder($0.appendingPathComponent("tests")) } ?? false) { expressionFolder = nil }

var known = KnownFailures()
let knownFile = knownFailuresPath ?? (files.fileExists(atPath: "Tests/Conformance/known-failures.txt") ? "Tests/Conformance/known-failures.txt" : nil)
if let knownFile {
    do { known = try KnownFailures(contentsOf: URL(fileURLWithPath: knownFile)) } catch { fail(error.description) }
}
// The tests the suite's README calls not applicable outside a browser, beside the known failures.
var notApplicable = KnownFailures()
if let knownFile {
    let list = URL(fileURLWithPath: knownFile).deletingLastPathComponent().appendingPathComponent("not-applicable.txt")
    if files.fileExists(atPath: list.path) {
        do { notApplicable = try KnownFailures(contentsOf: list) } catch { fail(error.description) }
    }
}
let output = URL(fileURLWithPath: out ?? (NSTemporaryDirectory() + "mapsnap-conformance")).standardizedFileURL

let run = ConformanceRun(renderDirectory: renderFolder, expressionDirectory: expressionFolder, outputDirectory: output,
                         knownFailures: known, notApplicable: notApplicable, filter: filter)
do {
    let summary = try run.run { writeLine(1, $0) }
    exit(summary.unexpectedFailures.isEmpty ? 0 : 1)
} catch {
    fail(error.description)
}
