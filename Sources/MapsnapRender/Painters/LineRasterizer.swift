import CCairo
import MapsnapFormats
import Foundation
import MapsnapGeo

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
        var outline: [Point]? = nil
    }

    struct Paint {
        var color: Color
        var opacity: Double
        var width: Double
        var gapWidth: Double
        var offset: Double
        var blur: Double
        var dash: Dash? = nil
        /// Drawn instead of `color` (and of dashes) when set.
        var pattern: Pattern? = nil
        /// Drawn instead of `color` when set (`line-gradient`).
        var gradient: Gradient? = nil
    }

    /// A dash pattern as MapLibre's line atlas holds it: dash and gap lengths in `unit` points
    /// (the line width at the integer zoom below), repeating from the line's first point; with
    /// round caps, each dash gets half-disc ends reaching into the gaps (a zero dash is a dot).
    struct Dash {
        struct Range { var left: Double, right: Double, isDash: Bool }
        let ranges: [Range]
        let length: Double
        let unit: Double
        let round: Bool
        /// Half the width (points at pixel ratio 1) of the smooth step across a dash's edge: MapLibre's
        /// `sdfgamma`, one point at an integer zoom, half the scaled unit in between.
        let gamma: Double

        init?(_ lengths: [Double], unit: Double, round: Bool, gamma: Double) {
            // An odd pattern repeats twice so that dashes and gaps alternate (as in MapLibre).
            let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
            guard pattern.count >= 2, unit > 0, pattern.allSatisfy({ $0 >= 0 }), pattern.contains(where: { $0 > 0 }) else { return nil }
            var left = 0.0, ranges: [Range] = []
            for (i, part) in pattern.enumerated() {
                ranges.append(Range(left: left, right: left + part, isDash: i % 2 == 0))
                left += part
            }
            self.ranges = ranges
            self.length = left
            self.unit = unit
            self.round = round
            self.gamma = gamma
        }

        /// Signed distance (points) from the edge of the dash pattern, positive inside a dash, at
        /// `distance` along the line and `across` (−1…1) across it.
        @inline(__always) func signedDistance(_ distance: Double, across: Double) -> Double {
            var u = (distance / unit).truncatingRemainder(dividingBy: length)
            if u < 0 { u += length }
            var range = ranges[0]
            for r in ranges where u <= r.right { range = r; break }
            let toEdge = min(abs(u - range.left), abs(u - range.right)) * unit
            guard round else { return range.isDash ? toEdge : -toEdge }
            let radius = unit / 2
            if range.isDash { return radius }
            let across = across * radius
            return radius - (toEdge * toEdge + across * across).squareRoot()
        }
    }

    let image: RasterImage
    let pixelRatio: Double
    /// A pitched camera: strips are on the map plane and each vertex is projected (nil: flat).
    var perspective: Perspective? = nil

    /// The tile's pixels: those whose centre lies in its outline (device pixels).
    func clip(tileCorners corners: [Point]) -> Clip {
        let s = pixelRatio
        guard corners.count >= 3 else { return Clip(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        let xs = corners.map { $0.x * s }, ys = corners.map { $0.y * s }
        // The tile is an axis-aligned rectangle unless the map is turned or pitched (a pitched
        // tile may still have one upright side, through the vanishing point).
        let rotated = corners.count != 4 || corners[0].y != corners[1].y || corners[2].y != corners[3].y
            || corners[0].x != corners[3].x || corners[1].x != corners[2].x
        // A pixel is the tile's when its centre is, left and top edges included (GL's rule, as
        // the outline's spans are tested): two tiles sharing an edge never both skip a pixel.
        func first(_ v: Double) -> Int { Int(saturating: (v - 0.5).rounded(.up)) }
        var clip = Clip(minX: max(first(xs.min()!), 0), minY: max(first(ys.min()!), 0),
                        maxX: min(first(xs.max()!), image.pixelWidth), maxY: min(first(ys.max()!), image.pixelHeight))
        if rotated {
            clip.minX = max(Int(saturating: xs.min()!.rounded(.down)), 0); clip.minY = max(Int(saturating: ys.min()!.rounded(.down)), 0)
            clip.maxX = min(Int(saturating: xs.max()!.rounded(.up)), image.pixelWidth); clip.maxY = min(Int(saturating: ys.max()!.rounded(.up)), image.pixelHeight)
            clip.outline = zip(xs, ys).map { Point(x: $0, y: $1) }
        }
        return clip
    }

    /// Draws one strip (screen points) with `paint`.
    func draw(_ strip: LineStrip, _ paint: Paint, clip: Clip) {
        image.withMutablePixels { data, stride in draw(strip, paint, clip: clip, into: data, stride: stride) }
    }

    /// `draw` into the image's pixels, already open for writing (`RasterImage.withMutablePixels`):
    /// two threads may draw at once into rows `clip` keeps apart.
    func draw(_ strip: LineStrip, _ paint: Paint, clip: Clip, into data: UnsafeMutablePointer<UInt8>, stride: Int) {
        guard !strip.triangles.isEmpty, paint.opacity > 0, paint.pattern != nil || paint.gradient != nil || paint.color.a > 0,
              clip.minX < clip.maxX, clip.minY < clip.maxY else { return }
        let antialiasing = 1 / pixelRatio / 2
        let halfWidth = paint.width / 2, gap = paint.gapWidth / 2
        let inset = gap + (gap > 0 ? antialiasing : 0)
        let outset = gap + halfWidth * (gap > 0 ? 2 : 1) + (halfWidth == 0 ? 0 : antialiasing)
        let blur2 = paint.blur + 1 / pixelRatio
        let s = pixelRatio, offset = -paint.offset
        // A strip wholly above or below the clip's rows (another thread's half) is not set up.
        if perspective == nil {
            var low = Double.infinity, high = -Double.infinity, longest = 0.0
            for v in strip.vertices {
                low = min(low, v.position.y); high = max(high, v.position.y)
                longest = max(longest, v.extrude.length)
            }
            let reach = (outset + abs(offset)) * longest + 1
            if (high + reach) * s < Double(clip.minY) || (low - reach) * s > Double(clip.maxY) { return }
        }
        // Device positions and the interpolated normal of every vertex (the shader's v_normal).
        var device: [Point] = []
        var normals: [Point] = []
        device.reserveCapacity(strip.vertices.count)
        normals.reserveCapacity(strip.vertices.count)
        var distances: [Double] = []
        if paint.dash != nil || paint.pattern != nil || paint.gradient != nil { distances = strip.vertices.map(\.distance) }
        // Pitched: how much wider the anti-aliasing fade is on the plane than on screen at each
        // vertex (MapLibre's v_gamma_scale), so that edges stay one device pixel soft.
        var gammaScales: [Double] = []
        for v in strip.vertices {
            let side: Double = v.up ? 1 : -1
            let u = 0.5 * v.direction, t = 1 - abs(u)
            let e = v.extrude * (offset * side)
            let shift = Point(x: e.x * t - e.y * u, y: e.x * u + e.y * t)
            var p = v.position + shift + v.extrude * outset
            if let perspective {
                let j = perspective.jacobian(atPlane: p)
                let x = v.extrude.x, y = v.extrude.y
                let onScreen = Point(x: j.a * x + j.b * y, y: j.c * x + j.d * y).length
                let onPlane = v.extrude.length
                gammaScales.append(onScreen > 1e-9 && onPlane > 1e-9 ? onPlane / onScreen : 1)
                p = perspective.screen(fromPlane: p)
            }
            device.append(Point(x: p.x * s, y: p.y * s))
            normals.append(Point(x: v.round ? 1 : 0, y: side))
        }
        let c = paint.color
        let shade = Shade(r: c.r * c.a, g: c.g * c.a, b: c.b * c.a, a: c.a, opacity: paint.opacity,
                          inset: inset, outset: outset, blur2: blur2, dash: paint.dash, dashGamma: (paint.dash?.gamma ?? 1) / pixelRatio,
                          pattern: paint.pattern, gradient: paint.gradient, width: paint.width)
        for (i0, i1, i2) in strip.triangles {
            let d = distances.isEmpty ? (0.0, 0.0, 0.0) : (distances[i0], distances[i1], distances[i2])
            var triangleShade = shade
            if !gammaScales.isEmpty {
                triangleShade.blur2 *= (gammaScales[i0] + gammaScales[i1] + gammaScales[i2]) / 3
            }
            fill(device[i0], device[i1], device[i2], normals[i0], normals[i1], normals[i2], d, clip: clip,
                 shade: triangleShade, data: data, stride: stride)
        }
    }

    /// The line shader's colour arithmetic for one paint.
    struct Shade {
        let r: Double, g: Double, b: Double, a: Double   // premultiplied
        let opacity: Double
        let inset: Double, outset: Double
        var blur2: Double
        /// The line's width (points), which a pattern's height spans.
        var width = 1.0
        let dash: Dash?
        let pattern: Pattern?
        let gradient: Gradient?
        /// Half the width (points) of the smooth step across a dash's edge.
        let dashGamma: Double
        /// The colour fully covering a pixel (most of a line's pixels), packed once.
        let opaque: UInt32
        /// A full-coverage pixel becomes `opaque` whatever was under it: an opaque colour, no
        /// pattern or gradient (`blend` gives the same).
        let coversOpaque: Bool

        init(r: Double, g: Double, b: Double, a: Double, opacity: Double, inset: Double, outset: Double, blur2: Double,
             dash: Dash?, dashGamma: Double, pattern: Pattern? = nil, gradient: Gradient? = nil, width: Double = 1) {
            self.width = width
            self.gradient = gradient
            (self.r, self.g, self.b, self.a) = (r, g, b, a)
            self.pattern = pattern
            (self.opacity, self.inset, self.outset, self.blur2, self.dash, self.dashGamma) = (opacity, inset, outset, blur2, dash, dashGamma)
            opaque = 0xff00_0000 | UInt32(saturating: r * 255 + 0.5) << 16 | UInt32(saturating: g * 255 + 0.5) << 8 | UInt32(saturating: b * 255 + 0.5)
            coversOpaque = a >= 1 && pattern == nil && gradient == nil
        }

        /// Alpha at a distance from the line's centre (points).
        @inline(__always) func coverage(_ dist: Double) -> Double {
            let v = min(dist - (inset - blur2), outset - dist) / blur2
            return v <= 0 ? 0 : (v >= 1 ? opacity : v * opacity)
        }

        /// The colour at `alpha` over the premultiplied ARGB32 pixel `dst`.
        @inline(__always) func blend(_ alpha: Double, over dst: UInt32) -> UInt32 {
            let sa = a * alpha
            if sa >= 1 { return opaque }
            let keep = 1 - sa, k = alpha * 255
            let da = Double(dst >> 24), dr = Double((dst >> 16) & 0xff), dg = Double((dst >> 8) & 0xff), db = Double(dst & 0xff)
            return UInt32(min(a * k + da * keep + 0.5, 255)) << 24 | UInt32(min(r * k + dr * keep + 0.5, 255)) << 16
                | UInt32(min(g * k + dg * keep + 0.5, 255)) << 8 | UInt32(min(b * k + db * keep + 0.5, 255))
        }
    }

    /// Shades every pixel whose centre lies in the triangle (and the clip), with the normal
    /// interpolated there (MapLibre's v_normal; its length times the outset is the distance).
    private func fill(_ a: Point, _ b: Point, _ c: Point, _ na: Point, _ nb: Point, _ nc: Point,
                      _ distance: (Double, Double, Double), clip: Clip,
                      shade: Shade, data: UnsafeMutablePointer<UInt8>, stride: Int) {
        // The rows first: a triangle outside the clip (another thread's half) costs no more.
        let top = max(Int(saturating: (min(a.y, b.y, c.y) - 0.5).rounded(.up)), clip.minY)
        let bottom = min(Int(saturating: (max(a.y, b.y, c.y) - 0.5).rounded(.up)), clip.maxY)
        guard top < bottom else { return }
        let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        guard abs(area) > 1e-12 else { return }
        // Plane equations of the attributes: n(x, y) = n_a + dx * (x - a.x) + dy * (y - a.y).
        func gradient(_ va: Double, _ vb: Double, _ vc: Double) -> (dx: Double, dy: Double) {
            let dx = ((vb - va) * (c.y - a.y) - (vc - va) * (b.y - a.y)) / area
            let dy = ((vc - va) * (b.x - a.x) - (vb - va) * (c.x - a.x)) / area
            return (dx, dy)
        }
        let gx = gradient(na.x, nb.x, nc.x), gy = gradient(na.y, nb.y, nc.y)
        let gd = gradient(distance.0, distance.1, distance.2)
        // Without round vertices the normal has no x part: the distance is |y| and needs no root.
        let straight = na.x == 0 && nb.x == 0 && nc.x == 0
        for y in top..<bottom {
            let yc = Double(y) + 0.5
            var left = Double.infinity, right = -Double.infinity
            Self.cross(a, b, yc, &left, &right)
            Self.cross(b, c, yc, &left, &right)
            Self.cross(c, a, yc, &left, &right)
            guard left < right else { continue }
            if let outline = clip.outline {
                guard let span = Self.span(of: outline, at: yc) else { continue }
                left = max(left, span.0); right = min(right, span.1)
            }
            let x0 = max(Int(saturating: (left - 0.5).rounded(.up)), clip.minX)
            let x1 = min(Int(saturating: (right - 0.5).rounded(.up)), clip.maxX)
            guard x0 < x1 else { continue }
            let dxc0 = Double(x0) + 0.5 - a.x, dyc = yc - a.y
            var nx = na.x + gx.dx * dxc0 + gx.dy * dyc
            var ny = na.y + gy.dx * dxc0 + gy.dy * dyc
            var along = distance.0 + gd.dx * dxc0 + gd.dy * dyc
            let row = UnsafeMutableRawPointer(data + y * stride)
            for x in x0..<x1 {
                let length = straight ? abs(ny) : (nx * nx + ny * ny).squareRoot()
                var alpha = shade.coverage(length * shade.outset)
                if alpha > 0, let dash = shade.dash {
                    // MapLibre's line-sdf shader: a smooth step across the dash's edge.
                    let sd = dash.signedDistance(along, across: ny)
                    let t = min(max((sd + shade.dashGamma) / (2 * shade.dashGamma), 0), 1)
                    alpha *= t * t * (3 - 2 * t)
                }
                if alpha >= 1 && shade.coversOpaque {
                    // What it covers whole does not matter: no need to read it (most of a line's
                    // pixels, and reading them was a quarter of this loop's time, in cache misses).
                    row.storeBytes(of: shade.opaque, toByteOffset: x * 4, as: UInt32.self)
                } else if alpha > 0 {
                    let dst = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    if let gradient = shade.gradient {
                        row.storeBytes(of: Pattern.blend(gradient.sample(along), alpha, over: dst), toByteOffset: x * 4, as: UInt32.self)
                    } else if let pattern = shade.pattern {
                        // The pattern's height spans the line's width; along, it keeps its aspect.
                        var u = (along / (pattern.pointWidth * shade.width / pattern.pointHeight)).truncatingRemainder(dividingBy: 1)
                        if u < 0 { u += 1 }
                        let v = 0.5 * ny + 0.5
                        row.storeBytes(of: Pattern.blend(pattern.sample(u, v), alpha, over: dst), toByteOffset: x * 4, as: UInt32.self)
                    } else {
                        row.storeBytes(of: shade.blend(alpha, over: dst), toByteOffset: x * 4, as: UInt32.self)
                    }
                }
                nx += gx.dx
                ny += gy.dx
                along += gd.dx
            }
        }
    }

    /// Widens `left...right` by where the edge p–q crosses the row centre `y` (half-open in y).
    @inline(__always) private static func cross(_ p: Point, _ q: Point, _ y: Double, _ left: inout Double, _ right: inout Double) {
        guard (p.y <= y && y < q.y) || (q.y <= y && y < p.y) else { return }
        let x = p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y)
        left = min(left, x); right = max(right, x)
    }

    /// Where a horizontal line at `y` crosses a convex outline (a tile's), on a grid of 1/256
    /// pixel as GL snaps vertices: two tiles sharing an edge then end and begin at the same x,
    /// so a pixel centre on it falls in exactly one (unsnapped, rounding could put it in neither).
    static func span(of outline: [Point], at y: Double) -> (Double, Double)? {
        var left = Double.infinity, right = -Double.infinity
        for i in outline.indices { cross(outline[i], outline[(i + 1) % outline.count], y, &left, &right) }
        guard left < right else { return nil }
        return ((left * 256).rounded() / 256, (right * 256).rounded() / 256)
    }
}
