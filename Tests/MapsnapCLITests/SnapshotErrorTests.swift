import Foundation
import Testing

/// Every bad input: exit code 2, one line on stderr naming the argument, and no output file.
@Suite(.serialized)
struct SnapshotErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        let arguments: [String]
        let message: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        .init(arguments: ["--center", "95,7"], message: "--center: latitude 95 is outside -90...90"),
        .init(arguments: ["--center", "43.7,200"], message: "--center: longitude 200 is outside -180...180"),
        .init(arguments: ["--center", "nan,7"], message: "--center: latitude nan is outside -90...90"),
        .init(arguments: ["--center", "43.7"], message: "--center: '43.7' is not a LAT,LON pair (latitude first, e.g. 43.7360,7.4260)"),
        .init(arguments: ["--center", "north,7"], message: "--center: 'north' is not a number"),
        .init(arguments: ["--meters", "0"], message: "--meters: must be greater than 0, got 0"),
        .init(arguments: ["--meters", "-50"], message: "--meters: must be greater than 0, got -50"),
        .init(arguments: ["--meters", "nan"], message: "--meters: 'nan' is not a number"),
        .init(arguments: ["--zoom", "25"], message: "--zoom: must be between 0 and 24, got 25"),
        .init(arguments: ["--zoom", "-1"], message: "--zoom: must be between 0 and 24, got -1"),
        .init(arguments: ["--meters", "500", "--zoom", "15"], message: "--zoom: give either --meters or --zoom, not both"),
        .init(arguments: ["--size", "0x768"], message: "--size: each side must be 1 to 16384 pixels, got 0x768"),
        .init(arguments: ["--size", "20000x100"], message: "--size: each side must be 1 to 16384 pixels, got 20000x100"),
        .init(arguments: ["--size", "big"], message: "--size: 'big' is not WIDTHxHEIGHT (e.g. 1024x768)"),
        .init(arguments: ["--scale", "5"], message: "--scale: must be between 1 and 4, got 5"),
        .init(arguments: ["--style", "nosuch"], message: "--style: unknown style 'nosuch' (built-in styles: bright, dark, light; or give a path to a style JSON file)"),
        .init(arguments: ["--tiles", "data/missing.mbtiles"], message: "--tiles: data/missing.mbtiles: no such file"),
        .init(arguments: ["--tiles", "README.md"], message: "--tiles: README.md: not an SQLite database"),
        .init(arguments: ["--meters"], message: "--meters: needs a value"),
        .init(arguments: ["--frobnicate"], message: "--frobnicate: unknown option (see mapsnap --help)"),
        .init(arguments: ["-o", "map.gif"], message: "-o: 'map.gif' must end in .png, .webp, .jpg, .jpeg, .pdf or .svg"),
    ]

    @Test(arguments: cases)
    func badInputExitsTwoWithOneLineNamingTheArgument(_ c: Case) throws {
        let dir = try CLIRunner.scratch()
        let out = dir.appendingPathComponent("map.png")
        let arguments = c.arguments.contains("-o") ? c.arguments : c.arguments + ["-o", out.path]
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: \(c.message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no output left behind")
    }

    @Test func unwritableOutputFolder() throws {
        let r = try CLIRunner.run(["-o", "/nonexistent-folder/map.png"])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: --output: /nonexistent-folder/map.png: folder /nonexistent-folder does not exist\n")
    }

    @Test func outputThatIsAFolder() throws {
        let dir = try CLIRunner.scratch()
        let folder = dir.appendingPathComponent("x.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let r = try CLIRunner.run(["-o", folder.path])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: --output: \(folder.path) is a folder\n")
    }

    @Test func unreadableStyleJSONNamesTheFile() throws {
        let dir = try CLIRunner.scratch()
        let style = dir.appendingPathComponent("broken.json")
        try Data("{ \"version\": 8, \"layers\": [ }".utf8).write(to: style)
        let r = try CLIRunner.run(["--style", style.path, "-o", dir.appendingPathComponent("m.png").path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("mapsnap: error: --style: \(style.path)"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("m.png").path))
    }

    @Test func invalidStyleValueNamesTheJSONPath() throws {
        let dir = try CLIRunner.scratch()
        let style = dir.appendingPathComponent("bad-width.json")
        let json = """
        {"version": 8, "sources": {"omt": {"type": "vector", "url": "mbtiles://\(CLIRunner.repositoryRoot.path)/data/monaco.mbtiles"}},
         "layers": [{"id": "bg", "type": "background"},
                    {"id": "roads", "type": "line", "source": "omt", "source-layer": "transportation",
                     "paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 10, "wide"]}}]}
        """
        try Data(json.utf8).write(to: style)
        let r = try CLIRunner.run(["--style", style.path, "-o", dir.appendingPathComponent("m.png").path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("mapsnap: error: --style: \(style.path): layers[1].paint.line-width"), "\(r.stderr)")
    }
}
