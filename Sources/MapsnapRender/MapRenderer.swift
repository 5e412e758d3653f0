import CCairo
import Foundation
import MapsnapGeo
import MapsnapOverlays
import MapsnapStyle
import MapsnapTiles
import MapsnapFormats

/// Draws a style over its vector sources for a camera: loads the tiles the view needs, places
/// the labels of every symbol layer (top layer first), then paints the layers bottom-up.
/// Not for concurrent use: each thread needs its own renderer (Pango and SQLite handles).
public final class MapRenderer {
    public let style: StyleDocument
    public let sources: [String: any VectorTileProvider]
    /// Raster sources by name, with their tile size (`raster` layers), decoded as drawn.
    let rasterTiles: [String: RasterTiles]
    /// The style's sprite at pixel ratio 1 and 2 (loaded by the caller, which knows where it is).
    public let sprites: [SpriteSheet]
    public let text = TextEngine()
    /// The style's glyph PBFs (found by the caller, like the sprite): text is drawn from them as
    /// MapLibre draws it, unless `Options.textEngine` says `pango`.
    public var glyphs: GlyphLibrary?
    /// The images of icon markers, read once.
    public let markerIcons = MarkerIconImages()

    public init(style: StyleDocument, sources: [String: any VectorTileProvider], sprites: [SpriteSheet] = [],
                rasterSources: [String: (source: ArchiveRasterSource, tileSize: Int)] = [:]) {
        self.style = style
        self.sources = sources
        rasterTiles = rasterSources.mapValues { RasterTiles(source: $0.source, tileSize: $0.tileSize) }
        self.sprites = sprites
    }

    /// The sprite for a pixel ratio: the sharpest one not finer than needed.
    func sprite(forPixelRatio ratio: Double) -> SpriteSheet? {
        let sorted = sprites.sorted { $0.pixelRatio < $1.pixelRatio }
        return sorted.last { $0.pixelRatio <= max(ratio, 1) } ?? sorted.first
    }

    /// What to draw besides the map itself.
    public struct Options: Sendable {
        /// The credit drawn bottom-right; nil draws none.
        public var attribution: String?
        /// Drawn over the base map, bottom to top: polygons, circles, tracks, user location, markers.
        public var overlays: [Overlay]
        /// A scale bar bottom-left, in these units; nil draws none.
        public var scaleBar: ScaleBarUnits?
        /// A north arrow top-right.
        public var compass: Bool
        /// The state of features (MapLibre's `setFeatureState`), read by `["feature-state", …]`.
        public var featureStates = FeatureStates()
        /// Style layers not to draw (e.g. the points of interest, for clean report images).
        public var hiddenLayers: Set<String>
        /// Draw the overlays just under this style layer (and every layer above it) instead of over
        /// the whole map, as the Mapbox Static Images API's `before_layer`; nil: on top.
        public var overlaysBelowLayer: String?
        /// More overlays, still being read (a long GPX track) when the drawing starts: asked for
        /// (and waited for) just before labels are placed, since markers keep labels off them.
        /// The map under the labels is drawn meanwhile.
        public var lateOverlays: (@Sendable () -> [Overlay])?
        /// Place only labels that fit in the image whole (metatiles: a label cut at a metatile's
        /// edge would not continue in its neighbour). By default, as in MapLibre, labels the
        /// image's edge cuts are kept.
        public var wholeLabelsOnly = false
        /// Which engine draws the labels (see `TextEngineChoice`).
        public var textEngine = TextEngineChoice.auto
        /// Whether labels of different sources push each other away (MapLibre's map option of
        /// that name); false gives each source its own collision index.
        public var crossSourceCollisions = true
        /// Outline every label's collision box over its layer: blue where placed, red where it
        /// collided (MapLibre's `showCollisionBoxes`), to see why a label is missing.
        public var collisionDebug = false
        /// How labels reach a raster image: drawn in line with the layers, or placed apart and
        /// laid over the map in bands (`LayeredLabels`), on a second thread while this one draws
        /// the map when `threaded` (a single image comes sooner on a machine with a core to
        /// spare). Layered, the bytes are the same on one thread or two.
        public var labels = LabelDrawing.inLine
        public enum LabelDrawing: Sendable, Equatable {
            case inLine
            case layered(threaded: Bool)
        }
        public init(attribution: String? = nil, overlays: [Overlay] = [], scaleBar: ScaleBarUnits? = nil, compass: Bool = false,
                    hiddenLayers: Set<String> = [], overlaysBelowLayer: String? = nil) {
            self.hiddenLayers = hiddenLayers
            self.overlaysBelowLayer = overlaysBelowLayer
            self.attribution = attribution
            self.overlays = overlays
            self.scaleBar = scaleBar
            self.compass = compass
        }
    }

