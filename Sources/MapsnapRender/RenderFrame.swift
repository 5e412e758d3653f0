import CCairo
import MapsnapFormats
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// One vector tile loaded for this frame, with where it lies on screen.
struct LoadedTile {
    let covered: CoveredTile
    let tile: VectorTile
    /// The deepest zoom its source holds (deeper views overzoom this tile).
    var sourceMaxZoom = 14

    /// The tile learns its place (`VectorTile.tileID`), so its features know where they lie.
    init(covered: CoveredTile, tile: VectorTile, sourceMaxZoom: Int = 14) {
        self.covered = covered
        var tile = tile
        tile.tileID = covered.id
        self.tile = tile
        self.sourceMaxZoom = sourceMaxZoom
    }
}

/// Everything one render needs while it walks the style's layers: the camera, the canvas, the
/// tiles of each source, the text engine and the label collision index.
final class RenderFrame {
    let camera: Camera
    let canvas: Canvas
    let zoom: Double
    /// World pixels → plane points (the unpitched screen).
    let transform: ScreenTransform
    /// Plane → screen for a pitched camera; nil when it looks straight down.
    let perspective: Perspective?
    let tilesBySource: [String: [LoadedTile]]
    let text: TextEngine
    let collisions: CollisionIndex
    /// The image (points): labels lie inside it, or with `labelsMayCrossEdges` at least touch
    /// `labelArea`.
    let placementBounds: Rect
    /// Snapshots keep labels the image edge cuts, as MapLibre does; a metatile keeps only whole
    /// labels, so that none is cut where its neighbour (drawn apart) begins.
    let labelsMayCrossEdges: Bool
    /// Where labels are placed and collide: the image, grown by MapLibre's 100-pixel viewport
    /// padding when labels may cross its edges.
    let labelArea: Rect
    var warnings: WarningLog
    /// The render's first drawing error, shared with the frames `drawing(on:)` makes.
    let drawingFailures: DrawingFailures
    /// The style's icons, when it has a sprite.
    let sprites: SpriteSheet?
    /// The style's glyph PBFs, when text is drawn from them (`TextEngineChoice`).
    let glyphs: GlyphLibrary?
    /// The features' states, when the render has some.
    let featureStates: FeatureStateLookup?
    /// Draw a label from glyph PBFs even when some of its characters have none (`glyphs`), rather
    /// than with system fonts (`auto`).
    let glyphsOnly: Bool
    /// A painter may start a second thread for its work (one image on an idle machine: the
    /// label thread's `MapRenderer.Options.LabelDrawing.layered(threaded: true)`).
    var spareCore = false

    init(camera: Camera, canvas: Canvas, tilesBySource: [String: [LoadedTile]], text: TextEngine,
         placementBounds: Rect, labelsMayCrossEdges: Bool = true, warnings: WarningLog, sprites: SpriteSheet? = nil,
         glyphs: GlyphLibrary? = nil, glyphsOnly: Bool = false, collisions: CollisionIndex? = nil,
         drawingFailures: DrawingFailures = DrawingFailures(), featureStates: FeatureStateLookup? = nil) {
        self.drawingFailures = drawingFailures
        self.featureStates = featureStates
        self.sprites = sprites
        self.glyphs = glyphs
        self.glyphsOnly = glyphsOnly
        self.camera = camera
        self.canvas = canvas
        zoom = camera.zoom
        transform = camera.worldToScreen
        perspective = camera.perspective
        visiblePlane = camera.visiblePlaneRect(margin: Self.cullMargin)
        labelPlane = camera.visiblePlaneRect(margin: Self.labelCullMargin)
        self.tilesBySource = tilesBySource
        self.text = text
        self.placementBounds = placementBounds
        self.labelsMayCrossEdges = labelsMayCrossEdges
        labelArea = labelsMayCrossEdges ? placementBounds.insetBy(-Self.viewportPadding) : placementBounds
        self.collisions = collisions ?? CollisionIndex(bounds: labelArea)
        self.warnings = warnings
    }

    /// The same frame drawing on another canvas of its size (`LayeredLabels`' layer images):
    /// the tiles, text engine, collision index and warnings are shared; decoded features are not,
    /// so that the two frames can decode on two threads.
    func drawing(on other: Canvas) -> RenderFrame {
        RenderFrame(camera: camera, canvas: other, tilesBySource: tilesBySource, text: text, placementBounds: placementBounds,
                    labelsMayCrossEdges: labelsMayCrossEdges, warnings: warnings, sprites: sprites, glyphs: glyphs,
                    glyphsOnly: glyphsOnly, collisions: collisions, drawingFailures: drawingFailures, featureStates: featureStates)
    }

