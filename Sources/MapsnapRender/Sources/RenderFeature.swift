import MapsnapGeo
import MapsnapStyle
import MapsnapTiles
/// A feature as the renderer keeps it for one frame: decoded once per tile and source layer,
/// shared by every style layer that reads it (a road's casing and its fill decode its geometry once).
final class RenderFeature {
    let source: VectorTileFeature
    /// The same feature as an existential, boxed once rather than at every filter or property call.
    let feature: any Feature
    var geometryType: GeometryType { source.geometryType }
    /// The tile's width in geometry units (the layer's extent).
    let extent: Int32

    /// `feature`: the feature as the style reads it, when it differs from `source` (with a state).
    init(_ source: VectorTileFeature, extent: Int, feature: (any Feature)? = nil) {
        self.source = source
        self.feature = feature ?? source
        self.extent = Int32(clamping: extent)
    }

    private var decoded = false
    private var decodedParts: [[TilePoint]]?
    private var bounds: TileBounds?

    /// The geometry in tile units, or nil when it is corrupt (the feature is then skipped).
    /// Points in the tile's buffer (outside `0..<extent`) are left out, as MapLibre's circle and
    /// symbol buckets leave them out: the neighbouring tile holds them, and drawing both copies
    /// would darken a circle's anti-aliased rim or place a label twice.
    var parts: [[TilePoint]]? {
        if !decoded {
            decoded = true
            decodedParts = try? source.geometryParts()
            if geometryType == .point, let parts = decodedParts {
                let e = extent
                decodedParts = parts.compactMap { part in
                    let inside = part.filter { $0.x >= 0 && $0.x < e && $0.y >= 0 && $0.y < e }
                    return inside.isEmpty ? nil : inside
                }
            }
        }
        return decodedParts
    }

    /// Whether the geometry's bounding box meets `area` (tile units). Reads only the bounds, so
    /// features off screen are never decoded.
    func intersects(_ area: TileBounds) -> Bool {
        if bounds == nil {
            let b = source.geometryBounds()
            bounds = b.map { TileBounds(minX: $0.minX, minY: $0.minY, maxX: $0.maxX, maxY: $0.maxY) } ?? .empty
        }
        return bounds!.intersects(area)
    }
}

/// An axis-aligned box in tile units.
struct TileBounds {
    var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32
    static let empty = TileBounds(minX: .max, minY: .max, maxX: .min, maxY: .min)

    @inline(__always) mutating func add(_ p: TilePoint) {
        if p.x < minX { minX = p.x }
        if p.x > maxX { maxX = p.x }
        if p.y < minY { minY = p.y }
        if p.y > maxY { maxY = p.y }
    }

    @inline(__always) func intersects(_ o: TileBounds) -> Bool {
        minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY
    }
}

/// The features of one source layer in one tile, and where the tile lies on screen.
final class TileLayerFeatures {
    let tile: LoadedTile
    let projection: TileProjection
    let features: [RenderFeature]
    /// The part of the tile that can show on screen (the frame plus a margin), in tile units:
    /// features outside it are skipped before anything is drawn or placed.
    let visibleArea: TileBounds
    /// The same for labels, whose text and icons reach further from their anchors.
    let labelArea: TileBounds

    init(tile: LoadedTile, projection: TileProjection, features: [RenderFeature], visibleArea: TileBounds, labelArea: TileBounds) {
        self.tile = tile
        self.projection = projection
        self.features = features
        self.visibleArea = visibleArea
        self.labelArea = labelArea
    }

    /// The property styles select features by (OpenMapTiles' `class`).
    static let bucketKey = "class"
    private var buckets: [FeatureValue: [Int]]?
    private var missing: [Int] = []

    /// The indices (in order) of the features whose `class` can pass a filter limited to `possible`.
    func indices(for possible: PossibleValues) -> [Int] {
        if buckets == nil {
            var b: [FeatureValue: [Int]] = [:]
            for (i, f) in features.enumerated() {
                if let v = f.source.property(Self.bucketKey) { b[v, default: []].append(i) } else { missing.append(i) }
            }
            buckets = b
        }
        var out: [Int] = possible.includesMissing ? missing : []
        for v in possible.values { out += buckets![v] ?? [] }
        if possible.values.count + (possible.includesMissing ? 1 : 0) > 1 { out.sort() }
        return out
    }
}
