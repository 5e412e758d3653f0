import Foundation
import MapsnapTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A `mapsnap serve` process of the built binary on a free loopback port (`--port 0`; the port is
/// read from its first line), ready once `/health` answers 200.
final class ServerProcess {
    let process = Process()
    let port: Int
    let stderrURL: URL
    private let out = Pipe()

    static var repositoryRoot: URL { BuiltBinary.repositoryRoot }
    static var binary: URL { BuiltBinary.mapsnap }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Starts `mapsnap serve --port 0 ARGUMENTS` and waits until it is ready (`waitForHealth`).
    init(_ arguments: [String], environment: [String: String] = [:], waitForHealth: Bool = true) throws {
        stderrURL = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-serve-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = Self.binary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = Self.repositoryRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
        // The first line names the port: "mapsnap serve: listening on http://127.0.0.1:PORT/ …".
        var line = Data()
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            guard let b = byte.first else { throw Failure(description: "the server ended before listening: \(Self.read(stderrURL))") }
            if b == 10 { break }
            line.append(b)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "127.0.0.1:"), let p = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            throw Failure(description: "no port in '\(text)'")
        }
        port = p
        if waitForHealth { try self.waitForHealth() }
    }

    /// Polls `/health` until 200: a bounded number of attempts, 50 ms apart (a safety bound of a
    /// minute for a loaded machine; nothing depends on how long it takes).
    func waitForHealth() throws {
        for _ in 0..<1200 {
            if let r = try? HTTPTestClient.get(port, "/health"), r.status == 200 { return }
            guard process.isRunning else { throw Failure(description: "the server exited: \(stderr)") }
            usleep(50_000)
        }
        throw Failure(description: "not ready after 1200 attempts: \(stderr)")
    }

    /// Polls `/metrics` (from `source`, as `HTTPTestClient`) until `line` is one of its lines
    /// (bounded, as `waitForHealth`).
    func waitForMetric(_ line: String, from source: String = "127.0.0.1") throws {
        for _ in 0..<1200 {
            if let r = try? HTTPTestClient.get(port, "/metrics", from: source), r.text.split(separator: "\n").contains(Substring(line)) { return }
            usleep(50_000)
        }
        throw Failure(description: "/metrics never showed '\(line)'")
    }

    var stderr: String { Self.read(stderrURL) }
    var stdout: String { String(decoding: out.fileHandleForReading.availableData, as: UTF8.self) }

    func signal(_ sig: Int32) { kill(process.processIdentifier, sig) }

    /// SIGTERM, then the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { signal(SIGTERM) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: stderrURL)
    }

    private static func read(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    /// Runs the built binary to the end (the CLI side of a comparison), with `environment` added.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.currentDirectoryURL = repositoryRoot
        if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Width and height from a PNG's header.
func pngSize(_ d: Data) -> (width: Int, height: Int)? {
    guard d.count > 24, d.prefix(8) == Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) else { return nil }
    func be32(_ o: Int) -> Int { d[d.startIndex + o..<d.startIndex + o + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}