    /// Records this frame's canvas's drawing error, if any, as the render's failure at `what`
    /// (see `DrawingFailures`).
    func checkDrawing(after what: @autoclosure () -> String) {
        drawingFailures.check(canvas, after: what())
    }

    /// Decoded source layers, by source and source-layer name: one entry per tile (nil when the
    /// tile has no such layer or it is corrupt).
    private var featureCache: [String: [TileLayerFeatures]] = [:]

    /// The features of `sourceLayer` in every tile of `source`, decoded on first use.
    func features(source: String, sourceLayer: String) -> [TileLayerFeatures] {
        let key = source + "\u{0}" + sourceLayer
        if let hit = featureCache[key] { return hit }
        var out: [TileLayerFeatures] = []
        for loaded in tilesBySource[source] ?? [] {
            do {
                // A GeoJSON source's tiles hold one layer, whatever `source-layer` says (the spec ignores it there).
                let name = loaded.tile.layerNames == [GeoJSONVectorSource.layerName] ? GeoJSONVectorSource.layerName : sourceLayer
                guard let layer = try loaded.tile.layer(named: name), layer.featureCount > 0 else { continue }
                var features: [RenderFeature] = []
                features.reserveCapacity(layer.featureCount)
                let extent = layer.extent
                if let featureStates, !featureStates.states.isEmpty {
                    let stateLayer = name == GeoJSONVectorSource.layerName ? "" : sourceLayer
                    try layer.forEachFeature {
                        features.append(RenderFeature($0, extent: extent, feature: featureStates.feature($0, source: source, sourceLayer: stateLayer)))
                    }
                } else {
                    try layer.forEachFeature { features.append(RenderFeature($0, extent: extent)) }
                }
                let projection = TileProjection(tile: loaded.covered, extent: layer.extent, transform: transform,
                                                perspective: perspective)
                // Pitched, a tile wholly nearer than the near plane lies below the image.
                guard projection.tileCorners.count >= 3 else { continue }
                out.append(TileLayerFeatures(tile: loaded, projection: projection, features: features,
                                             visibleArea: area(visiblePlane, projection), labelArea: area(labelPlane, projection)))
            } catch {
                let origin = loaded.tile.origin.map { "\($0): " } ?? ""
                warnings.warn("\(origin)tile \(loaded.covered.id): layer '\(sourceLayer)' is corrupt (\(error)); skipped")
            }
        }
        featureCache[key] = out
        return out
    }

    /// Screen points beyond the frame whose features still matter (wide strokes, round caps).
    static let cullMargin = 64.0
    /// MapLibre's collision grid reaches this far (points) beyond the viewport.
    static let viewportPadding = 100.0

    /// Whether a label's box may be placed: inside the image, or touching `labelArea` when labels
    /// may cross the image's edges.
    func labelFits(_ box: Rect) -> Bool {
        labelsMayCrossEdges ? box.intersects(labelArea) : placementBounds.contains(box)
    }

    /// A `*-translate` offset in plane points (screen points without pitch). With anchor `map` it
    /// turns with the map (MapLibre adds it in tile units, which the bearing rotates); with
    /// `viewport` it stays aligned with the image.
    func screenOffset(_ translate: [Double], anchor: TranslateAnchor) -> Point {
        guard translate.count == 2 else { return Point(x: 0, y: 0) }
        let (x, y) = (translate[0], translate[1])
        guard anchor == .map else { return Point(x: x, y: y) }
        return Point(x: x * transform.cosB - y * transform.sinB, y: x * transform.sinB + y * transform.cosB)
    }

    /// The plane under the frame grown by `cullMargin` (the frame itself without pitch).
    let visiblePlane: Rect
    /// The same grown by `labelCullMargin`: where a label's anchor may lie and its text or icon
    /// still reach into view (offsets, variable anchors, wide shields).
    let labelPlane: Rect
    static let labelCullMargin = 256.0

