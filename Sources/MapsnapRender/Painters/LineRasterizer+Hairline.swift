import MapsnapFormats
import MapsnapGeo

extension LineRasterizer {
    /// Draws the closed `rings` (screen points) as MapLibre draws polygon outlines
    /// (`fill-outline-color`): GL lines one device pixel wide at any pixel ratio (the width every
    /// WebGL and desktop core-profile driver draws), one pixel per column (or row) along each edge,
    /// shaded by the fill-outline shader's `1 − smoothstep(0, 1, d)` at the pixel's distance `d`
    /// from the edge. Each edge is drawn on its own, with GL's rule for which pixels a line covers,
    /// so a ring's corners are drawn once at most.
    ///
    /// Much cheaper than a `LineStrip` of the ring: a fill outline is mostly building edges a few
    /// pixels long, where building and setting up strip triangles costs more than the pixels.
    func drawHairlines(_ rings: [[Point]], shift: Point, color: Color, opacity: Double, clip: Clip) {
        guard opacity > 0, color.a > 0, clip.minX < clip.maxX, clip.minY < clip.maxY else { return }
        let shade = Shade(r: color.r * color.a, g: color.g * color.a, b: color.b * color.a, a: color.a, opacity: opacity,
                          inset: 0, outset: 0, blur2: 1, dash: nil, dashGamma: 1)
        let s = pixelRatio
        image.withMutablePixels { data, stride in
            for ring in rings where ring.count > 1 {
                var p = Point(x: (ring[ring.count - 1].x + shift.x) * s, y: (ring[ring.count - 1].y + shift.y) * s)
                for point in ring {
                    let q = Point(x: (point.x + shift.x) * s, y: (point.y + shift.y) * s)
                    hairline(p, q, shade, clip, data, stride)
                    p = q
                }
            }
        }
    }

    /// One edge, walked along its major axis a: in each column the pixel the edge crosses at the
    /// column's centre, when the edge leaves that pixel's diamond (|Δa| + |Δb| < ½ around its
    /// centre), GL's rule for lines: the pixel an edge ends in is left to the next edge, and a
    /// corner off the diamonds is drawn by neither.
    @inline(__always)
    private func hairline(_ p: Point, _ q: Point, _ shade: Shade, _ clip: Clip, _ data: UnsafeMutablePointer<UInt8>, _ stride: Int) {
        let dx = q.x - p.x, dy = q.y - p.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1e-9, length.isFinite else { return }
        let xMajor = abs(dx) >= abs(dy)
        // The edge is b = b0 + slope * (a - a0); the distance across it is the offset along b times cos θ.
        let (a0, a1, b0, da, db) = xMajor ? (p.x, q.x, p.y, dx, dy) : (p.y, q.y, p.x, dy, dx)
        let slope = db / da, cosine = abs(da) / length
        let forward = a1 > a0
        let (aMin, aMax) = xMajor ? (clip.minX, clip.maxX) : (clip.minY, clip.maxY)
        let (bMin, bMax) = xMajor ? (clip.minY, clip.maxY) : (clip.minX, clip.maxX)
        let startPixel = Int(saturating: a0.rounded(.down)), endPixel = Int(saturating: a1.rounded(.down))
        let from = max(min(startPixel, endPixel), aMin), to = min(max(startPixel, endPixel), aMax - 1)
        guard from <= to else { return }
        for a in from...to {
            let centre = Double(a) + 0.5
            let b = b0 + slope * (centre - a0)
            let across = Int(saturating: b.rounded(.down))
            guard across >= bMin, across < bMax else { continue }
            let offset = abs(Double(across) + 0.5 - b)
            // Where the edge leaves the pixel's diamond, along a; it must lie inside the edge.
            let exit = forward ? centre + (0.5 - offset) : centre - (0.5 - offset)
            guard forward ? (a0 < exit && exit < a1) : (a1 < exit && exit < a0) else { continue }
            let d = offset * cosine
            let alpha = 1 - d * d * (3 - 2 * d)
            let (x, y) = xMajor ? (a, across) : (across, a)
            if let outline = clip.outline {
                guard let span = Self.span(of: outline, at: Double(y) + 0.5), Double(x) + 0.5 >= span.0, Double(x) + 0.5 < span.1 else { continue }
            }
            let pixel = UnsafeMutableRawPointer(data + y * stride + x * 4)
            pixel.storeBytes(of: shade.blend(alpha * shade.opacity, over: pixel.load(as: UInt32.self)), as: UInt32.self)
        }
    }
}
