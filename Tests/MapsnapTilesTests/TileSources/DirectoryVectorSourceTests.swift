import Foundation
import MapsnapGeo
import Testing
@testable import MapsnapTiles

@Suite struct DirectoryVectorSourceTests {
    static func tile(_ name: String) -> Data {
        var writer = VectorTileWriter()
        writer.addLayer(name: name, features: [VectorTileWriter.Feature(type: .point, parts: [[TilePoint(x: 1, y: 2)]])])
        return writer.data
    }

    @Test func templatesNameTheFiles() {
        let source = DirectoryVectorSource(template: "/t/{z}/{x}/{y}.pbf")
        #expect(source.path(for: TileID(z: 3, x: 4, y: 1)) == "/t/3/4/1.pbf")
        #expect(DirectoryVectorSource(template: "/t/{z}-{x}-{-y}.mvt").path(for: TileID(z: 3, x: 4, y: 1)) == "/t/3-4-6.mvt")
    }

    @Test func filesAreReadOnceAndMissingOnesAreNoTile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("1/0"), withIntermediateDirectories: true)
        try Self.tile("water").write(to: URL(fileURLWithPath: folder.path("1/0/0.pbf")))
        let source = DirectoryVectorSource(template: folder.path("{z}/{x}/{y}.pbf"))
        #expect(try source.vectorTile(TileID(z: 1, x: 0, y: 0))?.layerNames == ["water"])
        #expect(try source.vectorTile(TileID(z: 1, x: 1, y: 0)) == nil)
        // Cached: a changed file is not read again while its tile is in the cache.
        try Self.tile("land").write(to: URL(fileURLWithPath: folder.path("1/0/0.pbf")))
        #expect(try source.vectorTiles(TileID(z: 1, x: 0, y: 0)).map(\.layerNames) == [["water"]])
    }

    @Test func aCorruptFileNamesItselfAndTheTile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data([0x1A, 0xFF]).write(to: URL(fileURLWithPath: folder.path("bad.pbf")))
        let source = DirectoryVectorSource(template: folder.path("bad.pbf"))
        do {
            _ = try source.vectorTile(TileID(z: 2, x: 1, y: 1))
            Issue.record("read")
        } catch {
            #expect("\(error)".hasPrefix("\(folder.path("bad.pbf")): tile 2/1/1 is corrupt: "))
        }
    }
}