    /// A plane rectangle (the frame grown by a margin) in the tile units of `projection`.
    private func area(_ r: Rect, _ projection: TileProjection) -> TileBounds {
        var b = TileBounds.empty
        for corner in [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)] {
            let t = projection.tile(fromPlane: corner)
            let clamped = { (v: Double) in Int32(max(min(v, 1e9), -1e9)) }
            b.add(TilePoint(x: clamped(t.x.rounded(.down)), y: clamped(t.y.rounded(.down))))
            b.add(TilePoint(x: clamped(t.x.rounded(.up)), y: clamped(t.y.rounded(.up))))
        }
        return b
    }

    /// Calls `body` for every feature of `layer`'s source layer that passes its filter, tile by tile.
    /// `tileStart` runs before each tile's features and `tileEnd` after them (painters clip and batch there).
    /// A feature's `*-sort-key`; NaN (from an expression) sorts as 0, so that the order stays a
    /// strict weak ordering.
    func sortKey(_ property: PossiblyEvaluatedProperty<Double>, _ feature: RenderFeature) -> Double {
        let key = property.evaluate(for: feature.feature)
        return key.isNaN ? 0 : key
    }

    /// With a `sortKey` (`fill-`, `line-`, `circle-sort-key`), each tile's features come in
    /// ascending key order, equal keys in data order, as MapLibre orders a bucket. `wholeTiles`:
    /// every feature of each tile, not only those near the view.
    func forEachFeature(of layer: StyleLayer, sortKey: PossiblyEvaluatedProperty<Double>? = nil, forLabels: Bool = false,
                        wholeTiles: Bool = false,
                        tileStart: (LoadedTile, TileProjection) -> Void = { _, _ in },
                        tileEnd: () -> Void = {},
                        _ body: (RenderFeature, TileProjection) -> Void) {
        // Layers on a GeoJSON source have no `source-layer`: the decode path reads the tile's only layer.
        guard let source = layer.source else { return }
        let sourceLayer = layer.sourceLayer ?? GeoJSONVectorSource.layerName
        // A filter that admits only some `class` values need not look at the other features.
        let possible = layer.filter?.possibleValues(forKey: TileLayerFeatures.bucketKey)
        for group in features(source: source, sourceLayer: sourceLayer) {
            tileStart(group.tile, group.projection)
            let candidates: [RenderFeature] = possible.map { group.indices(for: $0).map { group.features[$0] } } ?? group.features
            let admitted = candidates.lazy.filter { f in
                (wholeTiles || f.intersects(forLabels ? group.labelArea : group.visibleArea))
                    && (layer.filter?.matches(f.feature, zoom: self.zoom) ?? true)
            }
            if let sortKey {
                let keyed = admitted.enumerated().map { (key: self.sortKey(sortKey, $0.element), index: $0.offset, feature: $0.element) }
                for k in keyed.sorted(by: { ($0.key, $0.index) < ($1.key, $1.index) }) { body(k.feature, group.projection) }
            } else {
                for f in admitted { body(f, group.projection) }
            }
            tileEnd()
        }
    }

    /// Clips drawing to one tile, so the tile buffers' copies of a feature are not drawn twice.
    ///
    /// `opaque`: what is drawn covers what is under it. On a vector target the viewer
    /// anti-aliases each tile's clip edge on its own, and two half-covered edge pixels let a faint
    /// seam of the layer below show through; the clips of opaque drawing overlap their neighbours
    /// by a quarter of a device pixel instead (translucent drawing would darken the overlap).
    func clip(to projection: TileProjection, opaque: Bool = false) {
        let overlap = opaque && canvas.isVector ? 0.25 / canvas.pixelRatio : 0
        if transform.sinB == 0 && perspective == nil {
            let xs = projection.tileCorners.map(\.x), ys = projection.tileCorners.map(\.y)
            canvas.clipSnapped(Rect(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!), outset: overlap)
        } else {
            // The tile's corners run clockwise on screen: their left side is outside.
            let corners = overlap > 0 ? projection.tileCorners.parallel(atRight: -overlap, closed: true) : projection.tileCorners
            canvas.newPath()
            canvas.move(to: corners[0])
            for p in corners.dropFirst() { canvas.line(to: p) }
            canvas.closePath()
            // An aliased clip: neighbouring rotated tiles then share their edge pixels exactly, where
            // two anti-aliased clips would each cover half and leave a faint seam in fills.
            let antialias = cairo_get_antialias(canvas.cr)
            cairo_set_antialias(canvas.cr, CAIRO_ANTIALIAS_NONE)
            cairo_clip(canvas.cr)
            cairo_set_antialias(canvas.cr, antialias)
        }
    }

    /// Adds a feature's geometry parts to the current path, in screen points.
    func appendPath(_ parts: [[TilePoint]], _ projection: TileProjection, close: Bool) {
        let cr = canvas.cr
        if projection.crossesNearPlane {
            // Pitched, geometry nearer than the near plane is cut off before it is projected.
            let cut = close ? parts.map(projection.screenRing) : parts.flatMap(projection.screenParts)
            for part in cut where part.count > 1 {
                cairo_move_to(cr, part[0].x, part[0].y)
                for p in part.dropFirst() { cairo_line_to(cr, p.x, p.y) }
                if close { cairo_close_path(cr) }
            }
            return
        }
        for part in parts where part.count > 1 {
            let first = projection.screen(part[0])
            cairo_move_to(cr, first.x, first.y)
            for i in 1..<part.count {
                let p = projection.screen(part[i])
                cairo_line_to(cr, p.x, p.y)
            }
            if close { cairo_close_path(cr) }
        }
    }
}
