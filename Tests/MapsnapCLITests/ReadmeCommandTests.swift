import Foundation
import Testing
import MapsnapTestSupport

/// The documents' commands run as written from a fresh clone: every `mapsnap` line in a `sh`
/// block of README.md and of each page under docs/ (with `\` continuations), writing into a
/// scratch folder instead of `output/`; the documents name every command; and their Swift example
/// is the example target, which builds with the package and runs.
@Suite(.serialized)
struct ReadmeCommandTests {
    static let shared = CLIRunner.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// The `mapsnap …` command lines of the `sh` blocks of one document, as argument lists.
    static func commands(in document: Document) -> [[String]] {
        document.commandLines().map(Documents.shellWords).filter { $0.first == ".build/release/mapsnap" }.map { Array($0.dropFirst()) }
    }

    /// Those of every document.
    static var commands: [[String]] { Documents.all.flatMap(commands(in:)) }

    @Test func theDocumentsHaveCommands() throws {
        let readme = try #require(Documents.read("README.md"))
        // The README has an example for each job (snapshot, overlays, pyramid, batch, …); the pages the rest.
        #expect(Self.commands(in: readme).count >= 5, "README: \(Self.commands(in: readme).count)")
        #expect(Self.commands.count >= 30, "all documents: \(Self.commands.count)")
        for page in ["docs/cli.md", "docs/overlays.md", "docs/pyramids.md", "docs/batch.md", "docs/styles.md"] {
            let doc = try #require(Documents.read(page), "\(page) is missing")
            #expect(!Self.commands(in: doc).isEmpty, "\(page) has no mapsnap command")
        }
        #expect(Documents.shellWords(#"--marker "43.7,7.4,#e5483f,签到点,到" -o 'a b.png'"#) == ["--marker", "43.7,7.4,#e5483f,签到点,到", "-o", "a b.png"])
        let doc = Document(path: "x.md", text: "```sh\nmapsnap a \\\n  b  # note\n# comment\n```\n```console\nmapsnap c\n```\n")
        #expect(doc.commandLines().map(Documents.shellWords) == [["mapsnap", "a", "b"]])
    }

    /// The documents name every command `mapsnap --help` lists, in the sentence that says how to get
    /// their help (README.md or docs/cli.md), and each command has a page or section that shows it.
    @Test func theDocumentsNameEveryCommand() throws {
        let help = try CLIRunner.run(["--help"]).stdout
        let commands = help.components(separatedBy: "\n").drop { $0 != "Commands:" }.dropFirst()
            .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 8, "\(help)")
        let sentences = Documents.all.flatMap(\.paragraphs).filter { $0.contains("`mapsnap --help` lists the commands") }
        #expect(!sentences.isEmpty, "no document says what `mapsnap --help` lists")
        for command in commands {
            #expect(sentences.contains { $0.contains("`\(command)`") }, "the documents' list lacks \(command)")
            // Shown in use: `mapsnap COMMAND` in a block or the text (snapshot is the default command).
            let used = Documents.all.contains { $0.text.contains("mapsnap \(command)") } || command == "snapshot"
            #expect(used, "no document shows `mapsnap \(command)`")
        }
    }

    @Test(arguments: commands)
    func documentCommandRuns(_ words: [String]) throws {
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
        // Every Swift program the documents show (the README's and docs/swift-api.md's) is that file.
        let shown = Documents.all.flatMap { doc in doc.blocks(language: "swift").filter { $0.contains("import MapsnapKit") }.map { (doc.path, $0) } }
        #expect(!shown.isEmpty, "no document shows examples/swift-api/main.swift")
        for (path, block) in shown { #expect(block == source, "\(path)'s Swift example is not examples/swift-api/main.swift") }
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
