import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapTiles

/// Draws labels shaped from SDF glyphs as MapLibre's text shader does: each glyph's distance
/// field sampled bilinearly at every device pixel its quad covers, turned into coverage by the
/// shader's edge (with the halo's own edge and blur), the halos of all labels first, then the
/// glyphs. Labels shaped with system fonts are not drawn here.
///
/// Images in rich text are drawn in their glyphs' places from the sprite, sampled bilinearly and
/// faded by `text-opacity`, in the halo pass as well as the glyph pass (MapLibre's text-and-icon
/// shader draws them the same in both).
enum SDFTextPainter {
    static func draw(_ labels: [PlacedLabel], sprites: SpriteSheet?, on canvas: Canvas) {
        let sdfLabels = labels.filter { $0.text?.sdf != nil && $0.paint.opacity > 0 }
        for label in sdfLabels where label.paint.haloWidth > 0 && label.paint.haloColor.a > 0 {
            paint(label, halo: true, sprites: sprites, on: canvas)
        }
        for label in sdfLabels { paint(label, halo: false, sprites: sprites, on: canvas) }
    }

    /// An image of rich text: the sprite image's texels mapped to device pixels by
    /// `origin` + u·`du` + v·`dv` (its top-left texel's corner at `origin`).
    private struct ImageQuad {
        let icon: SpriteSheet.Icon
        let origin: Point
        let du: Point
        let dv: Point
    }

    /// A glyph's distance field and the map from its texels to device pixels: `origin` + u·`du` + v·`dv`.
    private struct Quad {
        let glyph: SDFGlyph
        let origin: Point
        let du: Point
        let dv: Point
        /// Its section's `font-scale` (the shader's edge sharpens with it) and index.
        var scale = 1.0
        var section = 0

        /// The device pixels the quad covers: the field and one texel beyond it (MapLibre's
        /// atlas padding).
        var bounds: Rect {
            let w = Double(glyph.bitmapWidth) + 1, h = Double(glyph.bitmapHeight) + 1
            let corners = [origin - du - dv, origin + du * w - dv, origin - du + dv * h, origin + du * w + dv * h]
            return Rect(minX: corners.map(\.x).min()!, minY: corners.map(\.y).min()!,
                        maxX: corners.map(\.x).max()!, maxY: corners.map(\.y).max()!)
        }
    }

