import Foundation
import MapsnapKit
import Testing

/// One default everywhere: the same request, given with and without a style, size, meters or
/// padding, draws the same bytes through the command line, a batch manifest, `GET /static`,
/// `POST /static` and the Swift API. Every front end fills in the one request model and takes
/// whatever the request leaves out from it.
@Suite(.serialized)
struct FrontEndDefaultsTests {
    /// A request as field names and their text forms (what every front end reads).
    struct Case: Sendable, CustomTestStringConvertible {
        let fields: [(String, String)]
        var testDescription: String { fields.isEmpty ? "(nothing)" : fields.map { "\($0.0)=\($0.1)" }.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(fields: [("center", "43.7360,7.4260")]),
        Case(fields: [("center", "43.7360,7.4260"), ("size", "300x200")]),
        Case(fields: [("center", "43.7360,7.4260"), ("meters", "500"), ("size", "240x180")]),
        Case(fields: [("center", "43.7360,7.4260"), ("style", "dark"), ("size", "200x150")]),
        Case(fields: [("center", "43.7360,7.4260"), ("style", "light"), ("size", "200x150")]),
        Case(fields: [("bounds", "7.42,43.73,7.43,43.74"), ("size", "320x240")]),
        Case(fields: [("bounds", "7.42,43.73,7.43,43.74"), ("padding", "40"), ("size", "320x240")]),
        Case(fields: [("center", "60.1705,24.9440"), ("zoom", "15.5"), ("size", "256x256"), ("scale", "2")]),
    ]

    static func query(_ c: Case) -> String {
        c.fields.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    static func json(_ c: Case, id: String? = nil) throws -> String {
        var object: [String: String] = Dictionary(uniqueKeysWithValues: c.fields)
        if let id { object["id"] = id }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func everyFrontEndDrawsTheSameBytes() throws {
        let dir = try ServerProcess.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The batch manifest: one item per case.
        let manifest = dir.appendingPathComponent("items.jsonl")
        try Data(try Self.cases.indices.map { try Self.json(Self.cases[$0], id: "c\($0)") }.joined(separator: "\n").utf8).write(to: manifest)
        let batchOut = dir.appendingPathComponent("batch")
        let batch = try ServerProcess.run(["batch", manifest.path, "-o", batchOut.path, "-q"])
        #expect(batch.status == 0, "\(batch.stderr)")
        let server = try ServerProcess([])   // every built-in style, as `mapsnap serve` with no arguments
        for (index, c) in Self.cases.enumerated() {
            // The command line.
            let cliOut = dir.appendingPathComponent("cli\(index).png")
            let cli = try ServerProcess.run(c.fields.flatMap { ["--\($0.0)", $0.1] } + ["-o", cliOut.path, "-q"])
            #expect(cli.status == 0, "\(cli.stderr)")
            let fromCLI = try Data(contentsOf: cliOut)
            // The Swift API.
            var request = MapRequest()
            var selection = StyleSelection()
            for (name, text) in c.fields {
                if name == "style" { selection.style = StyleReference(text); continue }
                try #require(RequestField.named(name)).apply(text, to: &request)
            }
            let fromAPI = try Snapshotter(selection).snapshot(request).encoded()
            // The server, both ways.
            let get = try HTTPTestClient.get(server.port, "/static?" + Self.query(c))
            #expect(get.status == 200, "\(get.text)")
            let post = try HTTPTestClient.get(server.port, "/static", method: "POST", headers: ["Content-Type": "application/json"],
                                              body: Data(try Self.json(c).utf8))
            #expect(post.status == 200, "\(post.text)")
            let fromBatch = try Data(contentsOf: batchOut.appendingPathComponent("c\(index).png"))
            #expect(fromAPI == fromCLI, "Swift API differs from the command line: \(c.testDescription)")
            #expect(fromBatch == fromCLI, "batch item differs from the command line: \(c.testDescription)")
            #expect(get.body == fromCLI, "GET /static differs from the command line: \(c.testDescription)")
            #expect(post.body == fromCLI, "POST /static differs from the command line: \(c.testDescription)")
        }
    }
}
