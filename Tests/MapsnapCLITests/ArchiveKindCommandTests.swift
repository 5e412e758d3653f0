import Foundation
import Testing

/// An archive given as the wrong kind of data (images as vector tiles, vector tiles as a raster
/// source) is refused once when it is opened, naming it, rather than a warning for every tile
/// that does not decode; a geocode over images finds no addresses and says why. Messages pinned.
@Suite(.serialized)
struct ArchiveKindCommandTests {
    /// Images given as vector tiles are refused once, naming the archive, rather than a warning
    /// per tile ("invalid field number 0"); a geocode over images finds no addresses and says why.
    @Test func rasterArchivesGivenAsVectorDataAreNamedOnce() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let raster = dir.appendingPathComponent("raster.mbtiles").path
        #expect(try CLIRunner.run(["tiles", "--bbox", "7.415,43.728,7.432,43.740", "--zoom", "15", "-o", raster]).status == 0)
        let snap = try CLIRunner.run(["--tiles", raster, "--center", "43.7360,7.4260", "--zoom", "15", "--size", "100x100",
                                      "-o", dir.appendingPathComponent("m.png").path])
        #expect(snap.status == 2)
        #expect(snap.stderr == "mapsnap: error: --tiles: \(raster): this archive holds raster tiles (png); give it as a raster source\n", "\(snap.stderr)")
        let geocode = try CLIRunner.run(["geocode", "43.7360,7.4260", "--tiles", raster])
        #expect(geocode.status == 2 && geocode.stdout.isEmpty)
        #expect(geocode.stderr == snap.stderr, "\(geocode.stderr)")

        let style = dir.appendingPathComponent("satellite.json")
        try Data("""
        {"version": 8, "sources": {"sat": {"type": "raster", "url": "mbtiles://raster.mbtiles", "tileSize": 256}},
         "layers": [{"id": "sat", "type": "raster", "source": "sat"}]}
        """.utf8).write(to: style)
        let rasterOnly = try CLIRunner.run(["geocode", "43.7360,7.4260", "--style", style.path])
        #expect(rasterOnly.status == 2 && rasterOnly.stdout.isEmpty)
        #expect(rasterOnly.stderr == "mapsnap: error: --style: the style's data, \(raster), holds raster tiles; geocode finds addresses "
                + "in vector tiles, which only a style with a vector source reads\n", "\(rasterOnly.stderr)")
    }

    /// Vector tiles given as a raster source: the same, the other way round.
    @Test func vectorArchivesGivenAsARasterSourceAreNamedOnce() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let monaco = CLIRunner.repositoryRoot.appendingPathComponent("data/monaco.mbtiles").path
        let style = dir.appendingPathComponent("satellite.json")
        try Data("""
        {"version": 8, "sources": {"sat": {"type": "raster", "url": "mbtiles://\(monaco)", "tileSize": 256}},
         "layers": [{"id": "sat", "type": "raster", "source": "sat"}]}
        """.utf8).write(to: style)
        let r = try CLIRunner.run(["--style", style.path, "--center", "43.7360,7.4260", "--zoom", "15", "--size", "100x100",
                                   "-o", dir.appendingPathComponent("m.png").path])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: --style: source 'sat': \(monaco): this archive holds vector tiles (pbf); give it as a vector source\n", "\(r.stderr)")
    }
}
