import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapOverlays
import MapsnapRender
import MapsnapStyle
import MapsnapTiles

/// The front door for single images: loads a style and opens its data once (a `StyleSelection`),
/// then renders any number of `MapRequest`s with it. Not for concurrent use (one per thread), like
/// the renderer it wraps; `SnapshotterCache` keeps one per selection on a worker thread.
public final class Snapshotter {
    public let selection: StyleSelection
    public let style: StyleDocument
    /// Where the vector data is, region by region.
    public let coverage: DataCoverage
    public let renderer: MapRenderer
    /// The data credit drawn by default: the sources' attribution, else OpenMapTiles and OSM for
    /// vector data without one; nil when the style draws no data at all (a background only).
    public let attribution: String?
    /// What loading the data found that the user should hear of: style layers that read a
    /// source-layer the data does not have, GeoJSON features skipped. Kept, as the style keeps its
    /// own (`style.warnings`), rather than said: a snapshotter is loaded once for many renders
    /// (cached, one per worker), and its front end says them once, when it is ready to
    /// (`reportLoadWarnings(to:)`).
    public let dataWarnings: [String]
    let vectorSources: [String: ArchiveVectorSource]
    /// The raster sources' archives, by source name then file (for messages about the data).
    let rasterArchivePaths: [String]
    /// Place and draw labels on a second thread while the map under them is drawn
    /// (`MapRenderer.Options.LabelDrawing.layered`): for one image at a time on an otherwise
    /// idle machine, as the `mapsnap` command renders; off (the default) where a pool of
    /// snapshotters keeps every core busy already. The image is the same either way.
    public var concurrentLabels = false

    public static let defaultAttribution = "© OpenMapTiles © OpenStreetMap contributors"

    /// Loads the style and opens its sources (a style whose `sources` are empty is valid: its
    /// background and the overlays are drawn). Errors name the field: `style`, `tiles[0]`,
    /// `sources.NAME`, `sprite`.
    public init(_ selection: StyleSelection) throws(RequestError) {
        self.selection = selection
        style = try selection.style.load()
        Trace.mark("style read")
        let loading = WarningLog()
        let data = try DataSources(style: style, selection: selection, warnings: loading)
        Trace.mark("data opened")
        vectorSources = data.vector
        rasterArchivePaths = data.raster.keys.sorted().flatMap { data.raster[$0]!.source.archives.map(\.path) }
        coverage = data.coverage
        dataWarnings = loading.messages
        let sprites = try SpriteLoader.load(override: selection.sprite, styleSprite: style.sprite,
                                            styleFolder: try selection.style.fileURL().deletingLastPathComponent())
        Trace.mark("sprites read")
        var providers = data.geoJSON
        for (name, source) in data.vector { providers[name] = source }
        renderer = MapRenderer(style: style, sources: providers, sprites: sprites, rasterSources: data.raster)
        renderer.glyphs = try GlyphLoader.library(override: selection.glyphs, styleGlyphs: style.glyphs,
                                                  styleFolder: try selection.style.fileURL().deletingLastPathComponent())
        attribution = !data.credits.isEmpty ? data.credits.joined(separator: " ")
            : data.vector.isEmpty && data.raster.isEmpty ? nil : Self.defaultAttribution
    }

    /// Says what loading found into `log`, before any image: the style's issues (named as the
    /// command line names the style, `--style: PATH: MESSAGE`), then the data's.
    public func reportLoadWarnings(to log: WarningLog) {
        for issue in style.warnings { log.warn("--style: \(issue)") }
        dataWarnings.forEach(log.warn)
    }

    /// Which engine draws the labels and why, for `-v`. A `document` (PDF, SVG) always draws
    /// them with system fonts: glyph PBFs are distance fields, drawn as pixels, not text.
    public func textEngineSummary(_ choice: TextEngineChoice, document: VectorFormat? = nil) -> String {
        if choice == .pango { return "text: Pango with system fonts (--text-engine pango)" }
        if let document, let glyphs = renderer.glyphs {
            return "text: Pango with system fonts, not the glyph PBFs from \(glyphs.template): \(document.rawValue) keeps labels as text, and glyph PBFs can only be drawn as pixels"
        }
        guard let glyphs = renderer.glyphs else {
            let why = style.glyphs.flatMap { $0.isEmpty ? nil : "its glyphs \($0) cannot be read offline" } ?? "the style has no glyphs"
            return "text: Pango with system fonts (\(why); give --glyphs DIR to draw from glyph PBFs)"
        }
        return "text: glyph PBFs from \(glyphs.template), as MapLibre shapes them"
            + (choice == .glyphs ? "; characters they lack are left out" : "; a label with a character they lack: Pango with system fonts")
    }

