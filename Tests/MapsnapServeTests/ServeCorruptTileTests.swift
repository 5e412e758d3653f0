import Foundation
import MapsnapTestSupport
import Testing

/// A corrupt source tile under a served image: the image is drawn without it (200, as MapLibre
/// skips a tile it cannot parse) and the server's log names the archive and the tile, once for
/// the server's life however many requests meet it.
@Suite(.serialized)
struct ServeCorruptTileTests {
    @Test func aCorruptSourceTileIsWarnedOnceInTheLog() throws {
        let dir = try ServerProcess.scratch()
        let archive = try DamagedArchive.monaco(in: dir)
        let server = try ServerProcess(["--style", "light", "--tiles", archive.path, "--jobs", "1"])
        // The damaged tile's middle, at a zoom drawn from zoom-14 tiles, twice.
        for _ in 0..<2 {
            let r = try HTTPTestClient.get(server.port, "/static?center=43.73141,7.41577&zoom=15&size=300x200")
            #expect(r.status == 200, "\(r.status) \(r.text)")
        }
        #expect(server.stop() == 0)
        let warnings = server.stderr.split(separator: "\n").filter { $0.contains("is corrupt") }
        #expect(warnings.count == 1, "\(server.stderr)")
        #expect(warnings.first?.hasPrefix("mapsnap: warning: \(archive.path): tile \(DamagedArchive.tile) is corrupt") == true, "\(server.stderr)")
    }
}
