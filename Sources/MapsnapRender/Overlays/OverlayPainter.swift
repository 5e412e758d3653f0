import MapsnapFormats
import MapsnapOverlays
import MapsnapGeo
/// Draws the overlays over the base map in a fixed order, bottom to top: polygons, geofence
/// circles, tracks, the user's location, markers. Before base-map labels are placed, the markers,
/// their titles and the location dot reserve their space, so no base label is drawn over them.
struct OverlayPainter {
    let frame: RenderFrame
    let overlays: [Overlay]
    let onDark: Bool
    let icons: MarkerIconImages
    let projection: OverlayProjection
    private(set) var markerLayouts: [MarkerPainter.Layout] = []
    /// On a raster frame, the markers' text made ready by `reserveLabelSpace`.
    private(set) var markerText: MarkerPainter.Prerendered?

    init(frame: RenderFrame, overlays: [Overlay], onDark: Bool, icons: MarkerIconImages) {
        self.frame = frame
        self.icons = icons
        self.overlays = overlays
        self.onDark = onDark
        projection = OverlayProjection(camera: frame.camera)
    }

    var markers: [Marker] {
        overlays.compactMap { if case .marker(let m) = $0 { m } else { nil } }
    }

    /// `prerenderingText`: also make the markers' text ready for any thread (`markerText`).
    mutating func reserveLabelSpace(prerenderingText: Bool = false) {
        for case .userLocation(let u) in overlays where !u.reducedAccuracy {
            let c = projection.point(u.coordinate)
            let b = UserLocationPainter.dotBounds
            frame.collisions.insert(Rect(minX: c.x + b.minX, minY: c.y + b.minY, maxX: c.x + b.maxX, maxY: c.y + b.maxY))
        }
        let painter = MarkerPainter(frame: frame, projection: projection, onDark: onDark, icons: icons)
        markerLayouts = painter.reserve(markers)
        // The scratch image's pixels are never touched, so the system never backs them.
        if prerenderingText, let base = frame.canvas.image, !markerLayouts.isEmpty,
           let scratch = try? RasterImage(pixelWidth: base.pixelWidth, pixelHeight: base.pixelHeight, hugePages: true) {
            markerText = painter.prerender(markerLayouts, scratch: Canvas(image: scratch, pixelRatio: frame.canvas.pixelRatio))
        }
    }

    func draw() {
        drawUnderMarkers()
        drawMarkers()
    }

    /// Polygons, circles, tracks and the user's location: no text, so any thread may draw them
    /// while the label thread owns the text engine.
    func drawUnderMarkers() {
        let shapes = GeoShapePainter(frame: frame, projection: projection)
        let drawShapes = { [frame] in
            for case .polygon(let p) in overlays { shapes.draw(p) }
            frame.checkDrawing(after: "overlay polygons")
            for case .circle(let c) in overlays { shapes.draw(c) }
            frame.checkDrawing(after: "overlay circles")
        }
        let tracks = TrackPainter(frame: frame, projection: projection)
        let trackList = overlays.compactMap { overlay -> Track? in if case .track(let t) = overlay { t } else { nil } }
        let prepared: [TrackPainter.Prepared]
        if frame.spareCore && !trackList.isEmpty {
            // The tracks' lines are projected and simplified on another core while the shapes
            // under them are drawn (100,000 points take as long as 50 translucent circles).
            (prepared, _) = WorkerThread.alongside({ trackList.map(tracks.prepare) }, drawShapes)
        } else {
            drawShapes()
            prepared = trackList.map(tracks.prepare)
        }
        Trace.mark("overlay shapes drawn, tracks prepared")
        for p in prepared { tracks.draw(p) }
        frame.checkDrawing(after: "overlay tracks")
        Trace.mark("tracks drawn")
        let location = UserLocationPainter(frame: frame, projection: projection)
        for case .userLocation(let u) in overlays { location.draw(u) }
        frame.checkDrawing(after: "the user location")
    }

    /// The markers laid out by `reserveLabelSpace`, with their titles, on `target` (a frame
    /// drawing on another canvas of the same size; this one's by default). Any thread may draw
    /// them on a raster frame (their text is prerendered), only the text engine's on another.
    func drawMarkers(on target: RenderFrame? = nil, titleImages: [Int: MarkerPainter.TitleImage]? = nil) {
        defer { Trace.mark("markers drawn") }
        let on = target ?? frame
        MarkerPainter(frame: on, projection: projection, onDark: onDark, icons: icons)
            .draw(markerLayouts, prerendered: markerText, titleImages: titleImages)
        on.checkDrawing(after: "overlay markers")
    }

    /// The markers' titles painted on images of their own (`MarkerPainter.titleImages`); empty
    /// without prerendered text.
    func titleImages() -> [Int: MarkerPainter.TitleImage] {
        guard let markerText else { return [:] }
        return MarkerPainter(frame: frame, projection: projection, onDark: onDark, icons: icons).titleImages(markerLayouts, markerText)
    }
}