    /// The vector sources' archives, by source name (for the geocoder and pyramid planning).
    public var archivesBySource: [String: [any TileArchive]] { vectorSources.mapValues(\.archives) }

    /// The style's layers drawn from the OpenMapTiles `poi` source layer.
    var poiLayerIDs: Set<String> { Set(style.layers.filter { $0.sourceLayer == "poi" }.map(\.id)) }

    /// The default center: the style's when some region holds it, else the first region's middle.
    public var defaultCenter: LatLon {
        if let c = style.center, coverage.covers(c) { return c }
        for name in vectorSources.keys.sorted() {
            if let c = vectorSources[name]!.archives.first?.metadata.center { return c }
        }
        return coverage.regions.first?.bounds.center ?? style.center ?? LatLon(0, 0)
    }

    /// The camera a request asks for, overlays (already resolved) included for fitting.
    /// Throws when meters ask for a zoom outside 0...24 (0.01 m across a large image).
    public func camera(for request: MapRequest, overlays: [Overlay]) throws(RequestError) -> Camera {
        var center = request.center ?? defaultCenter
        if request.coordinateSystem == .gcj02, let c = request.center { center = GCJ02.toWGS84(c) }
        // Any finite heading is allowed; the camera keeps it within one turn.
        let (size, ratio, bearing, pitch) = (request.size, request.pixelRatio, request.bearing.truncatingRemainder(dividingBy: 360), request.pitch)
        func metersCamera(_ center: LatLon, _ m: Double) throws(RequestError) -> Camera {
            let camera = Camera(center: center, meters: m, size: size, pixelRatio: ratio, degreesClockwiseFromNorth: bearing, pitch: pitch)
            guard InputLimits.zoom.contains(camera.zoom) else {
                throw RequestError("meters", "\(MessageNumber.format(m)) m across \(min(size.width, size.height)) points needs zoom \(MessageNumber.format((camera.zoom * 10).rounded() / 10)), outside 0...24")
            }
            return camera
        }
        switch request.framing {
        case .meters(let m):
            return try metersCamera(center, m)
        case .zoom(let z):
            return Camera(center: center, zoom: z, size: size, pixelRatio: ratio, degreesClockwiseFromNorth: bearing, pitch: pitch)
        case .fit(let padding, let meters):
            let footprints = renderer.footprints(of: overlays)
            if let fitted = CameraFitter.fit(footprints, size: size, padding: padding, bearing: bearing, pitch: pitch) {
                return Camera(center: fitted.center, zoom: fitted.zoom, size: size, pixelRatio: ratio, degreesClockwiseFromNorth: bearing,
                              pitch: pitch)
            }
            let lone = footprints.first?.coordinates.first
            return try metersCamera(request.center == nil ? (lone ?? center) : center, meters)
        case .bounds(let box, let padding):
            // The box's own extent, east of west (past 180 when it crosses the antimeridian), so
            // that a box wider than half the world is not taken the short way round.
            let east = box.east < box.west ? box.east + 360 : box.east
            let corners = [LatLon(box.north, box.west), LatLon(box.north, east), LatLon(box.south, east), LatLon(box.south, box.west)]
            let fitted = CameraFitter.fit([OverlayFootprint(coordinates: corners)], size: size, padding: padding, bearing: bearing,
                                          pitch: pitch, longitudesAsGiven: true)
            return Camera(center: fitted?.center ?? box.center, zoom: fitted?.zoom ?? 0, size: size, pixelRatio: ratio,
                          degreesClockwiseFromNorth: bearing, pitch: pitch)
        }
    }

