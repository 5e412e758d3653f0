import MapsnapTiles

/// Reads everything a decoded tile holds, as the renderer and the geocoder do: every layer (by
/// index and by name), its keys and values, and of every feature its header, properties (both
/// ways), each key looked up, bounds and geometry (polygon rings grouped). A broken layer or
/// feature is skipped, as the renderer skips it, and the walk goes on; the first problem is
/// thrown at the end.
enum TileWalk {
    static func walk(_ tile: VectorTile) throws {
        var firstError: (any Error)?
        for name in tile.layerNames { _ = try? tile.layer(named: name) }
        for index in 0..<tile.layerCount {
            let layer: VectorTileLayer
            do { layer = try tile.layer(at: index) } catch {
                firstError = firstError ?? error
                continue
            }
            _ = (layer.name, layer.extent, layer.version, layer.values)
            for featureIndex in 0..<layer.featureCount {
                do {
                    let feature = try layer.feature(at: featureIndex)
                    _ = (feature.id, feature.geometryType, feature.properties)
                    for key in layer.keys { _ = feature.property(key) }
                    _ = try? feature.validatedProperties()
                    _ = feature.geometryBounds()
                    let parts = try feature.geometryParts()
                    if feature.geometryType == .polygon { _ = classifyRings(parts) }
                } catch {
                    firstError = firstError ?? error
                }
            }
            try? layer.forEachFeature { _ = $0.geometryBounds() }
        }
        if let firstError { throw firstError }
    }
}
