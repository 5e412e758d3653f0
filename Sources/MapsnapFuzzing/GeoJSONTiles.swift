import MapsnapFormats
import MapsnapGeo
import MapsnapTiles

/// Reads GeoJSON as a style's `geojson` source does (MapLibre's rules) and cuts the tiles a
/// render of its data would ask for: the world tile, and the tile under the data's centre at a
/// middle zoom and at the source's deepest zoom; each tile is decoded back, and must decode.
enum GeoJSONTiles {
    static func cut(_ json: JSONValue, maxZoom: Int, buffer: Double, tolerance: Double, generateId: Bool) throws {
        let source = try GeoJSONVectorSource(geoJSON: json, maxZoom: maxZoom, buffer: buffer, tolerance: tolerance,
                                             generateId: generateId)
        var tiles = [TileID(z: 0, x: 0, y: 0)]
        if let center = source.bounds?.center, LatLon.isValidLatitude(center.latitude), LatLon.isValidLongitude(center.longitude) {
            for z in Set([min(source.maxZoom, 8), source.maxZoom]) { tiles.append(TileID(containing: center, z: z)) }
        }
        for id in tiles {
            // A tile the writer made must decode: anything else is a bug in the writer.
            guard let tile = try source.vectorTile(id) else { continue }
            do { try TileWalk.walk(tile) } catch { preconditionFailure("GeoJSON tile \(id) does not decode: \(error)") }
        }
    }
}
