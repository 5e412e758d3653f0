import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// Places the labels of every symbol layer before anything is drawn: the top layer first (higher
/// layers win), within a layer by `symbol-sort-key`, then in data order. A label is placed only
/// when all its boxes fit inside the frame and hit no placed box, so labels never overlap.
final class LabelPlacer {
    let frame: RenderFrame
    /// Where each text was placed along lines, to avoid repeating a street name too close by.
    private var lineLabelCenters: [String: [Point]] = [:]

    /// Whether labels of different sources collide (MapLibre's map option `crossSourceCollisions`).
    private let crossSourceCollisions: Bool
    /// The collision group of each source when they do not (see `CollisionIndex`).
    private var sourceGroups: [String: Int] = [:]
    /// The group of the layer being placed.
    private var group = 0
    /// Every box each layer's symbols tried, placed or not, when asked for (`collisionDebug`).
    private(set) var debugBoxes: [String: [CollisionDebugBox]]?
    private var layerDebugBoxes: [CollisionDebugBox] = []

    init(frame: RenderFrame, crossSourceCollisions: Bool = true, recordsBoxes: Bool = false) {
        self.frame = frame
        self.crossSourceCollisions = crossSourceCollisions
        debugBoxes = recordsBoxes ? [:] : nil
    }

    private func collides(_ box: Rect, _ mode: OverlapMode) -> Bool { frame.collisions.collides(box, mode, group: group) }
    private func collides(_ boxes: [Rect], _ mode: OverlapMode) -> Bool { frame.collisions.collides(boxes, mode, group: group) }
    private func take(_ box: Rect, _ mode: OverlapMode) { frame.collisions.insert(box, mode, group: group) }
    private func take(_ boxes: [Rect], _ mode: OverlapMode) { frame.collisions.insert(boxes, mode, group: group) }
    private func record(_ box: Rect?, placed: Bool) {
        if debugBoxes != nil, let box { layerDebugBoxes.append(CollisionDebugBox(box: box, placed: placed)) }
    }

    /// One feature's label before placement.
    private struct Candidate {
        let text: ShapedText?
        /// The text shaped at a multiple of its size (a pitched camera scales labels by distance),
        /// justified as given (nil: as the layer says).
        let shapedAt: (Double, TextAlignment?) -> ShapedText?
        /// `text-justify: auto` with variable anchors: the lines are justified toward the anchor
        /// the label takes, as MapLibre shapes once per justification.
        let justifiesToAnchor: Bool
        var icon: CandidateIcon?
        let string: String
        let sortKey: Double
        let paint: TextPaint
        let anchors: Anchors
        let padding: Double
        let overlap: OverlapMode
        let ignorePlacement: Bool
        /// Where the text may sit around its anchor point, tried in order (`text-variable-anchor`;
        /// otherwise just `text-anchor` with its offset in points).
        let textPlacements: [TextPlacement]
        let translate: Point       // text-translate in points
        /// Point labels: radians clockwise (`text-rotate`, and the map's rotation for
        /// `text-rotation-alignment: map`).
        var rotation: Double
        /// `text-rotation-alignment: map` at a point: pitched, the text turns as the map's x axis
        /// appears at its anchor, not just by the bearing.
        let textTurnsWithMap: Bool
        let maxAngle: Double       // radians
        /// Along lines: turn labels (`text-keep-upright`) and icons (`icon-keep-upright`) that
        /// would read upside down.
        let keepTextUpright: Bool
        let keepIconUpright: Bool
        let spacing: Double
        let placement: SymbolPlacement
        /// Its tile's center on the plane (see `PlacedLabel.tileCenter`).
        let tileCenter: Point
        /// Point labels on a pitched map: the text lies on the map (`text-pitch-alignment: map`,
        /// or `auto` with rotation alignment `map`), laid out flat and warped by the projection.
        let textOnMap: Bool
        /// Point labels: `text-writing-mode`, tried in order (empty: horizontal only), and the text
        /// shaped as a vertical column at a multiple of its size (nil when it cannot run vertically).
        let writingModes: [WritingMode]
        let verticalText: ((Double) -> ShapedText?)?
        /// Along lines: `text-offset` in points, x along the line as it reads, y across it (down).
        let lineOffset: Point
        /// An icon fitted to a text that came out empty: as in MapLibre it takes its place (at
        /// its own size) but is not drawn, having nothing to fit around.
        let iconHidden: Bool
    }
    struct TextPlacement {
        let anchor: TextAnchor
        let offset: Point
        /// One of several anchors to try: MapLibre then shifts the text by its padded box, so that
        /// it lies `text-padding` further from the point.
        var variable = false
    }
    private struct CandidateIcon {
        let icon: SpriteSheet.Icon
        let size: Double
        let offset: Point
        let padding: Padding
        let opacity: Double
        let overlap: OverlapMode
        let ignorePlacement: Bool
        let optional: Bool
        let textOptional: Bool
        /// icon-rotate, radians clockwise, with the map's bearing for `icon-rotation-alignment: map`.
        var rotation: Double
        /// `icon-rotation-alignment: map` at a point (see `Candidate.textTurnsWithMap`).
        let turnsWithMap: Bool
        /// icon-rotate alone, radians clockwise (what turns its collision box).
        var ownRotation: Double
        /// icon-anchor: which part of the icon sits on the point.
        let anchor: TextAnchor
        /// icon-translate in points.
        let translate: Point
        /// icon-text-fit and its padding (top, right, bottom, left, points).
        let textFit: IconTextFit
        let textFitPadding: [Double]
        /// `icon-pitch-alignment` (`auto`: as the rotation alignment): the icon lies on a pitched map.
        let onMap: Bool
        /// Sampled bilinearly rather than pixel for pixel (see `samplesLinearly`).
        let linear: Bool
        let tint: SDFTint?
    }
    private enum Anchors {
        /// The first point where the label fits.
        case points([Point])
        /// Every point where it fits (upright labels repeated along a line).
        case spaced([Point])
        case lines([Polyline])
        /// Icons without text along lines, at MapLibre's anchors (screen point, line angle).
        case iconsOnLine([(point: Point, angle: Double)])
    }

