import Foundation
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// Where a feature's symbol may go (MapLibre's anchors), on screen: the kind of anchor follows
/// from `symbol-placement`, the geometry and whether there is text.
extension SymbolLayout {
    /// `repeats`: the anchors this tile's labels of the layer already have, by text (MapLibre's
    /// `compareText`), which `symbol-placement: line` text keeps half a spacing from.
    func anchors(_ parts: [[TilePoint]], _ projection: TileProjection, placement: SymbolPlacement, shaped: ShapedText?,
                 icon: SymbolCandidate.Icon?, style: SymbolStyle, feature: any Feature, spacing: Double,
                 string: String, repeats: inout [String: [Point]]) -> SymbolCandidate.Anchors {
        let alongLine = placement != .point
        if alongLine && style.textRotationAlignment.evaluate(for: feature) == .viewport {
            // Viewport-aligned labels on lines (shields) stay horizontal at MapLibre's anchors.
            if placement == .lineCenter {
                return .spaced(parts.compactMap { centerAnchor($0, projection, text: shaped, icon: icon, style: style, feature: feature)?.icon.point })
            }
            if let shaped, shaped.fontSize > 0 {
                return .spaced(parts.flatMap {
                    textLineAnchors($0, projection, text: shaped, icon: icon, style: style, feature: feature, spacing: spacing,
                                    string: string, repeats: &repeats).map { $0.screen.locate($0.screenAt).point }
                })
            }
            guard let icon else { return .points([]) }
            return .spaced(parts.flatMap { lineAnchors($0, projection, icon: icon, style: style, feature: feature, spacing: spacing).map(\.point) })
        } else if alongLine, shaped == nil, let icon {
            return .iconsOnLine(parts.flatMap { lineAnchors($0, projection, icon: icon, style: style, feature: feature, spacing: spacing) })
        } else if placement == .line, let shaped, shaped.fontSize > 0 {
            return .textOnLine(parts.flatMap {
                textLineAnchors($0, projection, text: shaped, icon: icon, style: style, feature: feature, spacing: spacing,
                                string: string, repeats: &repeats)
            })
        } else if alongLine {
            let anchors = parts.compactMap { centerAnchor($0, projection, text: shaped, icon: icon, style: style, feature: feature) }
            guard shaped == nil else { return .textOnLine(anchors.map(\.text)) }
            return .iconsOnLine(anchors.map(\.icon))
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
        let layout = TileLineLayout(projection, zoom: frame.zoom, textMaxSize: style.textSizeAtZoom18.evaluate(for: feature))
        let shaped = icon.icon.pointWidth
        return layout.tileLines(part).flatMap { line in
            LineAnchors.anchors(line, spacing: spacing * layout.tilePixelRatio, labelLength: shaped * layout.boxScale,
                                shapedLabelLength: shaped, boxScale: layout.boxScale, overscaling: layout.overscaling)
        }.map { a in
            let at = layout.screen(a.point)
            let ahead = layout.screen(a.point + Point(x: cos(a.angle), y: sin(a.angle)) * layout.k)
            return (at, atan2(ahead.y - at.y, ahead.x - at.x))
        }
    }

    /// MapLibre's `line-center` anchor of one line of a feature (`getCenterAnchor`): halfway along
    /// the line as the tile holds it (buffer included), kept only when it lies in the tile (the
    /// neighbour places its own) and the line bends less than `text-max-angle` under the label.
    private func centerAnchor(_ part: [TilePoint], _ projection: TileProjection, text: ShapedText?, icon: SymbolCandidate.Icon?,
                              style: SymbolStyle, feature: any Feature) -> (text: LineTextAnchor, icon: (point: Point, angle: Double))? {
        let layout = TileLineLayout(projection, zoom: frame.zoom, textMaxSize: style.textSizeAtZoom18.evaluate(for: feature))
        guard part.count > 1 else { return nil }
        let line = part.map { Point(x: Double($0.x) * layout.k, y: Double($0.y) * layout.k) }
        let shaped = max(text.map { $0.lineAdvance * LineAnchors.glyphSize / $0.fontSize } ?? 0, icon?.icon.pointWidth ?? 0)
        // Only text checks the bends (MapLibre's angle window is 0 without text).
        let bends = LineAnchors.Bends(window: text == nil ? 0 : 3.0 / 5 * LineAnchors.glyphSize * layout.boxScale,
                                      maxAngle: style.layout.textMaxAngle.evaluate(for: feature) * .pi / 180)
        guard let a = LineAnchors.centerAnchor(line, labelLength: shaped * layout.boxScale, bends: bends),
              a.point.x >= 0, a.point.y >= 0, a.point.x < LineAnchors.extent, a.point.y < LineAnchors.extent else { return nil }
        let anchor = layout.lineTextAnchor(line, a)
        let at = layout.screen(a.point)
        let ahead = layout.screen(a.point + Point(x: cos(a.angle), y: sin(a.angle)) * layout.k)
        return (anchor, (at, atan2(ahead.y - at.y, ahead.x - at.x)))
    }

    /// MapLibre's anchors for text along one tile's part of a line (`getAnchors` with
    /// `text-max-angle`, then `anchorIsTooClose`: no two anchors of the same text in a tile
    /// closer than half the spacing), each as the tile's line on screen and how far along it the
    /// label's middle goes.
    private func textLineAnchors(_ part: [TilePoint], _ projection: TileProjection, text: ShapedText, icon: SymbolCandidate.Icon?,
                                 style: SymbolStyle, feature: any Feature, spacing: Double, string: String,
                                 repeats: inout [String: [Point]]) -> [LineTextAnchor] {
        let layout = TileLineLayout(projection, zoom: frame.zoom, textMaxSize: style.textSizeAtZoom18.evaluate(for: feature))
        // The label's length at MapLibre's 24-px layout size (the icon's if longer), in pixels.
        let shaped = max(text.lineAdvance * LineAnchors.glyphSize / text.fontSize, icon?.icon.pointWidth ?? 0)
        let maxAngle = style.layout.textMaxAngle.evaluate(for: feature) * .pi / 180
        let repeatDistance = spacing * layout.tilePixelRatio / 2
        var out: [LineTextAnchor] = []
        for line in layout.tileLines(part) {
            let anchors = LineAnchors.anchors(line, spacing: spacing * layout.tilePixelRatio, labelLength: shaped * layout.boxScale,
                                              shapedLabelLength: shaped, boxScale: layout.boxScale, overscaling: layout.overscaling,
                                              angleWindow: 3.0 / 5 * LineAnchors.glyphSize * layout.boxScale, maxAngle: maxAngle)
            guard !anchors.isEmpty else { continue }
            for a in anchors {
                if repeats[string, default: []].contains(where: { ($0 - a.point).length < repeatDistance }) { continue }
                repeats[string, default: []].append(a.point)
                out.append(layout.lineTextAnchor(line, a))
            }
        }
        return out
    }
}

/// A tile's lines in MapLibre's layout units (an 8,192-unit tile, `LineAnchors`) and the scales
/// its symbol layout uses there.
struct TileLineLayout {
    let projection: TileProjection
    /// Layout units per tile unit.
    let k: Double
    /// How far the tile is overzoomed (a power of two).
    let overscaling: Double
    /// Layout units per pixel (MapLibre's `tilePixelRatio`).
    let tilePixelRatio: Double
    /// Layout units per pixel of text at MapLibre's 24-px layout size, for text of `textMaxSize`.
    let boxScale: Double

