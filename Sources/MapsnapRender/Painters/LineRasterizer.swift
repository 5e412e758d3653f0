import CCairo
import Foundation

/// Draws solid lines straight into the image's pixels the way MapLibre's line shader does, so
/// that maps made with MapLibre styles look as they do in MapLibre: each triangle of the
/// `LineStrip` covers the pixels whose centres lie inside it (no edge anti-aliasing), and every
/// pixel's alpha comes from its distance to the line's centre — full inside, fading to nothing
/// over one device pixel (plus `line-blur`) at the edge, and with `line-gap-width` transparent
/// in the middle. Triangles are blended one by one, so a translucent line darkens where it
/// overlaps itself, as in MapLibre. `line-offset` moves the vertices as the shader does.
struct LineRasterizer {
    /// The pixels a tile may touch: a device-pixel rectangle, and for a rotated map the tile's
    /// (convex) outline, tested at pixel centres.
    struct Clip {
        var minX: Int, minY: Int, maxX: Int, maxY: Int   // half-open
        var outline: [Point]?
    }

    struct Paint {
        var color: Color
        var opacity: Double
        var width: Double
        var gapWidth: Double
        var offset: Double
        var blur: Double
    }

    let image: RasterImage
    let pixelRatio: Double

    /// The tile's pixels: its outline in device pixels, snapped like `Canvas.clipSnapped`.
    func clip(tileCorners corners: [Point]) -> Clip {
        let s = pixelRatio
        let xs = corners.map { $0.x * s }, ys = corners.map { $0.y * s }
        let rotated = Set(xs.map { ($0 * 1e6).rounded() }).count > 2
        var clip = Clip(minX: max(Int(xs.min()!.rounded()), 0), minY: max(Int(ys.min()!.rounded()), 0),
                        maxX: min(Int(xs.max()!.rounded()), image.pixelWidth), maxY: min(Int(ys.max()!.rounded()), image.pixelHeight))
        if rotated {
            clip.minX = max(Int(xs.min()!.rounded(.down)), 0); clip.minY = max(Int(ys.min()!.rounded(.down)), 0)
            clip.maxX = min(Int(xs.max()!.rounded(.up)), image.pixelWidth); clip.maxY = min(Int(ys.max()!.rounded(.up)), image.pixelHeight)
            clip.outline = zip(xs, ys).map { Point(x: $0, y: $1) }
        }
        return clip
    }

    /// Draws one strip (screen points) with `paint`.
    func draw(_ strip: LineStrip, _ paint: Paint, clip: Clip) {
        guard !strip.triangles.isEmpty, paint.opacity > 0, paint.color.a > 0, clip.minX < clip.maxX, clip.minY < clip.maxY else { return }
        let antialiasing = 1 / pixelRatio / 2
        let halfWidth = paint.width / 2, gap = paint.gapWidth / 2
        let inset = gap + (gap > 0 ? antialiasing : 0)
        let outset = gap + halfWidth * (gap > 0 ? 2 : 1) + (halfWidth == 0 ? 0 : antialiasing)
        let blur2 = paint.blur + 1 / pixelRatio
        // Device positions and the interpolated normal of every vertex (the shader's v_normal).
        let s = pixelRatio, offset = -paint.offset
        var device: [Point] = []
        var normals: [Point] = []
        device.reserveCapacity(strip.vertices.count)
        normals.reserveCapacity(strip.vertices.count)
        for v in strip.vertices {
            let side: Double = v.up ? 1 : -1
            let u = 0.5 * v.direction, t = 1 - abs(u)
            let e = v.extrude * (offset * side)
            let shift = Point(x: e.x * t - e.y * u, y: e.x * u + e.y * t)
            let p = v.position + shift + v.extrude * outset
            device.append(Point(x: p.x * s, y: p.y * s))
            normals.append(Point(x: v.round ? 1 : 0, y: side))
        }
        let c = paint.color, alphaScale = paint.opacity
        let colour = (r: c.r * c.a, g: c.g * c.a, b: c.b * c.a, a: c.a)
        let coverage = { (dist: Double) -> Double in
            let a = min(dist - (inset - blur2), outset - dist) / blur2
            return a <= 0 ? 0 : (a >= 1 ? 1 : a)
        }
        image.withMutablePixels { data, stride in
            for (i0, i1, i2) in strip.triangles {
                fill(device[i0], device[i1], device[i2], normals[i0], normals[i1], normals[i2], clip: clip) { x, y, nx, ny in
                    let alpha = coverage((nx * nx + ny * ny).squareRoot() * outset) * alphaScale
                    guard alpha > 0 else { return }
                    let p = UnsafeMutableRawPointer(data + y * stride + x * 4)
                    let dst = p.load(as: UInt32.self)
                    let sa = colour.a * alpha, keep = 1 - sa
                    func mix(_ src: Double, _ shift: UInt32) -> UInt32 {
                        let d = Double((dst >> shift) & 0xff)
                        return UInt32(min(src * alpha * 255 + d * keep + 0.5, 255)) << shift
                    }
                    p.storeBytes(of: mix(colour.a, 24) | mix(colour.r, 16) | mix(colour.g, 8) | mix(colour.b, 0), as: UInt32.self)
                }
            }
        }
    }

