import Foundation
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// Where a feature's symbol may go (MapLibre's anchors), on screen: the kind of anchor follows
/// from `symbol-placement`, the geometry and whether there is text.
extension SymbolLayout {
    func anchors(_ parts: [[TilePoint]], _ projection: TileProjection, alongLine: Bool, shaped: ShapedText?,
                 icon: SymbolCandidate.Icon?, style: SymbolStyle, feature: any Feature, spacing: Double) -> SymbolCandidate.Anchors {
        if alongLine && style.textRotationAlignment.evaluate(for: feature) == .viewport {
            // Viewport-aligned labels on lines stay horizontal, repeated every symbol-spacing (shields).
            return .spaced(parts.flatMap { Polyline(projection.screen($0)).spacedPoints(every: spacing).map(\.point) })
        } else if alongLine, shaped == nil, let icon {
            return .iconsOnLine(parts.flatMap { lineAnchors($0, projection, icon: icon, style: style, feature: feature, spacing: spacing) })
        } else if alongLine {
            // A label is placed along a line (by placement) only where the line is longer than it.
            let minimum = shaped?.lineAdvance ?? 0
            return .lines(parts.map { Polyline(projection.screen($0)) }.filter { $0.length > minimum })
        } else {
            return .points(Self.pointAnchors(feature.geometryType, parts, projection))
        }
    }

    /// Where MapLibre anchors point-placed labels: each point, the pole of inaccessibility of each
    /// polygon, the first vertex of each line; only those inside the tile (the buffer copies
    /// belong to the neighbours).
    static func pointAnchors(_ type: GeometryType, _ parts: [[TilePoint]], _ projection: TileProjection) -> [Point] {
        // Anchors in the tile's buffer belong to the neighbouring tile, which places them.
        let extent = projection.extent
        func inTile(_ p: Point) -> Bool { p.x >= 0 && p.y >= 0 && p.x < extent && p.y < extent }
        func inTile(_ p: TilePoint) -> Bool { inTile(Point(x: Double(p.x), y: Double(p.y))) }
        switch type {
        case .point:
            return parts.flatMap { $0 }.filter(inTile).map(projection.screen)
        case .polygon:
            // As MapLibre: one label per polygon of the feature, at its pole of inaccessibility
            // (to 16 of MapLibre's 8192 tile units), if that lies in this tile.
            return classifyRings(parts).compactMap { PoleOfInaccessibility.find($0, precision: 16 * extent / 8192) }
                .filter(inTile)
                .map { c in Point(x: projection.a * c.x + projection.b * c.y + projection.c,
                                  y: projection.d * c.x + projection.e * c.y + projection.f) }
        default:
            // MapLibre puts a point-placed label of a line at the line's first vertex, each line
            // of a multi-line its own.
            return parts.compactMap { $0.first }.filter(inTile).map(projection.screen)
        }
    }

    /// MapLibre's anchors for an icon along one tile's part of a line (`LineAnchors`), on screen:
    /// they are computed in its tile units, so that icons land where MapLibre's do.
    private func lineAnchors(_ part: [TilePoint], _ projection: TileProjection, icon: SymbolCandidate.Icon, style: SymbolStyle,
                             feature: any Feature, spacing: Double) -> [(point: Point, angle: Double)] {
        guard part.count > 1 else { return [] }
        let zoom = frame.zoom
        // The tile's side in plane points, and how far it is overzoomed (a power of two).
        let side = (projection.planeCorners[1] - projection.planeCorners[0]).length
        let overscaling = max(1, exp2((log2(side / (WebMercator.tileSize * exp2(zoom - zoom.rounded(.down))))).rounded()))
        let k = LineAnchors.extent / projection.extent
        let tilePixelRatio = LineAnchors.extent / (WebMercator.tileSize * overscaling)
        let boxScale = tilePixelRatio * style.textSizeAtZoom18.evaluate(for: feature) / LineAnchors.glyphSize
        let shaped = icon.icon.pointWidth
        let line = part.map { Point(x: Double($0.x) * k, y: Double($0.y) * k) }
        // As MapLibre: the line clipped to its tile first, so that a line entering from the
        // buffer starts at the tile's edge (a continued line, with its own first offset).
        let tileLines = LineAnchors.clippedToTile(line)
        return tileLines.flatMap { line in
            LineAnchors.anchors(line, spacing: spacing * tilePixelRatio, labelLength: shaped * boxScale,
                                shapedLabelLength: shaped, boxScale: boxScale, overscaling: overscaling)
        }.map { a in
            let at = projection.screen(tileUnits: Point(x: a.point.x / k, y: a.point.y / k))
            let ahead = projection.screen(tileUnits: Point(x: a.point.x / k + cos(a.angle), y: a.point.y / k + sin(a.angle)))
            return (at, atan2(ahead.y - at.y, ahead.x - at.x))
        }
    }
}
