/// Groups polygon rings (as `VectorTileFeature.geometryParts()` returns them) into polygons, each an
/// exterior ring followed by its holes, per MVT 2.1 §4.3.4.4: a ring with positive area (clockwise
/// on screen, y down) starts a new polygon, a ring with negative area is a hole in the polygon
/// before it; rings with zero area are dropped.
///
/// As MapLibre does, the winding of the first non-degenerate ring is taken as the exterior
/// winding of the feature, so version 1 tiles written with the opposite winding still give their
/// polygons instead of a list of orphaned holes. For spec-conforming tiles (whose first ring is
/// always an exterior) this is exactly the rule above.
public func classifyRings(_ rings: [[TilePoint]]) -> [[[TilePoint]]] {
    var polygons: [[[TilePoint]]] = []
    var current: [[TilePoint]] = []
    var exteriorIsPositive: Bool?
    for ring in rings {
        let area = doubledSignedArea(ring)
        if area == 0 { continue }
        let positive = area > 0
        if exteriorIsPositive == nil { exteriorIsPositive = positive }
        if positive == exteriorIsPositive {
            if !current.isEmpty { polygons.append(current) }
            current = [ring]
        } else {
            current.append(ring)
        }
    }
    if !current.isEmpty { polygons.append(current) }
    return polygons
}
