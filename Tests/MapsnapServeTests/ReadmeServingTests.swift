import Foundation
import Testing
import MapsnapTestSupport

/// The documents' serving examples work as written: every `curl` line of a `sh` block of README.md
/// and of the pages under docs/ (each against the server `mapsnap serve` starts, on port 8080 in
/// the text, rewritten to a free one here) answers 200, and together they show every route.
@Suite(.serialized)
struct ReadmeServingTests {
    static var curls: [String] {
        Documents.commandLines.map(\.line).filter { $0.hasPrefix("curl ") && $0.contains("http://127.0.0.1:8080/") }
    }

    @Test func theDocumentsHaveAnExampleForEveryRoute() {
        #expect(Documents.read("README.md").map { $0.commandLines().contains { $0.hasPrefix("curl ") } } == true, "the README shows no curl")
        let all = Self.curls.joined(separator: "\n") + "\n"
        for route in ["/styles/light/16/", "@2x.png", "/static?", "-d '{", "/styles/light/static/", "/styles/v1/", "/styles\n", "/styles/light.json", "wmts.xml", "/health", "/metrics"] {
            #expect(all.contains(route), "\(route)")
        }
    }

    @Test func everyCurlAnswers200() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else { try TestEnvironment.skip("curl is not installed (Debian package curl)") }
        let dir = try ServerProcess.scratch()
        let server = try ServerProcess(["--jobs", "2"])
        for line in Self.curls {
            let command = line.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            // Fail on an error status, print the status; a line without -o writes nowhere.
            let quiet = command.contains(" -o ") ? "" : " -o /dev/null"
            p.arguments = ["-c", command.replacingOccurrences(of: "curl ", with: "curl -sS -f -w '%{http_code}'\(quiet) ", options: .anchored)]
            p.currentDirectoryURL = dir
            let out = Pipe(), err = Pipe()
            p.standardOutput = out
            p.standardError = err
            try p.run()
            let status = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0 && status == "200", "\(line): \(status) \(errors)")
        }
        #expect(server.stop() == 0)
    }
}