    /// Places the labels of one symbol layer (call from the top layer down).
    func place(_ layer: StyleLayer, _ style: SymbolLayer) -> [PlacedLabel] {
        guard style.textField != nil || style.iconImage != nil else { return [] }
        if !crossSourceCollisions, let source = layer.source {
            group = sourceGroups[source] ?? (sourceGroups.count + 1)
            sourceGroups[source] = group
        }
        layerDebugBoxes = []
        defer { debugBoxes?[layer.id] = layerDebugBoxes }
        let zoom = frame.zoom
        var candidates: [Candidate] = []
        frame.forEachFeature(of: layer, forLabels: true) { rendered, projection in
            let feature = rendered.feature
            var string = style.textField?.evaluate(zoom: zoom, feature: feature) ?? ""
            // Rich text (`format`): its sections, each with its own scale, fonts and colour.
            var sections = style.textField?.sections(zoom: zoom, feature: feature)
            let transform = style.textTransform.evaluate(zoom: zoom, feature: feature)
            func transformed(_ text: String) -> String {
                switch transform {
                case .uppercase: text.uppercased()
                case .lowercase: text.lowercased()
                case .none: text
                }
            }
            string = transformed(string)
            if let s = sections { sections = s.map { var t = $0; t.text = transformed(t.text); return t } }
            string = string.trimmingCharacters(in: .whitespacesAndNewlines)
            if string.unicodeScalars.count > InputLimits.maxLabelScalars {
                string = Self.cut(string)
                sections = sections.map(Self.cut)
                frame.warnings.warn("layer '\(layer.id)': a label of more than \(InputLimits.maxLabelScalars) characters is cut to that length")
            }
            let placement = style.placement.evaluate(zoom: zoom, feature: feature)
            let alongLine = placement != .point && feature.geometryType != .point
            let size = style.textSize.evaluate(zoom: zoom, feature: feature)
            // No text at size 0, but the icon stays; transparent text (text-opacity 0) is still
            // placed and collides, as in MapLibre, and its icon is drawn.
            if !(size > 0) { string = "" }
            let opacity = style.textOpacity.evaluate(zoom: zoom, feature: feature)
            let icon = self.icon(style, feature, alongLine: alongLine)
            guard !string.isEmpty || icon != nil, let parts = rendered.parts, !parts.isEmpty else { return }
            let maxWidth = alongLine ? nil : style.textMaxWidth.evaluate(zoom: zoom, feature: feature) * size
            let justify: TextAlignment = switch style.textJustify.evaluate(zoom: zoom, feature: feature) {
                case .left: .left
                case .right: .right
                case .center: .center
                // MapLibre justifies toward the anchor (with variable anchors, the one taken).
                case .auto: Self.justification(of: style.textAnchor.evaluate(zoom: zoom, feature: feature))
            }
            let justifiesToAnchor = style.textJustify.evaluate(zoom: zoom, feature: feature) == .auto
                && (style.textVariableAnchor != nil || style.textVariableAnchorOffset != nil)
            let font = style.textFont.evaluate(zoom: zoom, feature: feature)
            let lineHeight = style.textLineHeight.evaluate(zoom: zoom, feature: feature)
            let letterSpacing = style.textLetterSpacing.evaluate(zoom: zoom, feature: feature)
            let text = frame.text
            let maxWidthEms = alongLine ? nil : style.textMaxWidth.evaluate(zoom: zoom, feature: feature)
            // From the style's glyphs (MapLibre's shaping), when there are.
            let glyphShaped = { [string, sections, frame] (scale: Double, justify: TextAlignment, vertical: Bool) in
                frame.glyphText(string, font: font, size: size * scale, maxWidth: maxWidthEms, lineHeight: lineHeight,
                                letterSpacing: letterSpacing, justify: justify, sections: sections, vertical: vertical)
            }
            let shapedAt: (Double, TextAlignment?) -> ShapedText? = { [string] scale, justified in
                let justify = justified ?? justify
                // Else the system's fonts.
                if let glyphs = glyphShaped(scale, justify, false) { return glyphs }
                return string.isEmpty ? nil : text.shapeCached(
                    string, font: font, size: size * scale,
                    maxWidth: maxWidth.map { $0 > 0 ? $0 * scale : nil } ?? nil,
                    lineHeight: lineHeight, letterSpacing: letterSpacing, alignment: justify)
            }
            let shaped = shapedAt(1, nil)
            let offset = style.textOffset.evaluate(zoom: zoom, feature: feature)
            let translate = frame.screenOffset(style.textTranslate.evaluate(zoom: zoom, feature: feature),
                                               anchor: style.textTranslateAnchor.evaluate(zoom: zoom, feature: feature))
            let anchors: Anchors
            let spacing = style.spacing.evaluate(zoom: zoom, feature: feature)
            if alongLine && style.textRotationAlignment.evaluate(zoom: zoom, feature: feature) == .viewport {
                // Viewport-aligned labels on lines stay horizontal, repeated every symbol-spacing (shields).
                anchors = .spaced(parts.flatMap { Polyline(projection.screen($0)).spacedPoints(every: spacing).map(\.point) })
            } else if alongLine, shaped == nil, let icon {
                anchors = .iconsOnLine(parts.flatMap { self.lineAnchors($0, projection, icon: icon, style: style, feature: feature, spacing: spacing) })
            } else if alongLine {
                let minimum = shaped?.lineAdvance ?? 0
                anchors = .lines(parts.map { Polyline(projection.screen($0)) }.filter { $0.length > minimum })
            } else {
                anchors = .points(Self.pointAnchors(feature.geometryType, parts, projection))
            }
            candidates.append(Candidate(
                text: shaped, shapedAt: shapedAt, justifiesToAnchor: justifiesToAnchor, icon: icon, string: string,
                sortKey: style.sortKey?.evaluate(zoom: zoom, feature: feature) ?? 0,
                paint: TextPaint(color: style.textColor.evaluate(zoom: zoom, feature: feature),
                                 haloColor: style.textHaloColor.evaluate(zoom: zoom, feature: feature),
                                 haloWidth: style.textHaloWidth.evaluate(zoom: zoom, feature: feature),
                                 haloBlur: style.textHaloBlur.evaluate(zoom: zoom, feature: feature),
                                 opacity: opacity),
                anchors: anchors,
                padding: style.textPadding.evaluate(zoom: zoom, feature: feature),
                overlap: Self.overlap(style.textOverlap, style.textAllowOverlap, zoom: zoom, feature: feature),
                ignorePlacement: style.textIgnorePlacement.evaluate(zoom: zoom, feature: feature),
                textPlacements: Self.textPlacements(
                    anchor: style.textAnchor.evaluate(zoom: zoom, feature: feature),
                    variable: style.textVariableAnchor?.evaluate(zoom: zoom, feature: feature) ?? [],
                    offset: Self.point(offset),
                    radialOffset: style.textRadialOffset?.evaluate(zoom: zoom, feature: feature),
                    anchorOffsets: placement == .point ? style.textVariableAnchorOffset?.evaluate(zoom: zoom, feature: feature) : nil,
                    size: size),
                translate: translate,
                rotation: (style.textRotate.evaluate(zoom: zoom, feature: feature)
                    - (style.textRotationAlignment.evaluate(zoom: zoom, feature: feature) == .map ? frame.camera.bearing : 0)) * .pi / 180,
                textTurnsWithMap: !alongLine && style.textRotationAlignment.evaluate(zoom: zoom, feature: feature) == .map,
                maxAngle: style.textMaxAngle.evaluate(zoom: zoom, feature: feature) * .pi / 180,
                keepTextUpright: style.textKeepUpright.evaluate(zoom: zoom, feature: feature),
                keepIconUpright: style.iconKeepUpright.evaluate(zoom: zoom, feature: feature),
                spacing: spacing,
                placement: placement,
                tileCenter: projection.planeCorners.reduce(Point(x: 0, y: 0), +) * 0.25,
                textOnMap: !alongLine && Self.liesOnMap(pitch: style.textPitchAlignment.evaluate(zoom: zoom, feature: feature),
                                                        rotation: style.textRotationAlignment.evaluate(zoom: zoom, feature: feature) == .map ? .map : .viewport,
                                                        alongLine: false),
                writingModes: alongLine ? [] : style.textWritingMode?.evaluate(zoom: zoom, feature: feature) ?? [],
                // A column is laid out left-justified, as MapLibre does (glyph PBFs only).
                verticalText: alongLine || style.textWritingMode == nil || !GlyphShaper.allowsVertical(string) ? nil : { glyphShaped($0, .left, true) },
                lineOffset: Self.point(offset) * size,
                iconHidden: string.isEmpty && style.textField != nil && (icon?.textFit ?? .none) != .none))
        }
        if style.sortKey != nil {
            candidates = candidates.enumerated()
                .sorted { ($0.element.sortKey, $0.offset) < ($1.element.sortKey, $1.offset) }
                .map(\.element)
        }
        var placed: [PlacedLabel] = []
        for (index, c) in candidates.enumerated() {
            let first = placed.count
            switch c.anchors {
            case .points(let points), .spaced(let points):
                // Each anchor its own symbol: the points of a multi-point, the polygons of a
                // multi-polygon, the lines of a multi-line (as MapLibre), a shield's repeats.
                for p in points { if var label = placePoint(c, at: p) { label.anchorY = p.y; placed.append(label) } }
            case .lines(let lines):
                for line in lines { placed += placeAlong(c, line) }
            case .iconsOnLine(let anchors):
                for a in anchors { if let label = placeIcon(c, at: a.point, angle: a.angle) { placed.append(label) } }
            }
            for i in first..<placed.count { (placed[i].featureIndex, placed[i].tileCenter) = (index, c.tileCenter) }
        }
        // Draw order: with a symbol-sort-key, by key across all tiles (placement order, as
        // MapLibre merges the tiles' segments by key); otherwise tile by tile as MapLibre draws
        // them (lower tiles first), and within a tile, when symbols may overlap, lower on screen
        // later (on top), at the same height the later feature first.
        guard style.sortKey == nil else { return placed }
        let byY = Self.sortsByViewportY(style, zoom: zoom)
        placed = placed.enumerated().sorted { a, b in
            let (p, q) = (a.element, b.element)
            if p.tileCenter.y != q.tileCenter.y { return p.tileCenter.y > q.tileCenter.y }
            if p.tileCenter.x != q.tileCenter.x { return p.tileCenter.x > q.tileCenter.x }
            if byY && p.anchorY != q.anchorY { return p.anchorY < q.anchorY }
            if byY && p.featureIndex != q.featureIndex { return p.featureIndex > q.featureIndex }
            return a.offset < b.offset
        }.map(\.element)
        return placed
    }