    /// Renders `camera`'s view. Data problems (a corrupt tile) are reported to `warnings` and
    /// skipped; a tile the archive cannot read fails it (`RenderError.tileReadFailed`).
    public func render(_ camera: Camera, options: Options = Options(), warnings: WarningLog = WarningLog()) throws(RenderError) -> RasterImage {
        let pixelWidth = Int(saturating: (Double(camera.size.width) * camera.pixelRatio).rounded())
        let pixelHeight = Int(saturating: (Double(camera.size.height) * camera.pixelRatio).rounded())
        let image = try RasterImage(pixelWidth: pixelWidth, pixelHeight: pixelHeight, hugePages: options.labels == .layered(threaded: true))
        try draw(camera, options: options, on: Canvas(image: image, pixelRatio: camera.pixelRatio), warnings: warnings)
        return image
    }

    /// Draws `camera`'s view on `canvas`, whose drawable area is the camera's size: a raster
    /// canvas, or a page of a `VectorDocument`. On a vector canvas labels are drawn by Pango
    /// whatever `Options.textEngine` says, so that they stay text: glyph PBFs hold distance
    /// fields, which can only be drawn as pixels. Throws `RenderError.drawingFailed` when the
    /// drawing context failed (nothing drawn after the failure would show).
    public func draw(_ camera: Camera, options: Options = Options(), on canvas: Canvas,
                     warnings: WarningLog = WarningLog()) throws(RenderError) {
        let useGlyphs = options.textEngine != .pango && !canvas.isVector
        let frame = RenderFrame(camera: camera, canvas: canvas, tilesBySource: try loadTiles(for: camera, warnings: warnings),
                                text: text, placementBounds: Rect(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height),
                                labelsMayCrossEdges: !options.wholeLabelsOnly,
                                warnings: warnings, sprites: sprite(forPixelRatio: camera.pixelRatio),
                                glyphs: useGlyphs ? glyphs : nil, glyphsOnly: useGlyphs && options.textEngine == .glyphs,
                                featureStates: options.featureStates.isEmpty ? nil : FeatureStateLookup(states: options.featureStates, style: style))
        frame.spareCore = options.labels == .layered(threaded: true)
        if canvas.isVector {
            // Nothing of the map reaches past its area (a caption band below it on the page).
            canvas.withSavedState {
                cairo_rectangle(canvas.cr, 0, 0, canvas.width, canvas.height)
                cairo_clip(canvas.cr)
                draw(frame, options: options)
            }
        } else {
            draw(frame, options: options)
        }
        // Raster tiles are read as they are drawn; each source's failure is taken (so none is left
        // for the next render), the first source's thrown.
        let failures = rasterTiles.keys.sorted().compactMap { rasterTiles[$0]!.takeFailure() }
        if let failure = failures.first { throw failure }
        if let failure = frame.drawingFailures.failure { throw .drawingFailed(what: failure.what, reason: failure.reason) }
    }

