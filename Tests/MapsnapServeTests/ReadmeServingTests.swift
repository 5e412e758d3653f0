import Foundation
import Testing
import MapsnapTestSupport

/// The README's "Serving" section works as written: every `curl` line of its `sh` block, run
/// against a server started as the section says (the port rewritten to a free one), answers 200.
@Suite(.serialized)
struct ReadmeServingTests {
    static var curls: [String] {
        let readme = (try? String(contentsOf: ServerProcess.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        guard let start = readme.range(of: "## Serving") else { return [] }
        let section = readme[start.upperBound...]
        var out: [String] = [], inShell = false
        for line in section.components(separatedBy: "\n") {
            if line.hasPrefix("## ") { break }
            if line.hasPrefix("```") { inShell = line == "```sh"; continue }
            if inShell, line.hasPrefix("curl ") { out.append(line) }
        }
        return out
    }

    @Test func theSectionHasAnExampleForEveryRoute() {
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