    private static func quads(_ label: PlacedLabel, _ text: ShapedText, ratio: Double) -> (glyphs: [Quad], images: [ImageQuad]) {
        guard let shaping = text.sdf else { return ([], []) }
        let s = text.fontSize / GlyphShaping.oneEm
        let border = Double(SDFGlyph.border)
        /// The device map of a quad whose corner is at `p` (points), turned by `angle`, with
        /// `unit` points per texel.
        func frame(at p: Point, angle: Double, unit: Double, upright: Bool, glyphWarp: PlaneWarp?) -> (origin: Point, du: Point, dv: Point) {
            // A glyph standing upright in a vertical column is turned a quarter back.
            let a = upright ? angle - .pi / 2 : angle
            let c = cos(a) * unit * ratio, n = sin(a) * unit * ratio
            let du = Point(x: c, y: n), dv = Point(x: -n, y: c)
            // Text lying on a pitched map: the quad goes through the warp.
            guard let w = glyphWarp ?? label.warp else { return (p * ratio, du, dv) }
            func linear(_ v: Point) -> Point { Point(x: w.a * v.x + w.b * v.y, y: w.c * v.x + w.d * v.y) }
            return (w.apply(p) * ratio, linear(du), linear(dv))
        }
        func quad(_ g: SDFGlyph, at p: Point, angle: Double, scale: Double = 1, section: Int = 0, upright: Bool = false,
                  glyphWarp: PlaneWarp? = nil) -> Quad {
            let f = frame(at: p, angle: angle, unit: s * scale, upright: upright, glyphWarp: glyphWarp)
            return Quad(glyph: g, origin: f.origin, du: f.du, dv: f.dv, scale: scale, section: section)
        }
        func imageQuad(_ icon: SpriteSheet.Icon, at p: Point, angle: Double, scale: Double, upright: Bool = false,
                       glyphWarp: PlaneWarp? = nil) -> ImageQuad {
            let f = frame(at: p, angle: angle, unit: s * scale / icon.pixelRatio, upright: upright, glyphWarp: glyphWarp)
            return ImageQuad(icon: icon, origin: f.origin, du: f.du, dv: f.dv)
        }
        var out: [Quad] = [], images: [ImageQuad] = []
        switch label.shape {
        case .block(let origin), .rotatedBlock(let origin, _, _):
            var pivot = origin, angle = 0.0
            if case .rotatedBlock(_, let p, let a) = label.shape { (pivot, angle) = (p, a) }
            for placed in shaping.glyphs where !placed.glyph.bitmap.isEmpty || placed.image != nil {
                let g = placed.glyph, k = placed.scale
                if let icon = placed.image {
                    // MapLibre's image quad: its content a layout unit right of the pen and three
                    // below the glyph line (IMAGE_PADDING and the glyph border), at the image's scale.
                    var local = Point(x: placed.x + k, y: placed.y + 3 * k)
                    if placed.vertical {
                        // Turned as an upright glyph, and moved up by what its advance lacks of an em.
                        let half = placed.advance * k / 2
                        local = uprightCorner(Point(x: k - half, y: 3 * k), halfAdvance: half, isImage: true)
                            + Point(x: placed.x + half, y: placed.y)
                    }
                    let corner = Point(x: origin.x + local.x * s, y: origin.y + local.y * s)
                    images.append(imageQuad(icon, at: corner.rotated(about: pivot, by: angle), angle: angle, scale: k, upright: placed.vertical))
                    continue
                }
                var local = Point(x: placed.x + (Double(g.left) - border) * k, y: placed.y + (-Double(g.top) - border) * k)
                if placed.vertical {
                    // Turned upright about the middle of its advance, then back to its place on the line.
                    let half = Double(g.advance) * k / 2
                    let corner = Point(x: (Double(g.left) - border) * k - half, y: (-Double(g.top) - border) * k)
                    local = uprightCorner(corner, halfAdvance: half) + Point(x: placed.x + half, y: placed.y)
                }
                let corner = Point(x: origin.x + local.x * s, y: origin.y + local.y * s)
                out.append(quad(g, at: corner.rotated(about: pivot, by: angle), angle: angle,
                                scale: k, section: placed.section, upright: placed.vertical))
            }
        case .alongLine(let glyphs):
            for placement in glyphs {
                let k = placement.glyph.scale, a = placement.angle
                if let icon = placement.glyph.image {
                    let local = Point(x: k * s - placement.glyph.advance / 2, y: placement.glyph.yOffset + 3 * k * s)
                    let corner = (placement.center + local).rotated(about: placement.center, by: a)
                    images.append(imageQuad(icon, at: corner, angle: a, scale: k, glyphWarp: placement.warp))
                    continue
                }
                guard let g = placement.glyph.sdf, !g.bitmap.isEmpty else { continue }
                if placement.glyph.vertical {
                    // Upright in a column along the line: MapLibre's turn of a vertical glyph
                    // (as in a block, about its own middle on the line), then the line's angle.
                    let half = Double(g.advance) * k / 2
                    let turned = uprightCorner(Point(x: (Double(g.left) - border) * k - half, y: (-Double(g.top) - border) * k),
                                               halfAdvance: half)
                    let local = Point(x: turned.x * s, y: turned.y * s + placement.glyph.yOffset)
                    let corner2 = (placement.center + local).rotated(about: placement.center, by: a)
                    out.append(quad(g, at: corner2, angle: a, scale: k, section: placement.glyph.section, upright: true,
                                    glyphWarp: placement.warp))
                    continue
                }
                // Relative to the glyph's middle on the line: its advance centred, its line's offset.
                let local = Point(x: (Double(g.left) - border) * s * k - placement.glyph.advance / 2,
                                  y: placement.glyph.yOffset + (-Double(g.top) - border) * s * k)
                let corner = (placement.center + local).rotated(about: placement.center, by: a)
                out.append(quad(g, at: corner, angle: a, scale: k, section: placement.glyph.section, glyphWarp: placement.warp))
            }
        }
        return (out, images)
    }

