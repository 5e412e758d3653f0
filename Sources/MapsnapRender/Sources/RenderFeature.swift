/// A feature as the renderer keeps it for one frame: decoded once per tile and source layer,
/// shared by every style layer that reads it (a road's casing and its fill decode its geometry once).
final class RenderFeature {
    let source: VectorTileFeature
    /// The same feature as an existential, boxed once rather than at every filter or property call.
    let feature: any Feature
    var geometryType: GeometryType { source.geometryType }

    init(_ source: VectorTileFeature) {
        self.source = source
        feature = source
    }

    private var decodedParts: [[TilePoint]]??
    /// The geometry in tile units, or nil when it is corrupt (the feature is then skipped).
    var parts: [[TilePoint]]? {
        if let decodedParts { return decodedParts }
        let p = try? source.geometryParts()
        decodedParts = .some(p)
        return p
    }
}

/// The features of one source layer in one tile, and where the tile lies on screen.
struct TileLayerFeatures {
    let tile: LoadedTile
    let projection: TileProjection
    let features: [RenderFeature]
}
