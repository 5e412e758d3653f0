import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapStyle

/// `circle`: a disc of `circle-radius` points at every point of the feature, with an optional stroke.
enum CirclePainter {
    static func paint(_ layer: StyleLayer, _ style: CircleLayer.PossiblyEvaluated, in frame: RenderFrame) {
        let canvas = frame.canvas
        // MapLibre fades a circle's edges over the last device pixel inside them, where Cairo's
        // coverage is centred on the edge: drawing the edges half a device pixel in matches it.
        let shift = 0.5 / frame.camera.pixelRatio
        canvas.withSavedState {
            // circle-sort-key orders the circles of every tile together (MapLibre sorts the
            // segments of all tiles by key): each tile holds only its own points, so a per-tile
            // order would let a later tile cover a circle with a higher key.
            var sorted: [(key: Double, feature: RenderFeature, projection: TileProjection)] = []
            if let sortKey = style.sortKey {
                frame.forEachFeature(of: layer) { rendered, projection in
                    sorted.append((frame.sortKey(sortKey, rendered), rendered, projection))
                }
                sorted = sorted.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
            }
            let each: ((RenderFeature, TileProjection) -> Void) -> Void = { body in
                if style.sortKey == nil { frame.forEachFeature(of: layer, body) } else { for s in sorted { body(s.feature, s.projection) } }
            }
            each { rendered, projection in
                guard let parts = rendered.parts else { return }
                let feature = rendered.feature
                let radius = style.radius.evaluate(for: feature)
                let opacity = style.opacity.evaluate(for: feature)
                let strokeWidth = style.strokeWidth.evaluate(for: feature)
                let translate = frame.screenOffset(style.translate.evaluate(for: feature),
                                                   anchor: style.translateAnchor.evaluate(for: feature))
                let pitched = frame.perspective.map { ($0, style.pitchAlignment.evaluate(for: feature) == .map,
                                                       style.pitchScale.evaluate(for: feature) == .map) }
                for part in parts {
                    for p in part {
                        var center = projection.plane(p) + translate
                        // Pitched: a disc facing the viewer or lying on the map, drawn at the origin
                        // through the linear map `local` around its projected center.
                        var local: cairo_matrix_t?
                        if let (perspective, onMap, scalesWithMap) = pitched {
                            guard center.y <= perspective.nearPlaneY else { continue }
                            let k = perspective.scale(atPlane: center)
                            if onMap {
                                // The disc's exact image; the outer edge fixes the map (the inner
                                // edge is scaled with it).
                                let outer = (radius + strokeWidth) * (scalesWithMap ? 1 : 1 / k)
                                guard outer > 0, let e = perspective.ellipse(center: center, radius: outer) else { continue }
                                let s = 1 / (radius + strokeWidth)
                                local = cairo_matrix_t(xx: e.a * s, yx: e.c * s, xy: e.b * s, yy: e.d * s, x0: 0, y0: 0)
                                center = e.center
                            } else {
                                let s = scalesWithMap ? k : 1
                                local = cairo_matrix_t(xx: s, yx: 0, xy: 0, yy: s, x0: 0, y0: 0)
                                center = perspective.screen(fromPlane: center)
                            }
                        }
                        let reach = (radius + strokeWidth) * (local.map { max(abs($0.xx) + abs($0.xy), abs($0.yx) + abs($0.yy)) } ?? 1)
                        guard frame.placementBounds.insetBy(-reach).contains(center) else { continue }
                        if var m = local {
                            cairo_save(canvas.cr)
                            cairo_translate(canvas.cr, center.x, center.y)
                            cairo_transform(canvas.cr, &m)
                            center = Point(x: 0, y: 0)
                        }
                        defer { if local != nil { cairo_restore(canvas.cr) } }
                        let fill = style.color.evaluate(for: feature)
                        let outer = radius + strokeWidth
                        let blur = style.blur.evaluate(for: feature)
                        let stroke = style.strokeColor.evaluate(for: feature)
                        let strokeOpacity = style.strokeOpacity.evaluate(for: feature)
                        if blur * outer > shift {
                            blurredDisc(center: center, radius: radius, strokeWidth: strokeWidth, blur: blur,
                                        fill: fill, opacity: opacity, stroke: stroke, strokeOpacity: strokeOpacity, canvas: canvas)
                        } else if strokeWidth > 0 {
                            disc(center: center, radius: radius, fill: fill, opacity: opacity, strokeWidth: strokeWidth,
                                 stroke: stroke, strokeOpacity: strokeOpacity, edgeShift: shift, canvas: canvas)
                        } else {
                            disc(center, radius - shift, fill, opacity, canvas)
                        }
                    }
                }
            }
        }
    }

