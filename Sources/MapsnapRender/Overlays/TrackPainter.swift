import Foundation
import CCairo
import MapsnapFormats
import MapsnapGeo
import MapsnapOverlays

/// Tracks: simplified to the render resolution (sub-pixel detail dropped, so 100,000 points draw
/// fast), a casing under the line, round joins and caps, optional dashes, and small start (green)
/// and end (red) dots.
struct TrackPainter {
    let frame: RenderFrame
    let projection: OverlayProjection

    /// Detail below half a device pixel cannot be seen under a line several pixels wide.
    var tolerance: Double { 0.5 / frame.camera.pixelRatio }

    /// A track's lines on screen, worked out before anything is drawn (pure computation: it may
    /// run on another thread while the canvas is drawn on).
    struct Prepared {
        let track: Track
        /// The lines on screen, simplified (stroked tracks only).
        let segments: [[Point]]
        /// Where the track starts and ends on screen.
        let ends: (start: Point, end: Point)?
        /// The parts that can show: far outside the image nothing is drawn.
        let visible: [ArraySlice<Point>]
        /// An opaque solid track on a raster image, drawn as round-capped capsules.
        let rasterized: Bool
    }

    func prepare(_ t: Track) -> Prepared {
        let reach = t.width / 2 + max(t.casingWidth, 0) + 2
        let size = frame.camera.size
        let view = Rect(minX: -reach, minY: -reach, maxX: Double(size.width) + reach, maxY: Double(size.height) + reach)
        let opaque = t.opacity >= 1 && (t.dash?.count ?? 0) < 2 && frame.canvas.image != nil
        let lines: [[Point]], ends: (start: Point, end: Point)?
        if opaque, let near = segmentsNearView(t.segments, view: view) {
            // Rasterized: only the parts that can show are projected and simplified (a long
            // track often reaches far outside the image). The runs `visibleRuns` keeps are those
            // of the whole line: every segment that can touch the view is in `near`.
            lines = near.flatMap { projection.lines($0) }.filter { $0.count > 1 }
            let drawn = t.segments.filter { $0.count > 1 }
            ends = drawn.first.flatMap { first in drawn.last.map { (projection.point(first[0]), projection.point($0[$0.count - 1])) } }
        } else {
            lines = t.segments.flatMap(projection.lines).filter { $0.count > 1 }
            ends = lines.first.flatMap { first in lines.last.map { (first[0], $0[$0.count - 1]) } }
        }
        guard opaque else {
            // Stroked: dashes run on along the whole simplified line.
            let segments = lines.map { $0.simplified(tolerance: tolerance) }
            return Prepared(track: t, segments: segments, ends: ends, visible: segments.flatMap { $0.visibleRuns(in: view) },
                            rasterized: false)
        }
        let visible = lines.flatMap { $0.visibleRuns(in: view) }.map { Array($0).simplified(tolerance: tolerance)[...] }
        return Prepared(track: t, segments: [], ends: ends, visible: visible, rasterized: true)
    }

    /// The runs of the track's segments that can reach the screen rectangle `view`, told apart
    /// in latitude and longitude before anything is projected (the plane box of the view in
    /// degrees holds every segment that can touch it); nil when the projection could move some
    /// points by whole worlds (a track or a view reaching half a world from the view's centre),
    /// or the view is pitched: then the whole track is projected.
    private func segmentsNearView(_ segments: [[LatLon]], view: Rect) -> [[LatLon]]? {
        let camera = frame.camera
        guard camera.perspective == nil else { return nil }
        let corners = [Point(x: view.minX, y: view.minY), Point(x: view.maxX, y: view.minY),
                       Point(x: view.minX, y: view.maxY), Point(x: view.maxX, y: view.maxY)]
            .map { WebMercator.unproject(camera.worldToScreen.world(fromScreen: $0), zoom: camera.zoom) }
        let box = BoundingBox(west: corners.map(\.longitude).min()!, south: corners.map(\.latitude).min()!,
                              east: corners.map(\.longitude).max()!, north: corners.map(\.latitude).max()!)
        let center = camera.center.longitude
        guard box.west > -180, box.east < 180, abs(box.west - center) < 179, abs(box.east - center) < 179 else { return nil }
        for segment in segments {
            var previous = segment.first?.longitude ?? center
            for p in segment {
                guard abs(p.longitude - center) < 179, abs(p.longitude - previous) < 179 else { return nil }
                previous = p.longitude
            }
        }
        return segments.flatMap { $0.runs(touching: box).map { Array($0) } }
    }

    func draw(_ t: Track) { draw(prepare(t)) }

    func draw(_ p: Prepared) {
        let (t, segments, visible) = (p.track, p.segments, p.visible)
        if p.rasterized, let image = frame.canvas.image {
            drawOpaque(t, visible, into: image)
        } else {
            drawStroked(t, segments: segments, visible: visible)
        }
        guard let (first, last) = p.ends else { return }
        if t.startMarker { endpoint(first, Color(r: 0.16, g: 0.68, b: 0.31, a: 1)) }
        if t.endMarker { endpoint(last, Color(r: 0.86, g: 0.2, b: 0.18, a: 1)) }
    }

