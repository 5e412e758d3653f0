import Foundation
import MapsnapTiles

extension FuzzTarget {
    /// An uncompressed MVT tile, decoded and walked whole (`TileWalk`).
    static let mvt = FuzzTarget("mvt", "Mapbox Vector Tile decoder (uncompressed tile bytes)") { data in
        FuzzVerdict.of { try TileWalk.walk(try VectorTile(data: data)) }
    }
}