    /// A stroked circle as MapLibre draws it: the stroke colour out to `radius + strokeWidth`, the
    /// fill colour inside `radius`, mixed (not composited) across the inner edge, so that no
    /// seam of the background shows between them and a translucent fill does not show the stroke.
    static func disc(center: Point, radius: Double, fill: Color, opacity: Double, strokeWidth: Double,
                     stroke: Color, strokeOpacity: Double, edgeShift shift: Double, canvas: Canvas) {
        let cr = canvas.cr
        let opaque = opacity >= 1 && strokeOpacity >= 1 && fill.a >= 1 && stroke.a >= 1
        if !opaque && canvas.isVector {
            // A PDF has no SOURCE operator (Cairo would fall back to a bitmap): the stroke is a
            // ring around the fill instead, the same picture but at the seam's anti-aliasing.
            let inner = max(radius - shift, 0), outer = radius + strokeWidth - shift
            cairo_new_path(cr)
            cairo_arc(cr, center.x, center.y, outer, 0, 2 * .pi)
            cairo_new_sub_path(cr)
            cairo_arc_negative(cr, center.x, center.y, inner, 2 * .pi, 0)
            canvas.setColor(stroke, opacity: strokeOpacity)
            cairo_fill(cr)
            disc(center, inner, fill, opacity, canvas)
            return
        }
        // Opaque colours: painting the fill over the stroke is the mix. Otherwise the two are
        // mixed in a group with SOURCE (which interpolates by coverage) and composited once.
        if !opaque {
            cairo_push_group(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        }
        disc(center, radius + strokeWidth - shift, stroke, strokeOpacity, canvas)
        disc(center, max(radius - shift, 0), fill, opacity, canvas)
        if !opaque {
            cairo_pop_group_to_source(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_paint(cr)
        }
    }

    /// `circle-blur` as MapLibre's circle shader computes it, as a radial gradient: with `L` the
    /// distance from the center over `radius + strokeWidth`, the opacity is a smooth step from 1 at
    /// `L = 1 − blur` to 0 at the edge (a blur above 1 leaves even the center translucent), and
    /// the fill turns into the stroke colour over the same `blur`, ending at the fill's edge.
    static func blurredDisc(center: Point, radius: Double, strokeWidth: Double, blur: Double, fill: Color, opacity: Double,
                            stroke: Color, strokeOpacity: Double, canvas: Canvas) {
        let cr = canvas.cr, outer = radius + strokeWidth
        guard outer > 0, blur > 0 else { return }
        func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
            let t = min(max((x - e0) / (e1 - e0), 0), 1)
            return t * t * (3 - 2 * t)
        }
        let gradient = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, outer)!
        defer { cairo_pattern_destroy(gradient) }
        let edge = radius / outer
        let steps = 48
        for k in 0...steps {
            let l = Double(k) / Double(steps)
            let visible = smoothstep(0, -blur, l - 1)
            let toStroke = strokeWidth < 0.01 ? 0 : smoothstep(-blur, 0, l - edge)
            // Premultiplied mix of the two colours, as the shader mixes them.
            let fa = fill.a * opacity, sa = stroke.a * strokeOpacity
            let a = fa + (sa - fa) * toStroke
            let r = fill.r * fa + (stroke.r * sa - fill.r * fa) * toStroke
            let g = fill.g * fa + (stroke.g * sa - fill.g * fa) * toStroke
            let b = fill.b * fa + (stroke.b * sa - fill.b * fa) * toStroke
            let alpha = a * visible
            if a > 0 { cairo_pattern_add_color_stop_rgba(gradient, l, r / a, g / a, b / a, alpha) }
            else { cairo_pattern_add_color_stop_rgba(gradient, l, 0, 0, 0, 0) }
        }
        cairo_new_path(cr)
        cairo_arc(cr, center.x, center.y, outer, 0, 2 * .pi)
        cairo_set_source(cr, gradient)
        cairo_fill(cr)
    }

    static func disc(_ center: Point, _ radius: Double, _ color: Color, _ opacity: Double, _ canvas: Canvas) {
        guard radius > 0 else { return }
        let cr = canvas.cr
        cairo_new_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * .pi)
        canvas.setColor(color, opacity: opacity)
        cairo_fill(cr)
    }
}