    /// MapLibre's upright glyph in a vertical line (quads.ts): a quad corner relative to the middle
    /// of its advance (layout units), turned a quarter counter-clockwise about
    /// (−½ advance, ½ advance + 17) and moved across by 5 + 17 − (12 − ½ advance); an image also
    /// moves up by what its advance lacks of half an em.
    private static func uprightCorner(_ corner: Point, halfAdvance half: Double, isImage: Bool = false) -> Point {
        let shortOfHalfEm = GlyphShaping.oneEm / 2 - half
        return corner.rotated(about: Point(x: -half, y: half - GlyphShaping.defaultOffset), by: -.pi / 2)
            + Point(x: 5 - GlyphShaping.defaultOffset - shortOfHalfEm, y: isImage ? -shortOfHalfEm : 0)
    }

    private static func paint(_ label: PlacedLabel, halo: Bool, sprites: SpriteSheet?, on canvas: Canvas) {
        guard let text = label.text else { return }
        let ratio = canvas.pixelRatio
        let (quads, images) = quads(label, text, ratio: ratio)
        if let sprites {
            for image in images {
                draw(image, from: sprites, opacity: label.paint.opacity, linear: text.samplesImagesLinearly, on: canvas)
            }
        }
        guard !quads.isEmpty else { return }
        // The label's device box, within the image.
        let box = quads.dropFirst().reduce(quads[0].bounds) { $0.union($1.bounds) }
        let x0 = max(0, Int(saturating: box.minX.rounded(.down))), y0 = max(0, Int(saturating: box.minY.rounded(.down)))
        let x1 = min(canvas.pixelWidth, Int(saturating: box.maxX.rounded(.up)))
        let y1 = min(canvas.pixelHeight, Int(saturating: box.maxY.rounded(.up)))
        let width = x1 - x0, height = y1 - y0
        guard width > 0, height > 0 else { return }
        let paint = label.paint
        let tint = SDFTint(color: paint.color, haloColor: paint.haloColor, haloWidth: paint.haloWidth, haloBlur: paint.haloBlur)
        let edge = label.planeEdge ?? (1, 1)
        let shader = SDFShader(tint, size: text.fontSize / GlyphShaping.oneEm * edge.sizeScale, pixelRatio: ratio,
                               gammaScale: edge.gammaScale)
        // Rich text: each section's glyphs in its own `text-color` (the halo is the layer's).
        let colors = text.sectionColors
        let colorOf = { (q: Quad) -> Color in halo ? paint.haloColor : (q.section < colors.count ? colors[q.section] : nil) ?? paint.color }
        var groups: [(color: Color, quads: [Quad])] = []
        for q in quads {
            let c = colorOf(q)
            if let i = groups.firstIndex(where: { $0.color == c }) { groups[i].quads.append(q) } else { groups.append((c, [q])) }
        }
        for group in groups {
            composite(group.quads, color: group.color, halo: halo, shader: shader, opacity: paint.opacity,
                      x0: x0, y0: y0, width: width, height: height, on: canvas)
        }
    }