    /// Calls `pixel` for every pixel whose centre lies in the triangle (and the clip), with the
    /// normal interpolated there.
    private func fill(_ a: Point, _ b: Point, _ c: Point, _ na: Point, _ nb: Point, _ nc: Point, clip: Clip,
                      pixel: (Int, Int, Double, Double) -> Void) {
        let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        guard abs(area) > 1e-12 else { return }
        // Plane equations of the attributes: n(x, y) = n_a + dx * (x - a.x) + dy * (y - a.y).
        func gradient(_ va: Double, _ vb: Double, _ vc: Double) -> (dx: Double, dy: Double) {
            let dx = ((vb - va) * (c.y - a.y) - (vc - va) * (b.y - a.y)) / area
            let dy = ((vc - va) * (b.x - a.x) - (vb - va) * (c.x - a.x)) / area
            return (dx, dy)
        }
        let gx = gradient(na.x, nb.x, nc.x), gy = gradient(na.y, nb.y, nc.y)
        let top = max(Int((min(a.y, b.y, c.y) - 0.5).rounded(.up)), clip.minY)
        let bottom = min(Int((max(a.y, b.y, c.y) - 0.5).rounded(.up)), clip.maxY)
        guard top < bottom else { return }
        let edges = [(a, b), (b, c), (c, a)]
        for y in top..<bottom {
            let yc = Double(y) + 0.5
            var left = Double.infinity, right = -Double.infinity
            for (p, q) in edges where (p.y <= yc && yc < q.y) || (q.y <= yc && yc < p.y) {
                let x = p.x + (yc - p.y) * (q.x - p.x) / (q.y - p.y)
                left = min(left, x); right = max(right, x)
            }
            guard left < right else { continue }
            if let outline = clip.outline {
                guard let span = Self.span(of: outline, at: yc) else { continue }
                left = max(left, span.0); right = min(right, span.1)
            }
            let x0 = max(Int((left - 0.5).rounded(.up)), clip.minX)
            let x1 = min(Int((right - 0.5).rounded(.up)), clip.maxX)
            guard x0 < x1 else { continue }
            let dyc = yc - a.y
            for x in x0..<x1 {
                let dxc = Double(x) + 0.5 - a.x
                pixel(x, y, na.x + gx.dx * dxc + gx.dy * dyc, na.y + gy.dx * dxc + gy.dy * dyc)
            }
        }
    }

    /// Where a horizontal line at `y` crosses a convex outline.
    private static func span(of outline: [Point], at y: Double) -> (Double, Double)? {
        var left = Double.infinity, right = -Double.infinity
        for i in outline.indices {
            let p = outline[i], q = outline[(i + 1) % outline.count]
            guard (p.y <= y && y < q.y) || (q.y <= y && y < p.y) else { continue }
            let x = p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y)
            left = min(left, x); right = max(right, x)
        }
        return left < right ? (left, right) : nil
    }
}
