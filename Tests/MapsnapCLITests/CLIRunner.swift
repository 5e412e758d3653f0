import Foundation
import MapsnapGeo
import MapsnapTestSupport
import MapsnapTiles

/// Runs the built `mapsnap` binary (the one next to the test bundle) and captures its output.
enum CLIRunner {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static var repositoryRoot: URL { BuiltBinary.repositoryRoot }
    static var binary: URL { BuiltBinary.mapsnap }

    /// `executable` runs another program than mapsnap (a fixture tool such as python3, via env).
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    executable: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = directory ?? repositoryRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh scratch folder for one test.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every tile of an archive (MBTiles or PMTiles) with its stored bytes, to compare outputs tile for tile.
    static func tiles(_ path: String) throws -> [TileID: Data] {
        var out: [TileID: Data] = [:]
        try TileArchives.open(path).forEachTile { id, data in out[id] = data }
        return out
    }

    /// Width and height from a PNG's IHDR chunk, or nil when the bytes are not a PNG.
    static func pngSize(_ url: URL) -> (width: Int, height: Int, colorType: UInt8)? {
        guard let d = try? Data(contentsOf: url), d.count > 26,
              d.prefix(8) == Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) else { return nil }
        func be32(_ o: Int) -> Int { d[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20), d[25])
    }
}
