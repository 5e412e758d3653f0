import Foundation
import MapsnapGeo
import Testing
@testable import MapsnapTiles

@Suite struct ArchiveVectorSourceTests {
    @Test func archivesOfOneSourceAddUp() throws {
        let monaco = try MBTilesArchive(path: RepositoryData.monaco), andorra = try MBTilesArchive(path: RepositoryData.andorra)
        let source = ArchiveVectorSource(archives: [monaco, andorra])
        #expect(source.bounds == BoundingBox.union(of: [monaco.metadata.bounds!, andorra.metadata.bounds!]))
        #expect(source.minZoom == min(monaco.metadata.minZoom ?? 0, andorra.metadata.minZoom ?? 0))
        let id = TileID(containing: LatLon(43.7384, 7.4246), z: 14)
        #expect(try source.vectorTiles(id).count == 1)
        #expect(try source.vectorTile(id) != nil)
        #expect(try ArchiveVectorSource(archives: [monaco, monaco]).vectorTiles(id).count == 2)
    }
}