    /// An opaque solid track: casings, then lines, each segment a round-capped capsule drawn by
    /// `LineRasterizer.drawRoundCapsules` (exact round joins, and faster than Cairo's stroker on
    /// a long self-crossing track). A vector target strokes it (`drawStroked`).
    /// With a core to spare (`RenderFrame.spareCore`), the top and bottom halves of the image are
    /// drawn at once; each pixel sees the same strokes in the same order either way.
    private func drawOpaque(_ t: Track, _ runs: [ArraySlice<Point>], into image: RasterImage) {
        let rasterizer = LineRasterizer(image: image, pixelRatio: frame.canvas.pixelRatio)
        var paints: [(color: Color, width: Double)] = []
        if let casing = t.casingColor, t.casingWidth > 0 { paints.append((casing, t.width + 2 * t.casingWidth)) }
        paints.append((t.color, t.width))
        let (w, h) = (image.pixelWidth, image.pixelHeight)
        image.withMutablePixels { data, stride in
            func drawRows(_ rows: Range<Int>) {
                let clip = LineRasterizer.Clip(minX: 0, minY: rows.lowerBound, maxX: w, maxY: rows.upperBound)
                for p in paints {
                    for run in runs { rasterizer.drawRoundCapsules(run, color: p.color, width: p.width, clip: clip, into: data, stride: stride) }
                }
            }
            if frame.spareCore && h >= 2 {
                _ = WorkerThread.alongside({ drawRows(h / 2..<h) }, { drawRows(0..<h / 2) })
            } else {
                drawRows(0..<h)
            }
        }
    }

    /// A translucent or dashed track, stroked by Cairo: in a group so that a translucent track
    /// does not darken where it overlaps itself; dashes run continuously along the whole track.
    private func drawStroked(_ t: Track, segments: [[Point]], visible: [ArraySlice<Point>]) {
        let canvas = frame.canvas, cr = canvas.cr
        // Round joins cost many vertices; on a dense track (segments of a few pixels) a bevel
        // looks the same and strokes several times faster.
        let points = segments.reduce(0) { $0 + $1.count }
        let length = segments.reduce(0.0) { total, s in zip(s, s.dropFirst()).reduce(total) { $0 + ($1.1 - $1.0).length } }
        let dense = points > 1000 && length / Double(points) < 3
        canvas.withSavedState {
            cairo_set_line_join(cr, dense ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            let grouped = t.opacity < 1
            if grouped { cairo_push_group(cr) }
            // Stroked in runs of a few hundred points: Cairo strokes many small paths much faster
            // than one long self-crossing one. All casings go first, then all lines, so crossings
            // look as one stroke would; round caps join the runs seamlessly.
            let runs = visible.flatMap { Self.runs(of: $0, length: 256) }
            let strokeRuns = {
                for run in runs {
                    cairo_new_path(cr)
                    canvas.appendPolyline(run)
                    cairo_stroke(cr)
                }
            }
            if let casing = t.casingColor, t.casingWidth > 0 {
                canvas.setColor(casing)
                cairo_set_line_width(cr, t.width + 2 * t.casingWidth)
                strokeRuns()
            }
            if let dash = t.dash, dash.count >= 2 {
                cairo_new_path(cr)
                for seg in segments { canvas.appendPolyline(seg) }
                let scaled = dash.map { $0 * t.width }
                cairo_set_dash(cr, scaled, Int32(scaled.count), 0)
                canvas.setColor(t.color)
                cairo_set_line_width(cr, t.width)
                cairo_stroke(cr)
            } else {
                canvas.setColor(t.color)
                cairo_set_line_width(cr, t.width)
                strokeRuns()
            }
            if grouped {
                // One opacity for the whole track: overlaps within it do not darken.
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, t.opacity)
            }
        }
    }

    private func endpoint(_ p: Point, _ color: Color) {
        let canvas = frame.canvas, cr = canvas.cr
        canvas.withSavedState {
            cairo_new_path(cr)
            cairo_arc(cr, p.x, p.y, 7, 0, 2 * .pi)
            canvas.setColor(.white)
            cairo_fill_preserve(cr)
            canvas.setColor(.black, opacity: 0.25)
            cairo_set_line_width(cr, 0.75)
            cairo_stroke(cr)
            cairo_arc(cr, p.x, p.y, 4.75, 0, 2 * .pi)
            canvas.setColor(color)
            cairo_fill(cr)
        }
    }

    /// A line cut into runs of at most `length` points that share their end points.
    static func runs(of line: ArraySlice<Point>, length: Int) -> [ArraySlice<Point>] {
        var out: [ArraySlice<Point>] = []
        var start = line.startIndex
        while start < line.endIndex - 1 {
            let end = min(start + length, line.endIndex - 1)
            out.append(line[start...end])
            start = end
        }
        return out
    }
}
