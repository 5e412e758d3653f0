import CCairo
import Foundation

/// `line`: solid lines are drawn as MapLibre draws them (`LineStrip` + `LineRasterizer`: its join
/// and cap shapes, anti-aliasing, blur, gap width and offset, translucent overlaps that compound).
/// Dashed lines are stroked by Cairo (dash lengths in line widths; offset and gap width as offset
/// polylines, blur as a fading stroke); when their paint does not depend on feature properties
/// they share one path per tile.
enum LinePainter {
    struct Resolved: Equatable {
        var color: Color, width: Double, opacity: Double, gapWidth: Double, offset: Double, blur: Double
        var dashes: [Double]?, cap: LineCap, join: LineJoin, miterLimit: Double, roundLimit: Double
        var dashScale: Double = 1

        var isDashed: Bool { (dashes?.count ?? 0) >= 2 && dashes!.contains(where: { $0 > 0 }) }
        var rasterPaint: LineRasterizer.Paint {
            .init(color: color, opacity: opacity, width: width, gapWidth: gapWidth, offset: offset, blur: blur)
        }
    }

    static func resolve(_ s: LineLayer, zoom: Double, feature: (any Feature)?) -> Resolved {
        Resolved(color: s.color.evaluate(zoom: zoom, feature: feature),
                 width: s.width.evaluate(zoom: zoom, feature: feature),
                 opacity: s.opacity.evaluate(zoom: zoom, feature: feature),
                 gapWidth: s.gapWidth.evaluate(zoom: zoom, feature: feature),
                 offset: s.offset.evaluate(zoom: zoom, feature: feature),
                 blur: s.blur.evaluate(zoom: zoom, feature: feature),
                 dashes: s.dasharray?.evaluate(zoom: zoom, feature: feature),
                 cap: s.cap.evaluate(zoom: zoom, feature: feature),
                 join: s.join.evaluate(zoom: zoom, feature: feature),
                 miterLimit: s.miterLimit.evaluate(zoom: zoom, feature: feature),
                 roundLimit: s.roundLimit.evaluate(zoom: zoom, feature: feature),
                 dashScale: exp2(zoom - zoom.rounded(.down)) * s.width.evaluate(zoom: zoom.rounded(.down), feature: feature))
    }

    static func dependsOnFeature(_ s: LineLayer) -> Bool {
        s.color.dependsOnFeature || s.width.dependsOnFeature || s.opacity.dependsOnFeature
            || s.gapWidth.dependsOnFeature || s.offset.dependsOnFeature || s.blur.dependsOnFeature || (s.dasharray?.dependsOnFeature ?? false)
    }

    static func paint(_ layer: StyleLayer, _ style: LineLayer, in frame: RenderFrame) {
        let canvas = frame.canvas, cr = canvas.cr, zoom = frame.zoom
        let perFeature = dependsOnFeature(style)
        let constant = perFeature ? nil : resolve(style, zoom: zoom, feature: nil)
        if let constant, constant.opacity <= 0 || constant.width <= 0 || constant.color.a <= 0 { return }
        let rasterizer = LineRasterizer(image: canvas.image, pixelRatio: canvas.pixelRatio)
        var clip = LineRasterizer.Clip(minX: 0, minY: 0, maxX: 0, maxY: 0)
        canvas.withSavedState {
            frame.forEachFeature(of: layer, tileStart: { _, projection in
                cairo_restore(cr); cairo_save(cr)
                frame.clip(to: projection)
                canvas.newPath()
                clip = rasterizer.clip(tileCorners: projection.tileCorners)
            }, tileEnd: {
                if let constant, constant.isDashed { stroke(constant, canvas) }
            }) { feature, projection in
                guard feature.geometryType != .point, let parts = feature.parts else { return }
                let resolved = constant ?? resolve(style, zoom: zoom, feature: feature.feature)
                guard resolved.isDashed else {
                    guard resolved.width > 0, resolved.opacity > 0 else { return }
                    let polygon = feature.geometryType == .polygon
                    for part in parts where part.count > 1 {
                        let strip = LineStrip(projection.screen(part), polygon: polygon, join: resolved.join, cap: resolved.cap,
                                              miterLimit: resolved.miterLimit, roundLimit: resolved.roundLimit)
                        rasterizer.draw(strip, resolved.rasterPaint, clip: clip)
                    }
                    return
                }
                let sides = resolved.centerOffsets
                if sides == [0] {
                    frame.appendPath(parts, projection, close: false)
                } else {
                    for part in parts where part.count > 1 {
                        let line = projection.screen(part)
                        for side in sides { canvas.appendPolyline(line.offset(by: side)) }
                    }
                }
                if perFeature { stroke(resolved, canvas) }
            }
        }
    }

    /// Strokes (and clears) the current path: a dashed line.
    static func stroke(_ r: Resolved, _ canvas: Canvas) {
        let cr = canvas.cr
        guard r.width > 0, r.opacity > 0 else { cairo_new_path(cr); return }
        switch r.cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
        switch r.join {
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        }
        cairo_set_miter_limit(cr, r.miterLimit)
        if r.isDashed, let dashes = r.dashes {
            // Dash lengths are in line widths (MapLibre); a zero dash with a round cap is a dot.
            let scaled = dashes.map { max($0 * r.dashScale, 0) }
            cairo_set_dash(cr, scaled, Int32(scaled.count), 0)
        } else {
            cairo_set_dash(cr, nil, 0, 0)
        }
        if r.blur >= 0.5 {
            // line-blur: the edges fade inwards over `blur` points.
            canvas.strokeFading(halfWidth: r.width / 2, fade: min(r.blur, r.width / 2), color: r.color, opacity: r.opacity)
            cairo_new_path(cr)
            return
        }
        canvas.setColor(r.color, opacity: r.opacity)
        cairo_set_line_width(cr, r.width)
        cairo_stroke(cr)
    }
}

extension LinePainter.Resolved {
    /// Where the stroked lines run, as offsets from the geometry: the line itself moved by
    /// `line-offset`, or with a gap one line on each side, centred `(gap + width) / 2` away.
    var centerOffsets: [Double] {
        guard gapWidth > 0 else { return [offset] }
        let side = (gapWidth + width) / 2
        return [offset - side, offset + side]
    }
}