    /// Renders one request: validates it, reads its overlay files (in line, as `SnapshotJob` reads
    /// them), draws. Warnings (an empty track, a corrupt tile, a view outside the data) go to `warnings`.
    public func snapshot(_ request: MapRequest, warnings: WarningLog = WarningLog()) throws(SnapshotError) -> Snapshot {
        try SnapshotJob(request, warnings: warnings).snapshot(with: self)
    }

    /// `snapshot` with `lines` (a title, a caption, an address) in a band under the map, on the
    /// map's background, as batch items and `mapsnap --title` draw them; the snapshot itself
    /// when there are no lines.
    public func captioned(_ snapshot: Snapshot, lines: [CaptionBand.Line]) throws(RenderError) -> Snapshot {
        guard !lines.isEmpty else { return snapshot }
        let image = try CaptionBand.captioned(snapshot.image, lines: lines, pixelRatio: snapshot.camera.pixelRatio,
                                              dark: renderer.backgroundIsDark(atZoom: snapshot.camera.zoom), text: renderer.text)
        return Snapshot(image: image, camera: snapshot.camera, encoding: snapshot.encoding)
    }

    /// Renders a request whose overlays are already resolved (`SnapshotJob` reads them).
    /// `lateOverlays`: more overlays still being read, asked for when the labels are about to be
    /// placed (the map under them is drawn meanwhile); not for a view fitted to its overlays,
    /// which is chosen from `overlays` alone.
    public func snapshot(_ request: MapRequest, overlays: [Overlay], lateOverlays: (@Sendable () -> [Overlay])? = nil,
                         warnings: WarningLog = WarningLog()) throws(SnapshotError) -> Snapshot {
        var plan = try plan(request, overlays: overlays, warnings: warnings)
        plan.options.lateOverlays = lateOverlays
        return try image(request, plan, warnings: warnings)
    }

    private func image(_ request: MapRequest, _ plan: Plan, warnings: WarningLog) throws(SnapshotError) -> Snapshot {
        do {
            return Snapshot(image: try renderer.render(plan.camera, options: plan.options, warnings: warnings), camera: plan.camera,
                            encoding: request.encoding)
        } catch {
            throw .render(error)
        }
    }

    /// A request ready to be drawn on any canvas: checked, its camera chosen, the renderer's options set.
    struct Plan {
        let camera: Camera
        var options: MapRenderer.Options
    }

    /// Checks a request whose overlays are resolved and chooses its camera and what to draw.
    func plan(_ request: MapRequest, overlays: [Overlay], warnings: WarningLog) throws(SnapshotError) -> Plan {
        let camera: Camera
        do {
            try request.validate()
            try checkMarkerIcons(request.overlays.markers)
            camera = try self.camera(for: request, overlays: overlays)
        } catch {
            throw .request(error)
        }
        if let message = coverage.outsideMessage(for: camera, asked: request.center) { throw .outsideData(message) }
        if let below = request.overlaysBelowLayer, !style.layers.contains(where: { $0.id == below }) {
            throw .request(RequestError("before-layer", "the style has no layer '\(below)'"))
        }
        let d = request.decorations
        let rotated = camera.bearing.truncatingRemainder(dividingBy: 360) != 0
        var options = MapRenderer.Options(
            attribution: d.attribution ? attribution : nil, overlays: overlays, scaleBar: d.scaleBar,
            compass: d.compass == .on || (d.compass == .auto && rotated),
            hiddenLayers: request.hidePointsOfInterest ? poiLayerIDs : [], overlaysBelowLayer: request.overlaysBelowLayer)
        options.textEngine = request.textEngine
        options.collisionDebug = d.collisionBoxes
        options.labels = .layered(threaded: concurrentLabels)
        return Plan(camera: camera, options: options)
    }

    /// Every icon marker's image is a readable PNG, or the request names the marker.
    private func checkMarkerIcons(_ markers: [Marker]) throws(RequestError) {
        for (i, m) in markers.enumerated() {
            guard let icon = m.icon else { continue }
            do { _ = try renderer.markerIcons.image(icon.path) } catch {
                throw RequestError(FieldPath("markers").appending(index: i).appending("icon"), "\(error)")
            }
        }
    }
}