    /// MapLibre's `symbol-z-order` rule: `viewport-y`, or `auto` without `symbol-sort-key`, orders
    /// symbols by their height on screen when they may overlap (some overlap mode other than
    /// `never`, or ignore-placement); otherwise they are drawn in placement order.
    static func sortsByViewportY(_ style: SymbolLayer, zoom: Double) -> Bool {
        let order = style.zOrder.evaluate(zoom: zoom, feature: nil)
        guard order == .viewportY || (order == .auto && style.sortKey == nil) else { return false }
        func mode(_ m: StyleProperty<OverlapMode>?, _ allow: StyleProperty<Bool>) -> OverlapMode {
            m?.evaluate(zoom: zoom, feature: nil) ?? (allow.evaluate(zoom: zoom, feature: nil) ? .always : .never)
        }
        return mode(style.textOverlap, style.textAllowOverlap) != .never || mode(style.iconOverlap, style.iconAllowOverlap) != .never
            || style.textIgnorePlacement.evaluate(zoom: zoom, feature: nil) || style.iconIgnorePlacement.evaluate(zoom: zoom, feature: nil)
    }

    /// Where MapLibre anchors point-placed labels: each point, the pole of inaccessibility of each
    /// polygon, the first vertex of each line; only those inside the tile (the buffer copies
    /// belong to the neighbours).
    private static func pointAnchors(_ type: GeometryType, _ parts: [[TilePoint]], _ projection: TileProjection) -> [Point] {
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

    // MARK: point labels

    /// MapLibre's size scale for a symbol at a screen point: 1 without pitch, smaller toward the
    /// horizon. Without glyph PBFs rounded to sixteenths, so that labels of one name share their
    /// shaping (each new size is shaped again by Pango, which dominated a pitched snapshot's
    /// time); glyph quads scale exactly, as MapLibre's do.
    private func symbolScale(at screen: Point) -> Double {
        guard let perspective = frame.perspective else { return 1 }
        let scale = perspective.symbolScale(atPlane: perspective.plane(fromScreen: screen))
        return frame.glyphs != nil ? scale : (scale * 16).rounded() / 16
    }

    /// The warp laying an icon on a pitched map at a screen anchor: MapLibre sizes it on the plane
    /// by `0.5 + 0.5 · w/D`, then the projection shrinks and foreshortens it.
    private func planeWarp(at anchor: Point) -> PlaneWarp? {
        guard let perspective = frame.perspective else { return nil }
        let plane = perspective.plane(fromScreen: anchor)
        let j = perspective.jacobian(atPlane: plane)
        let s = 0.5 + 0.5 / perspective.scale(atPlane: plane)
        return PlaneWarp(pivot: anchor, a: j.a * s, b: j.b * s, c: j.c * s, d: j.d * s)
    }

    /// A box grown by `icon-padding` (shrunk where it is negative).
    static func padded(_ box: Rect, _ padding: Padding?) -> Rect {
        guard let p = padding else { return box }
        return Rect(minX: box.minX - p.left, minY: box.minY - p.top, maxX: box.maxX + p.right, maxY: box.maxY + p.bottom)
    }

    /// MapLibre samples a layer's icons bilinearly, not pixel for pixel, when they may be scaled or
    /// turned: `icon-size` other than a constant 1, `icon-rotate` other than a constant 0, a sprite
    /// of another pixel ratio than the image, or a pitched camera (SDF icons always are).
    private func samplesLinearly(_ style: SymbolLayer, _ icon: SpriteSheet.Icon) -> Bool {
        style.iconSize.constantValue != 1 || style.iconRotate.constantValue != 0
            || icon.pixelRatio != frame.camera.pixelRatio || frame.perspective != nil
    }

    /// `icon-overlap`/`text-overlap` when set, else `*-allow-overlap` (true: `always`).
    static func overlap(_ mode: StyleProperty<OverlapMode>?, _ allow: StyleProperty<Bool>, zoom: Double, feature: any Feature) -> OverlapMode {
        if let mode { return mode.evaluate(zoom: zoom, feature: feature) }
        return allow.evaluate(zoom: zoom, feature: feature) ? .always : .never
    }

    /// Whether a symbol lies on a pitched map: `*-pitch-alignment: map`, or `auto` with a rotation
    /// alignment of `map` (`auto` rotation: `map` along lines, `viewport` at points).
    static func liesOnMap(pitch: Alignment, rotation: Alignment, alongLine: Bool) -> Bool {
        let turnsWithMap = rotation == .map || (rotation == .auto && alongLine)
        return pitch == .map || (pitch == .auto && turnsWithMap)
    }

    /// A screen anchor moved by a `*-translate` offset (plane points): pitched, the offset lies on
    /// the map, as MapLibre translates the tile's matrix (circles and lines alike).
    private func translated(_ anchor: Point, by offset: Point) -> Point {
        guard let perspective = frame.perspective, offset != Point(x: 0, y: 0) else { return anchor + offset }
        return perspective.screen(fromPlane: perspective.plane(fromScreen: anchor) + offset)
    }

    /// How much further than the bearing a symbol turning with the map turns at a screen point of
    /// a pitched view: MapLibre turns it as a short step along the map's x axis appears there.
    private func pitchedMapTurn(at anchor: Point) -> Double {
        guard let perspective = frame.perspective else { return 0 }
        let plane = perspective.plane(fromScreen: anchor)
        let a = perspective.screen(fromPlane: plane)
        let b = perspective.screen(fromPlane: plane + Point(x: frame.transform.cosB, y: frame.transform.sinB))
        return atan2(b.y - a.y, b.x - a.x) - atan2(frame.transform.sinB, frame.transform.cosB)
    }

    /// The plane direction (radians clockwise) that a pitched, rolled view shows level at a
    /// screen point: the projection's inverse applied to the screen's x axis.
    private func levelOnScreen(at anchor: Point) -> Double {
        guard let perspective = frame.perspective else { return 0 }
        let j = perspective.jacobian(atPlane: perspective.plane(fromScreen: anchor))
        let det = j.a * j.d - j.b * j.c
        guard abs(det) > 1e-12 else { return 0 }
        // J⁻¹ · (1, 0) = (d, −c) / det.
        return atan2(-j.c / det, j.d / det)
    }

    private func placePoint(_ c: Candidate, at anchor: Point) -> PlacedLabel? {
        var c = c
        if frame.perspective != nil {
            // Standing up but turning with the map: as the map's x axis appears at the anchor.
            // Lying on the map but aligned with the viewport: turned on the plane so that its x
            // axis comes out level on screen (the plane is the bearing's already; a roll turns it).
            func turn(onMap: Bool) -> Double {
                onMap ? (frame.camera.roll == 0 ? 0 : levelOnScreen(at: anchor)) : pitchedMapTurn(at: anchor)
            }
            if c.textTurnsWithMap != c.textOnMap { c.rotation += turn(onMap: c.textOnMap) }
            if var i = c.icon, i.turnsWithMap != i.onMap { i.rotation += turn(onMap: i.onMap); c.icon = i }
        }
        let p = translated(anchor, by: c.translate)
        let inside = frame.labelFits
        // Text lying on a pitched map: laid out at its size around its point, then warped.
        let textWarp = c.textOnMap ? planeWarp(at: p) : nil
        let scale = symbolScale(at: anchor)
        let textScale = textWarp == nil ? scale : 1
        // text-padding scales with the label, as MapLibre's collision box (padding included) does.
        let padding = c.padding * textScale
        var text = textScale == 1 ? c.text : c.shapedAt(textScale, nil)
        // The text goes where it first fits among its writing modes and placements (else where
        // the first puts it). A vertical column is a line turned a quarter clockwise.
        var textBox: Rect?, textScreenBox: Rect?, textOrigin = Point(x: 0, y: 0), textFits = false
        var chosen: TextAnchor?, vertical = false
        // Text that cannot run vertically (no CJK, or no glyphs for it) stays horizontal.
        let column = c.writingModes.contains(.vertical) ? c.verticalText?(textScale) : nil
        let orientations = column == nil ? [false] : c.writingModes.map { $0 == .vertical }
        let horizontalText = text
        for (k, isVertical) in orientations.enumerated() where !textFits {
            guard let shaped = isVertical ? column : horizontalText else { continue }
            let b = shaped.bounds
            let rotation = c.rotation + (isVertical ? .pi / 2 : 0)
            // As MapLibre: every anchor is tried without overlapping first; a label that may
            // overlap takes, failing that, the first anchor where its overlap mode lets it.
            let modes: [OverlapMode] = c.overlap == .never ? [.never] : [.never, c.overlap]
            var found = false
            for mode in modes where !found {
                for (i, placement) in c.textPlacements.enumerated() {
                    // Where the anchor lies on the text box, as fractions of its width and height.
                    let (fx, fy) = Self.anchorFractions(placement.anchor)
                    let offset = placement.offset * textScale
                    let pad = placement.variable ? 2 * padding : 0
                    let origin = Point(x: p.x + offset.x - fx * b.width + (0.5 - fx) * pad, y: p.y + offset.y - fy * b.height + (0.5 - fy) * pad)
                    let flat = Rect(minX: origin.x, minY: origin.y, maxX: origin.x + b.width, maxY: origin.y + b.height)
                    let box = Self.rotatedBounds(flat, about: p, by: rotation)
                    // What it takes on screen: the flat box (padding included, as MapLibre's box on
                    // the map holds it) through the warp.
                    let screenBox = textWarp?.bounds(box.insetBy(-padding)) ?? box.insetBy(-padding)
                    var fits = inside(screenBox) && !collides(screenBox, mode)
                    // An icon fitted to the text moves with it: the anchor must suit both (MapLibre).
                    if fits, c.textPlacements.count > 1, let i = c.icon, i.textFit != .none, !i.optional {
                        let warp = i.onMap ? planeWarp(at: anchor) : nil
                        let icon = iconLayout(i, c, at: anchor, around: box, scale: warp == nil ? scale : 1, warp: warp)
                        fits = inside(icon.collisionBox) && !collides(icon.collisionBox, i.overlap)
                    }
                    if fits || (k == 0 && i == 0 && textBox == nil) {
                        // A vertical column's icon is fitted to the unturned line and turned with it.
                        textBox = isVertical ? flat : box
                        textScreenBox = screenBox
                        textOrigin = Point(x: origin.x - b.minX, y: origin.y - b.minY)
                        textFits = fits
                        chosen = placement.anchor
                        vertical = isVertical
                        text = shaped
                    }
                    if fits { found = true; break }
                }
            }
        }
        // The same block with its lines justified toward the anchor taken (a column stays left-justified).
        if let shaped = text, !vertical, c.justifiesToAnchor, let anchor = chosen,
           let justified = c.shapedAt(textScale, Self.justification(of: anchor)) {
            textOrigin = textOrigin + Point(x: shaped.bounds.minX - justified.bounds.minX, y: shaped.bounds.minY - justified.bounds.minY)
            text = justified
        }
        if vertical, var i = c.icon { i.rotation += .pi / 2; i.ownRotation += .pi / 2; c.icon = i }
        // A pitched icon lying on the map: laid out flat around its anchor, then warped.
        let warp = c.icon.flatMap { $0.onMap ? planeWarp(at: anchor) : nil }
        let iconScale = warp == nil ? scale : 1
        let layout = c.icon.map { iconLayout($0, c, at: anchor, around: textBox, scale: iconScale, warp: warp) }
        let iconBox = layout?.box, iconCells = layout?.cells, iconCollisionBox = layout?.collisionBox
        var iconFits = iconCollisionBox.map { box in
            inside(box) && !collides(box, c.icon?.overlap ?? .never)
        } ?? false
        // Text and icon go together unless one of them is optional (MapLibre's rule).
        if let icon = c.icon, text != nil {
            if textFits && !iconFits && !icon.optional { textFits = false }
            if iconFits && !textFits && !icon.textOptional { iconFits = false }
        }
        record(textScreenBox, placed: textFits)
        record(iconCollisionBox, placed: iconFits)
        guard textFits || iconFits else { return nil }
        if textFits, let box = textScreenBox, !c.ignorePlacement { take(box, c.overlap) }
        if iconFits, let box = iconCollisionBox, let i = c.icon, !i.ignorePlacement { take(box, i.overlap) }
        let placedIcon = iconFits && !c.iconHidden ? c.icon.map { i in
            let natural = (w: i.icon.pointWidth * i.size * iconScale, h: i.icon.pointHeight * i.size * iconScale)
            // MapLibre turns the icon's quad, offset included, about the anchor; the sprite is
            // drawn turned about its own centre, so that centre moves where the turn takes it.
            let center = Point(x: iconBox!.minX + iconBox!.width / 2, y: iconBox!.minY + iconBox!.height / 2)
            let turnedCenter = center.rotated(about: translated(anchor, by: i.translate), by: i.rotation)
            return PlacedIcon(icon: i.icon, origin: Point(x: iconBox!.minX, y: iconBox!.minY) + (turnedCenter - center),
                              size: i.size * iconScale, opacity: i.opacity,
                              rotation: i.rotation, stretch: (iconBox!.width / natural.w, iconBox!.height / natural.h),
                              cells: iconCells, tint: i.tint,
                              warp: warp, linear: i.linear, columnTurn: vertical)
        } : nil
        let textRotation = c.rotation + (vertical ? .pi / 2 : 0)
        let shape: PlacedLabel.Shape = textRotation == 0 ? .block(origin: textOrigin)
            : .rotatedBlock(origin: textOrigin, pivot: p, angle: textRotation)
        return PlacedLabel(text: textFits ? text : nil, shape: shape, paint: c.paint, warp: textWarp, icon: placedIcon)
    }

    /// Where a point symbol's icon goes: its box (screen points, before icon-rotate), the parts of a
    /// stretched image, and the box it takes in the collision index.
    private func iconLayout(_ i: CandidateIcon, _ c: Candidate, at anchor: Point, around textBox: Rect?, scale: Double,
                            warp: PlaneWarp?) -> (box: Rect, cells: [NinePatch.Cell]?, collisionBox: Rect) {
        let w = i.icon.pointWidth * i.size * scale, h = i.icon.pointHeight * i.size * scale
        let (fx, fy) = Self.anchorFractions(i.anchor)
        let base = translated(anchor, by: i.translate)
        let x = base.x + i.offset.x * scale - fx * w, y = base.y + i.offset.y * scale - fy * h
        var box = Rect(minX: x, minY: y, maxX: x + w, maxY: y + h)
        var cells: [NinePatch.Cell]?
        var contentMargins: Padding?
        // icon-text-fit: the icon stretched around the text (a road shield's plate).
        if i.textFit != .none, let t = textBox, c.rotation == 0 {
            // Around the text, moved by icon-offset (the icon's anchor no longer applies).
            box = Self.fitted(box, around: t, i.textFit, padding: i.textFitPadding).offsetBy(i.offset * scale)
            if let stretchable = i.icon.stretchable {
                (box, cells, contentMargins) = Self.stretched(i.icon, stretchable, in: box, anchor: base)
            }
        }
        let turned = Self.rotatedBounds(box, about: Point(x: box.minX + box.width / 2, y: box.minY + box.height / 2), by: i.rotation)
        let screenBox = Self.padded(warp?.bounds(turned) ?? box, contentMargins)
        // What the icon takes: its box grown by icon-padding, then, as MapLibre accounts for
        // icon-rotate (not the map's bearing), the bounds of that box turned about the anchor.
        // icon-padding scales with the icon (pitched: by its size at the anchor), as MapLibre's box does.
        var collisionBox = Self.padded(screenBox, i.padding * scale)
        if warp == nil, i.ownRotation != 0 {
            collisionBox = Self.rotatedBounds(collisionBox, about: base, by: i.ownRotation)
        }
        return (box, cells, collisionBox)
    }

    /// The feature's icon from the sprite, when the layer has `icon-image` and the sprite has it.
    private func icon(_ style: SymbolLayer, _ feature: any Feature, alongLine: Bool) -> CandidateIcon? {
        guard let image = style.iconImage else { return nil }
        let zoom = frame.zoom
        let name = image.evaluate(zoom: zoom, feature: feature)
        guard !name.isEmpty else { return nil }
        guard let sprites = frame.sprites else {
            frame.warnings.warn("icon '\(name)' needs a sprite, and the style has none (give --sprite); drawn without it")
            return nil
        }
        guard let icon = sprites.icons[name] else {
            frame.warnings.warn("icon '\(name)' is not in the sprite \(sprites.jsonPath); drawn without it")
            return nil
        }
        let size = style.iconSize.evaluate(zoom: zoom, feature: feature)
        let offset = style.iconOffset.evaluate(zoom: zoom, feature: feature)
        return CandidateIcon(
            icon: icon, size: size,
            offset: Self.point(offset) * size,
            padding: style.iconPadding.evaluate(zoom: zoom, feature: feature),
            opacity: style.iconOpacity.evaluate(zoom: zoom, feature: feature),
            overlap: Self.overlap(style.iconOverlap, style.iconAllowOverlap, zoom: zoom, feature: feature),
            ignorePlacement: style.iconIgnorePlacement.evaluate(zoom: zoom, feature: feature),
            optional: style.iconOptional.evaluate(zoom: zoom, feature: feature),
            textOptional: style.textOptional.evaluate(zoom: zoom, feature: feature),
            // icon-rotation-alignment map turns a point's icon with the map (along lines, the
            // line's own angle already does).
            rotation: (style.iconRotate.evaluate(zoom: zoom, feature: feature)
                - (!alongLine && style.iconRotationAlignment.evaluate(zoom: zoom, feature: feature) == .map ? frame.camera.bearing : 0)) * .pi / 180,
            turnsWithMap: !alongLine && style.iconRotationAlignment.evaluate(zoom: zoom, feature: feature) == .map,
            ownRotation: style.iconRotate.evaluate(zoom: zoom, feature: feature) * .pi / 180,
            anchor: style.iconAnchor.evaluate(zoom: zoom, feature: feature),
            translate: frame.screenOffset(style.iconTranslate.evaluate(zoom: zoom, feature: feature),
                                          anchor: style.iconTranslateAnchor.evaluate(zoom: zoom, feature: feature)),
            textFit: style.iconTextFit?.evaluate(zoom: zoom, feature: feature) ?? .none,
            textFitPadding: style.iconTextFitPadding.evaluate(zoom: zoom, feature: feature),
            onMap: Self.liesOnMap(pitch: style.iconPitchAlignment.evaluate(zoom: zoom, feature: feature),
                                  rotation: style.iconRotationAlignment.evaluate(zoom: zoom, feature: feature), alongLine: alongLine),
            linear: samplesLinearly(style, icon),
            tint: icon.sdf == true ? SDFTint(color: style.iconColor.evaluate(zoom: zoom, feature: feature),
                                             haloColor: style.iconHaloColor.evaluate(zoom: zoom, feature: feature),
                                             haloWidth: style.iconHaloWidth.evaluate(zoom: zoom, feature: feature),
                                             haloBlur: style.iconHaloBlur.evaluate(zoom: zoom, feature: feature)) : nil)
    }

    // MARK: labels along lines

    private func placeAlong(_ c: Candidate, _ line: Polyline) -> [PlacedLabel] {
        guard c.text != nil else { return placeIconsAlong(c, line) }
        // Pitched: the label's size where the line's middle lies.
        let scale = symbolScale(at: line.locate(line.length / 2).point)
        guard let text = scale == 1 ? c.text : c.shapedAt(scale, nil) else { return [] }
        let labelLength = text.lineAdvance
        let margin = labelLength / 2 + c.padding
        var out: [PlacedLabel] = []
        let repeatDistance = max(c.spacing, 250)
        // Only the part of the line inside the frame can carry a label; `line-center` takes the
        // middle of the whole line as its tile holds it (buffer included), as MapLibre does.
        let runs = c.placement == .lineCenter ? [line] : line.clipped(to: frame.placementBounds)
        for run in runs where run.length > labelLength + 2 * c.padding {
            let length = run.length
            // Candidate centers every few points, the middle first: that is where a reader expects the name.
            // Further copies go only where they are a repeat distance from every copy already placed.
            let step = max(8, text.fontSize)
            var anchors: [Double] = []
            var a = length / 2
            anchors.append(a)
            var k = 1.0
            while true {
                a = length / 2 + k * step
                guard a + margin <= length else { break }
                anchors.append(a)
                anchors.append(length - a)
                k += 1
            }
            if c.placement == .lineCenter { anchors = [length / 2] }
            for a in anchors where a - margin >= 0 && a + margin <= length {
                let mid = run.locate(a).point
                if let others = lineLabelCenters[c.string], others.contains(where: { ($0 - mid).length < repeatDistance }) {
                    continue
                }
                guard let glyphs = glyphsAlong(text, c, run, anchor: a) else { continue }
                let half = text.fontSize * 0.5 + c.padding
                let boxes = glyphs.map { g in
                    Rect(minX: g.center.x - half, minY: g.center.y - half, maxX: g.center.x + half, maxY: g.center.y + half)
                }
                guard boxes.allSatisfy(frame.placementBounds.contains) else { continue }
                let fits = !collides(boxes, c.overlap)
                boxes.forEach { record($0, placed: fits) }
                guard fits else { continue }
                if !c.ignorePlacement { take(boxes, c.overlap) }
                lineLabelCenters[c.string, default: []].append(mid)
                let moved = glyphs.map { PlacedLabel.GlyphPlacement(glyph: $0.glyph, center: $0.center + c.translate, angle: $0.angle) }
                var label = PlacedLabel(text: text, shape: .alongLine(moved), paint: c.paint)
                label.anchorY = mid.y
                out.append(label)
                if c.placement == .lineCenter { break }
            }
        }
        return out
    }

    /// Icons without text along a line (one-way arrows): every `symbol-spacing`, turned with the
    /// line plus `icon-rotate`.
    private func placeIconsAlong(_ c: Candidate, _ line: Polyline) -> [PlacedLabel] {
        line.clipped(to: frame.labelArea).flatMap { run in
            run.spacedPoints(every: c.spacing).compactMap { placeIcon(c, at: $0.point, angle: $0.angle) }
        }
    }

    /// One icon on a line at `p` (screen), turned with the line: its box (MapLibre's icon box,
    /// not turned) must fit and, unless it may overlap, miss every placed box.
    private func placeIcon(_ c: Candidate, at p: Point, angle: Double) -> PlacedLabel? {
        guard let icon = c.icon else { return nil }
        let scale = symbolScale(at: p)
        let w = icon.icon.pointWidth * icon.size * scale, h = icon.icon.pointHeight * icon.size * scale
        let box = Self.padded(Rect(minX: p.x - w / 2, minY: p.y - h / 2, maxX: p.x + w / 2, maxY: p.y + h / 2), icon.padding)
        guard frame.labelFits(box) else { return nil }
        let fits = !collides(box, icon.overlap)
        record(box, placed: fits)
        guard fits else { return nil }
        if !icon.ignorePlacement { take(box, icon.overlap) }
        // icon-keep-upright: an icon pointing left along the line is turned half a turn.
        let upsideDown = c.keepIconUpright && abs(remainder(angle, 2 * .pi)) > .pi / 2
        let placed = PlacedIcon(icon: icon.icon, origin: Point(x: p.x - w / 2, y: p.y - h / 2), size: icon.size * scale,
                                opacity: icon.opacity, rotation: angle + icon.rotation + (upsideDown ? .pi : 0), tint: icon.tint,
                                linear: icon.linear)
        var label = PlacedLabel(text: nil, shape: .block(origin: p), paint: c.paint, icon: placed)
        label.anchorY = p.y
        return label
    }

    /// MapLibre's anchors for an icon along one tile's part of a line (`LineAnchors`), on screen.
    private func lineAnchors(_ part: [TilePoint], _ projection: TileProjection, icon: CandidateIcon, style: SymbolLayer,
                             feature: any Feature, spacing: Double) -> [(point: Point, angle: Double)] {
        guard part.count > 1 else { return [] }
        let zoom = frame.zoom
        // The tile's side in plane points, and how far it is overzoomed (a power of two).
        let side = (projection.planeCorners[1] - projection.planeCorners[0]).length
        let overscaling = max(1, exp2((log2(side / (WebMercator.tileSize * exp2(zoom - zoom.rounded(.down))))).rounded()))
        let k = LineAnchors.extent / projection.extent
        let tilePixelRatio = LineAnchors.extent / (WebMercator.tileSize * overscaling)
        let boxScale = tilePixelRatio * style.textSize.evaluate(zoom: 18, feature: feature) / LineAnchors.glyphSize
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

    /// The glyph positions for a label centered at `anchor` along `line`, upright, or nil when the
    /// line bends too sharply under it.
    private func glyphsAlong(_ text: ShapedText, _ c: Candidate, _ line: Polyline, anchor: Double) -> [PlacedLabel.GlyphPlacement]? {
        let labelLength = text.lineAdvance
        var line = line, anchor = anchor
        // Keep the text upright: read left to right.
        let start = line.locate(anchor - labelLength / 2).point, end = line.locate(anchor + labelLength / 2).point
        if end.x < start.x && c.keepTextUpright {
            line = line.reversed
            anchor = line.length - anchor
        }
        var out: [PlacedLabel.GlyphPlacement] = []
        out.reserveCapacity(text.glyphs.count)
        var previousAngle: Double?
        var totalBend = 0.0
        let offset = c.lineOffset
        for g in text.glyphs {
            let along = anchor - labelLength / 2 + g.x + g.advance / 2 + offset.x
            let (onLine, angle) = line.locate(along)
            let p = offset.y == 0 ? onLine : onLine + Point(x: -sin(angle), y: cos(angle)) * offset.y
            if let prev = previousAngle {
                var d = angle - prev
                while d > .pi { d -= 2 * .pi }
                while d < -.pi { d += 2 * .pi }
                totalBend += abs(d)
                if abs(d) > c.maxAngle || totalBend > 2 * c.maxAngle { return nil }
            }
            previousAngle = angle
            out.append(.init(glyph: g, center: p, angle: angle))
        }
        return out.isEmpty ? nil : out
    }
}