    init(_ projection: TileProjection, zoom: Double, textMaxSize: Double) {
        self.projection = projection
        // The tile's side in plane points, against a tile of the frame's zoom.
        let side = (projection.planeCorners[1] - projection.planeCorners[0]).length
        overscaling = max(1, exp2((log2(side / (WebMercator.tileSize * exp2(zoom - zoom.rounded(.down))))).rounded()))
        k = LineAnchors.extent / projection.extent
        tilePixelRatio = LineAnchors.extent / (WebMercator.tileSize * overscaling)
        boxScale = tilePixelRatio * textMaxSize / LineAnchors.glyphSize
    }

    /// A line in layout units, clipped to its tile first as MapLibre clips it, so that a line
    /// entering from the buffer starts at the tile's edge (a continued line, with its own first
    /// offset).
    func tileLines(_ part: [TilePoint]) -> [[Point]] {
        guard part.count > 1 else { return [] }
        return LineAnchors.clippedToTile(part.map { Point(x: Double($0.x) * k, y: Double($0.y) * k) })
    }

    /// A label's anchor on a line (layout units) as the placement uses it: the line on the plane
    /// and on screen, and how far along each the anchor lies.
    func lineTextAnchor(_ line: [Point], _ a: LineAnchors.Anchor) -> LineTextAnchor {
        let plane = line.map(self.plane), screen = projection.perspective == nil ? plane : line.map(self.screen)
        // How far along a line the anchor lies: its vertices up to the anchor's segment, then to it.
        func distance(_ points: [Point], _ at: Point) -> Double {
            var along = 0.0
            for i in 0..<a.segment { along += (points[i + 1] - points[i]).length }
            return along + (at - points[a.segment]).length
        }
        return LineTextAnchor(plane: Polyline(plane), planeAt: distance(plane, self.plane(a.point)),
                              screen: Polyline(screen), screenAt: distance(screen, self.screen(a.point)))
    }

    /// A point in layout units on screen.
    func screen(_ p: Point) -> Point { projection.screen(tileUnits: Point(x: p.x / k, y: p.y / k)) }

    /// A point in layout units on the plane (the view without its pitch).
    func plane(_ p: Point) -> Point {
        let x = p.x / k, y = p.y / k
        return Point(x: projection.a * x + projection.b * y + projection.c, y: projection.d * x + projection.e * y + projection.f)
    }
}