    /// An image of rich text, sampled from the sprite (bilinearly, or pixel for pixel) within a
    /// one-texel transparent border (MapLibre's atlas padding), which the quad covers.
    private static func draw(_ image: ImageQuad, from sprites: SpriteSheet, opacity: Double, linear: Bool, on canvas: Canvas) {
        let icon = image.icon
        guard abs(image.du.x * image.dv.y - image.dv.x * image.du.y) > 1e-12,
              let bordered = sprites.bordered(icon, tinted: nil) else { return }
        defer { cairo_surface_destroy(bordered) }
        let cr = canvas.cr
        canvas.withSavedState {
            cairo_identity_matrix(cr)
            var m = cairo_matrix_t(xx: image.du.x, yx: image.du.y, xy: image.dv.x, yy: image.dv.y, x0: image.origin.x, y0: image.origin.y)
            cairo_transform(cr, &m)
            // A GPU quad's edge is hard: a device pixel is the image's when its centre is inside.
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            cairo_rectangle(cr, -1, -1, Double(icon.width + 2), Double(icon.height + 2))
            cairo_clip(cr)
            cairo_set_source_surface(cr, bordered, -1, -1)
            cairo_pattern_set_filter(cairo_get_source(cr), linear ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
            cairo_paint_with_alpha(cr, opacity)
        }
    }

    /// Rasterizes quads into one coverage buffer and paints it in `color`.
    private static func composite(_ quads: [Quad], color: Color, halo: Bool, shader: SDFShader, opacity: Double,
                                  x0: Int, y0: Int, width: Int, height: Int, on canvas: Canvas) {
        var coverage = [Double](repeating: 0, count: width * height)
        for q in quads { rasterize(q, halo: halo, shader: shader, into: &coverage, x0: x0, y0: y0, width: width, height: height) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(surface) }
        let color = color.premultiplied
        let stride = Int(cairo_image_surface_get_stride(surface))
        let out = cairo_image_surface_get_data(surface)!
        func byte(_ v: Double) -> UInt32 { min(UInt32(saturating: v * 255 + 0.5), 255) }
        for j in 0..<height {
            let row = UnsafeMutableRawPointer(out + j * stride)
            for i in 0..<width {
                let a = coverage[j * width + i] * opacity
                let pixel = a > 0 ? byte(color.a * a) << 24 | byte(color.r * a) << 16 | byte(color.g * a) << 8 | byte(color.b * a) : 0
                row.storeBytes(of: pixel, toByteOffset: i * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface)
        canvas.withSavedState {
            cairo_identity_matrix(canvas.cr)
            cairo_set_source_surface(canvas.cr, surface, Double(x0), Double(y0))
            cairo_paint(canvas.cr)
        }
    }

    /// Adds one glyph's coverage (source over) to the label's buffer.
    private static func rasterize(_ q: Quad, halo: Bool, shader: SDFShader, into coverage: inout [Double],
                                  x0: Int, y0: Int, width: Int, height: Int) {
        let g = q.glyph, bw = g.bitmapWidth, bh = g.bitmapHeight
        // Device → texel: the inverse of the quad's linear map.
        let det = q.du.x * q.dv.y - q.dv.x * q.du.y
        guard abs(det) > 1e-12 else { return }
        let inv = (a: q.dv.y / det, b: -q.dv.x / det, c: -q.du.y / det, d: q.du.x / det)
        @inline(__always) func distance(_ tx: Int, _ ty: Int) -> Double {
            guard tx >= 0, ty >= 0, tx < bw, ty < bh else { return 0 }
            return Double(g.bitmap[ty * bw + tx]) / 255
        }
        let box = q.bounds
        let i0 = max(0, Int(saturating: box.minX.rounded(.down)) - x0), i1 = min(width, Int(saturating: box.maxX.rounded(.up)) - x0)
        let j0 = max(0, Int(saturating: box.minY.rounded(.down)) - y0), j1 = min(height, Int(saturating: box.maxY.rounded(.up)) - y0)
        guard i0 < i1, j0 < j1 else { return }
        for j in j0..<j1 {
            let py = Double(y0 + j) + 0.5 - q.origin.y
            for i in i0..<i1 {
                let px = Double(x0 + i) + 0.5 - q.origin.x
                let u = inv.a * px + inv.b * py, v = inv.c * px + inv.d * py
                guard u >= -1, v >= -1, u <= Double(bw) + 1, v <= Double(bh) + 1 else { continue }
                let su = u - 0.5, sv = v - 0.5
                let tx = Int(su.rounded(.down)), ty = Int(sv.rounded(.down))
                let fx = su - Double(tx), fy = sv - Double(ty)
                let d = (distance(tx, ty) * (1 - fx) + distance(tx + 1, ty) * fx) * (1 - fy)
                    + (distance(tx, ty + 1) * (1 - fx) + distance(tx + 1, ty + 1) * fx) * fy
                let a = halo ? shader.haloCoverage(d) : shader.fillCoverage(d)
                guard a > 0 else { continue }
                let k = j * width + i
                coverage[k] += a * (1 - coverage[k])
            }
        }
    }
}