    func draw(_ frame: RenderFrame, options: Options) {
        Trace.mark("tiles loaded")
        let onDark = backgroundIsDark(atZoom: frame.zoom)
        // The overlays' painter, once their space is reserved.
        let reservation = PendingResult<OverlayPainter>()
        let allOverlays = { options.overlays + (options.lateOverlays?() ?? []) }
        // Decorations and overlays claim their space before any base-map label is placed.
        let reserveSpace = { [markerIcons] in
            if let attribution = options.attribution, !attribution.isEmpty { AttributionPainter.reserve(attribution, in: frame) }
            if let units = options.scaleBar { ScaleBarPainter.reserve(units, in: frame) }
            if options.compass { CompassPainter.reserve(in: frame) }
            var painter = OverlayPainter(frame: frame, overlays: allOverlays(), onDark: onDark, icons: markerIcons)
            // Only a layer's markers are drawn off the label thread: only they need their text made ready.
            painter.reserveLabelSpace(prerenderingText: options.labels != .inLine)
            reservation.set(painter)
            Trace.mark("space reserved for decorations and overlays")
        }
        let visible = style.layers.enumerated().filter {
            $0.element.isVisible(atZoom: frame.zoom) && !options.hiddenLayers.contains($0.element.id)
        }
        let overlaysBefore = options.overlaysBelowLayer.flatMap { id in style.layers.firstIndex { $0.id == id } } ?? style.layers.count
        let aside: LayeredLabels?
        if case .layered(let threaded) = options.labels {
            aside = LayeredLabels.start(frame: frame, visible: visible, overlaysBefore: overlaysBefore,
                                        crossSourceCollisions: options.crossSourceCollisions, collisionDebug: options.collisionDebug,
                                        threaded: threaded, reserveSpace: reserveSpace)
        } else {
            aside = nil
        }
        if aside == nil { reserveSpace() }
        // Labels apart, the overlays are drawn apart too (see `OverlayLayer`).
        let overlayLayer = aside == nil
            ? nil : OverlayLayer(frame: frame, overlays: allOverlays, reservation: reservation, onDark: onDark, icons: markerIcons)
        let drawOverlays = {
            if let overlayLayer { overlayLayer.composite() } else { reservation.wait().draw() }
        }
        // In line: placement first, top layer down, so that higher layers win.
        let placer = aside == nil
            ? LabelPlacer(frame: frame, crossSourceCollisions: options.crossSourceCollisions, recordsBoxes: options.collisionDebug)
            : nil
        var labels: [Int: [PlacedLabel]] = [:]
        if let placer {
            for (index, layer) in visible.reversed() {
                if case .symbol(let symbol) = layer.kind { labels[index] = placer.place(layer, symbol); Trace.mark("placed " + layer.id) }
            }
        }
        var overlaysDrawn = false
        for (index, layer) in visible {
            defer {
                frame.checkDrawing(after: "layer '\(layer.id)'")
                Trace.mark("drew " + layer.id)
            }
            if !overlaysDrawn && index >= overlaysBefore {
                overlayLayer?.drawWhileWaiting()
                // Overlays shape text with the engine the label thread uses.
                aside?.waitForAll()
                drawOverlays()
                frame.checkDrawing(after: "the overlays")
                overlaysDrawn = true
            }
            switch layer.kind {
            case .background(let s): BackgroundPainter.paint(s.possiblyEvaluated(atZoom: frame.zoom).evaluated(for: nil), in: frame)
            case .fill(let s): FillPainter.paint(layer, s.possiblyEvaluated(atZoom: frame.zoom), in: frame)
            case .line(let s): LinePainter.paint(layer, s, in: frame)
            case .circle(let s): CirclePainter.paint(layer, s.possiblyEvaluated(atZoom: frame.zoom), in: frame)
            case .symbol:
                if let aside {
                    // Work of this thread's own before it waits for the label thread.
                    overlayLayer?.drawWhileWaiting()
                    aside.composite(index, onto: frame.canvas)
                } else {
                    SymbolPainter.draw(labels[index] ?? [], in: frame)
                    if let boxes = placer?.debugBoxes?[layer.id] { CollisionDebugPainter.draw(boxes, in: frame) }
                }
            case .raster(let s):
                if let name = layer.source, let tiles = rasterTiles[name] { RasterPainter.paint(s.possiblyEvaluated(atZoom: frame.zoom).evaluated(for: nil), tiles: tiles,
                                                                                              layerID: layer.id, in: frame) }
            case .unsupported: break
            }
        }
        if !overlaysDrawn { overlayLayer?.drawWhileWaiting() }
        // Decorations and overlays shape text with the engine the label thread uses.
        aside?.waitForAll()
        Trace.mark("map and labels drawn")
        if !overlaysDrawn {
            drawOverlays()
            frame.checkDrawing(after: "the overlays")
        }
        Trace.mark("drew the overlays")
        if let units = options.scaleBar {
            ScaleBarPainter.paint(units, onDark: onDark, in: frame)
            frame.checkDrawing(after: "the scale bar")
        }
        if options.compass {
            CompassPainter.paint(onDark: onDark, in: frame)
            frame.checkDrawing(after: "the compass")
        }
        if let attribution = options.attribution, !attribution.isEmpty {
            AttributionPainter.paint(attribution, onDark: onDark, in: frame)
            frame.checkDrawing(after: "the attribution")
        }
    }

    /// Whether the style's background is dark (relative luminance under 0.4), for decorations.
    public func backgroundIsDark(atZoom zoom: Double) -> Bool {
        for layer in style.layers {
            if case .background(let b) = layer.kind {
                let c = b.possiblyEvaluated(atZoom: zoom).color.evaluate(for: nil)
                return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b < 0.4
            }
        }
        return false
    }

    /// Whether every pixel of the map is opaque at `zoom`, whatever the data: the bottom layer is
    /// a visible background of an opaque colour at full opacity (a pattern counts as opaque: its
    /// icon's pixels are not looked at). JPEG, which has no alpha, needs this.
    public func backgroundIsOpaque(atZoom zoom: Double) -> Bool {
        guard let bottom = style.layers.first, bottom.isVisible(atZoom: zoom), case .background(let b) = bottom.kind else { return false }
        let background = b.possiblyEvaluated(atZoom: zoom).evaluated(for: nil)
        guard background.opacity >= 1 else { return false }
        if let pattern = background.pattern, !pattern.isEmpty { return true }
        return background.color.a >= 1
    }

    /// The tiles of every source the style's visible layers use, for the view plus a margin
    /// (labels and wide strokes just outside the frame). A tile that does not decode is skipped
    /// with a warning; one the archive cannot read fails the render (`RenderError.tileReadFailed`).
    func loadTiles(for camera: Camera, warnings: WarningLog) throws(RenderError) -> [String: [LoadedTile]] {
        var out: [String: [LoadedTile]] = [:]
        let used = Set(style.layers.filter { $0.isVisible(atZoom: camera.zoom) }.compactMap(\.source))
        for name in used.sorted() {
            guard let provider = sources[name] else { continue }
            var loaded: [LoadedTile] = []
            for covered in TileCover.tiles(for: camera, minZoom: provider.minZoom, maxZoom: provider.maxZoom, margin: 32) {
                do {
                    loaded += try provider.vectorTiles(covered.id).map { LoadedTile(covered: covered, tile: $0, sourceMaxZoom: provider.maxZoom) }
                } catch let error as TileArchiveError where error.isReadFailure {
                    throw .tileReadFailed(error)
                } catch {
                    warnings.warn("\(error); the tile is skipped")
                }
            }
            out[name] = loaded
        }
        return out
    }
}
