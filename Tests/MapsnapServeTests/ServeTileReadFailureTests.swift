import Foundation
import Testing

/// An archive cut short while the server runs: a tile whose data cannot be read is a 500 with
/// `Cache-Control: no-store` and a log line naming the archive and the tile, never a blank 200
/// tile kept for a day; nothing is cached in memory or in `--cache`, so once the archive is
/// repaired (in place) the tile is drawn from it.
@Suite(.serialized)
struct ServeTileReadFailureTests {
    static let tile = "/styles/light/16/34118/23898.png"

    @Test func aTruncatedArchiveIs500NotABlankTileAndNothingIsCached() throws {
        let dir = try ServerProcess.scratch()
        let archive = dir.appendingPathComponent("t.mbtiles").path
        let original = try Data(contentsOf: ServerProcess.repositoryRoot.appendingPathComponent("data/monaco.mbtiles"))
        try original.write(to: URL(fileURLWithPath: archive))
        let server = try ServerProcess(["--style", "light", "--tiles", archive, "--metatile", "2", "--jobs", "1",
                                        "--cache", dir.appendingPathComponent("cache").path])
        #expect(truncate(archive, 400_000) == 0)
        for _ in 0..<2 {   // twice: the failure is not kept
            let r = try HTTPTestClient.get(server.port, Self.tile)
            #expect(r.status == 500, "\(r.status)")
            #expect(r.header("Cache-Control") == "no-store")
            #expect(r.text == "tile 16/34118/23898 of 'light': the map's data could not be read (the server's log names the archive and tile); try again later\n")
        }
        let log = server.stderr
        #expect(log.contains("mapsnap: error: tile 16/34118/23898 of 'light' (metatile 16/34118/23898 (2x2)) answered 500: \(archive): cannot read tile 14/"), "\(log)")

        // Repaired in place (the same file, as `cp` over it does): drawn from the data.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: archive))
        try handle.write(contentsOf: original)
        try handle.close()
        let repaired = try HTTPTestClient.get(server.port, Self.tile)
        #expect(repaired.status == 200 && repaired.header("Cache-Control") == "public, max-age=86400")
        let metrics = try HTTPTestClient.get(server.port, "/metrics").text.split(separator: "\n")
        for line in ["mapsnap_tile_cache_total{result=\"miss\"} 3", "mapsnap_tile_cache_total{result=\"memory_hit\"} 0",
                     "mapsnap_tile_cache_total{result=\"disk_hit\"} 0", "mapsnap_http_requests_total{route=\"tile\",status=\"500\"} 2"] {
            #expect(metrics.contains(Substring(line)), "\(line)")
        }
        #expect(server.stop() == 0)

        // The tile is the one the intact data gives.
        let reference = try ServerProcess(["--style", "light", "--tiles", "data/monaco.mbtiles", "--metatile", "2", "--jobs", "1"])
        #expect(try HTTPTestClient.get(reference.port, Self.tile).body == repaired.body)
        #expect(reference.stop() == 0)
    }
}
