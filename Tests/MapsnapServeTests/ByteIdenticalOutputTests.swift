import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapTiles
import Testing

/// Byte-identical output, whatever the process: every encoding is a function of the pixels and
/// the settings alone, never of what a process (or a thread) encoded before. The same tiles from
/// one run, `--jobs 1` and `--jobs 2`, four and three shards merged, a run killed and resumed,
/// and the server; the same snapshot from processes with other hashing seeds.
@Suite(.serialized)
struct ByteIdenticalOutputTests {
    static let box = "7.4100,43.7250,7.4350,43.7450"
    static let pyramid = ["--bbox", box, "--zoom", "13-16", "--metatile", "2", "-q"]

    static func tiles(_ path: String) throws -> [TileID: Data] {
        var out: [TileID: Data] = [:]
        try TileArchives.open(path).forEachTile { id, data in out[id] = data }
        return out
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stderr: String) {
        try ServerProcess.run(arguments, environment: environment)
    }

    /// Tiles that differ between two sets (or are in one only), for the failure message.
    static func differences(_ a: [TileID: Data], _ b: [TileID: Data]) -> [String] {
        let differing: [TileID] = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
        return differing.map { id in "\(id): \(a[id]?.count ?? 0) vs \(b[id]?.count ?? 0) bytes" }
    }

    @Test func pyramidsAreTheSameBytesHoweverTheyAreMade() throws {
        let dir = try ServerProcess.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

        #expect(try Self.run(["tiles"] + Self.pyramid + ["-o", path("single.mbtiles")]).status == 0)
        let reference = try Self.tiles(path("single.mbtiles"))
        #expect(reference.count > 40)

        var made: [(String, [TileID: Data])] = []
        for jobs in [1, 2] {
            #expect(try Self.run(["tiles"] + Self.pyramid + ["--jobs", "\(jobs)", "-o", path("jobs\(jobs).mbtiles")]).status == 0)
            made.append(("--jobs \(jobs)", try Self.tiles(path("jobs\(jobs).mbtiles"))))
        }
        for n in [4, 3] {
            let shards = (0..<n).map { path("shard\($0)of\(n).mbtiles") }
            for (k, shard) in shards.enumerated() {
                let r = try Self.run(["tiles"] + Self.pyramid + ["--shard", "\(k)/\(n)", "-o", shard])
                #expect(r.status == 0, "\(r.stderr)")
            }
            let merged = try Self.run(["merge"] + shards + ["-o", path("merged\(n).mbtiles")])
            #expect(merged.status == 0, "\(merged.stderr)")
            made.append(("\(n) shards merged", try Self.tiles(path("merged\(n).mbtiles"))))
        }
        // Killed from inside after 7 tiles (no timing involved), then resumed.
        let killed = try Self.run(["tiles"] + Self.pyramid + ["--jobs", "1", "-o", path("resumed.mbtiles"), "--inject-fault", "kill-after-tiles=7"])
        #expect(killed.status == 9 || killed.status == 137, "status \(killed.status)")
        let resumed = try Self.run(["tiles"] + Self.pyramid + ["--resume", "-o", path("resumed.mbtiles")])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        made.append(("killed and resumed", try Self.tiles(path("resumed.mbtiles"))))

        for (how, tiles) in made {
            #expect(Self.differences(reference, tiles).isEmpty, "\(how) differs from one run: \(Self.differences(reference, tiles).prefix(5))")
        }

        // The server draws the same metatiles on demand.
        let server = try ServerProcess(["--style", "light", "--metatile", "2", "--jobs", "2"])
        var served: [TileID: Data] = [:]
        for id in reference.keys {
            let r = try HTTPTestClient.get(server.port, "/styles/light/\(id.z)/\(id.x)/\(id.y).png")
            #expect(r.status == 200, "\(id): \(r.status)")
            served[id] = r.body
        }
        server.stop()
        #expect(Self.differences(reference, served).isEmpty, "the server differs from one run: \(Self.differences(reference, served).prefix(5))")
    }

    @Test func aSnapshotIsTheSameWhateverTheHashingSeed() throws {
        let dir = try ServerProcess.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var images: [Data] = []
        for (k, environment) in [["SWIFT_DETERMINISTIC_HASHING": "1"], [:], [:]].enumerated() {
            let out = dir.appendingPathComponent("map\(k).png")
            let r = try Self.run(["--center", "43.7360,7.4260", "--size", "400x300", "--marker", "43.7365,7.4265,red,Here",
                                  "--style", "bright", "-o", out.path], environment: environment)
            #expect(r.status == 0, "\(r.stderr)")
            images.append(try Data(contentsOf: out))
        }
        #expect(Set(images).count == 1)
    }
}
