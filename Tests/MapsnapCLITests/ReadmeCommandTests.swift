import Foundation
import Testing
import MapsnapTestSupport

/// The README's commands run as written from a fresh clone: every `mapsnap` line in a `sh`
/// block (with `\` continuations), writing into a scratch folder instead of `output/`; and its
/// Swift example is the example target, which builds with the package and runs.
@Suite(.serialized)
struct ReadmeCommandTests {
    static let readme = (try? String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    static let shared = CLIRunner.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// The `mapsnap …` command lines of the README's `sh` blocks, as argument lists.
    static var commands: [[String]] {
        var out: [[String]] = []
        var inShell = false
        var pending = ""
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inShell = line == "```sh"; pending = ""; continue }
            guard inShell else { continue }
            var text = pending + line
            if text.hasSuffix("\\") { text.removeLast(); pending = text + " "; continue }
            pending = ""
            if let hash = text.range(of: "  #") { text = String(text[..<hash.lowerBound]) }
            let words = shellWords(text)
            if words.first == ".build/release/mapsnap" { out.append(Array(words.dropFirst())) }
        }
        return out
    }

    /// Splits a command line as sh does for the quoting the README uses ('…', "…", \x).
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], current = "", inWord = false
        var quote: Character?
        var chars = line.makeIterator()
        while let c = chars.next() {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c; inWord = true
            } else if c == "\\" {
                if let n = chars.next() { current.append(n) }; inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(c); inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    @Test func theReadmeHasCommands() {
        #expect(Self.commands.count >= 15, "found \(Self.commands.count)")
        #expect(Self.shellWords(#"--marker "43.7,7.4,#e5483f,签到点,到" -o 'a b.png'"#) == ["--marker", "43.7,7.4,#e5483f,签到点,到", "-o", "a b.png"])
    }

    /// The README names every command `mapsnap --help` lists, where it says how to get their help.
    @Test func theReadmeNamesEveryCommand() throws {
        let help = try CLIRunner.run(["--help"]).stdout
        let commands = help.components(separatedBy: "\n").drop { $0 != "Commands:" }.dropFirst()
            .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 8, "\(help)")
        let sentence = Self.readme.components(separatedBy: "\n\n").first { $0.contains("`mapsnap --help` lists the commands") } ?? ""
        for command in commands { #expect(sentence.contains("`\(command)`"), "the README's list lacks \(command)") }
    }

    @Test(arguments: commands)
    func readmeCommandRuns(_ words: [String]) throws {
        if words.contains(where: { $0.hasPrefix("../shared/") }), !FileManager.default.fileExists(atPath: Self.shared.path) {
            try TestEnvironment.skip("no ../shared beside the repository: \(words.joined(separator: " "))")
        }
        let scratch = try CLIRunner.scratch()
        let arguments = words.map { $0.hasPrefix("output/") ? scratch.path + "/" + $0.dropFirst("output/".count) : $0 }
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 0, "mapsnap \(words.joined(separator: " ")): \(r.stderr)")
        #expect(!r.stderr.contains("error:"), "\(r.stderr)")
    }

    @Test func swiftExampleIsTheExampleTargetAndRuns() throws {
        let source = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("examples/swift-api/main.swift"), encoding: .utf8)
        #expect(Self.readme.contains("```swift\n" + source + "```"), "the README's Swift block is examples/swift-api/main.swift")
        let binary = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("mapsnap-swift-api-example")
        let scratch = try CLIRunner.scratch()
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("output"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = binary
        process.currentDirectoryURL = scratch
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.hasPrefix("marker at "), "\(text)")
        let png = CLIRunner.pngSize(scratch.appendingPathComponent("output/swift-api.png"))
        #expect(png?.width == 1200 && png?.height == 800)
    }
}
