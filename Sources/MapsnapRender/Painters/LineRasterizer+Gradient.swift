import MapsnapFormats
import MapsnapStyle

extension LineRasterizer {
    /// `line-gradient` as MapLibre draws it: each line piece gets its own colour ramp of
    /// `resolution` texels spanning its part of the whole line (texel `i` at progress
    /// `start + (end − start) · i / (resolution − 1)`, MapLibre's `renderColorRamp` with clips),
    /// sampled at the pixel's distance along the piece: linearly between texels, or at the
    /// nearest one for a `step` (whose ramp MapLibre makes finer, from the tile's longest line).
    struct Gradient {
        let colors: Colors
        let resolution: Int
        let nearest: Bool
        /// Where this piece lies along the whole line (fractions), and its own length in points.
        var start = 0.0, end = 1.0, length = 1.0

        init(_ colors: Colors, resolution: Int, nearest: Bool) {
            self.colors = colors
            self.resolution = max(resolution, 2)
            self.nearest = nearest
        }

        @inline(__always) private func texel(_ i: Int) -> (a: Double, r: Double, g: Double, b: Double) {
            colors.at(start + (end - start) * Double(i) / Double(resolution - 1))
        }

        /// The colour (premultiplied, 0...255) at `along` points from the piece's first point.
        @inline(__always) func sample(_ along: Double) -> (a: Double, r: Double, g: Double, b: Double) {
            let t = length > 0 ? min(max(along / length, 0), 1) : 0
            let x = t * Double(resolution)
            if nearest { return texel(min(Int(x), resolution - 1)) }
            let u = min(max(x - 0.5, 0), Double(resolution - 1))
            let i = min(Int(u), resolution - 2), f = u - Double(i)
            let p = texel(i), q = texel(i + 1)
            return (p.a + (q.a - p.a) * f, p.r + (q.r - p.r) * f, p.g + (q.g - p.g) * f, p.b + (q.b - p.b) * f)
        }

        /// MapLibre's texture width for a `step` gradient: the tile's longest line (in tile
        /// sides) at 1,024 pixels per side, times the overzoom a tile at its source's maxzoom may
        /// see, as a power of two in 256...16,384.
        static func stepResolution(longestLine: Double, overzoom: Double) -> Int {
            let coverage = longestLine * 1024 * overzoom
            var n = 256
            while Double(n) < coverage && n < 16384 { n *= 2 }
            return n
        }
    }

    /// The gradient's colour at a progress along the whole line. An interpolated gradient is read
    /// from a fine ramp; a `step` is evaluated exactly (its edges may be a millionth apart), the
    /// last answer kept, since neighbouring pixels share their texel.
    final class Colors {
        private let property: StyleProperty<Color>
        private let zoom: Double
        private let ramp: [(a: Double, r: Double, g: Double, b: Double)]
        private var last: (progress: Double, color: (a: Double, r: Double, g: Double, b: Double))?

        init(_ property: StyleProperty<Color>, zoom: Double, exact: Bool) {
            self.property = property
            self.zoom = zoom
            ramp = exact ? [] : (0..<4096).map { Self.premultiplied(property.evaluate(zoom: zoom, lineProgress: Double($0) / 4095)) }
        }

        /// A texel as MapLibre's ramp texture holds it: 8 bits per channel, floored, colour
        /// un-premultiplied (then premultiplied again when sampled).
        private static func premultiplied(_ c: Color) -> (a: Double, r: Double, g: Double, b: Double) {
            let a = (min(max(c.a, 0), 1) * 255).rounded(.down)
            func channel(_ v: Double) -> Double { (min(max(v, 0), 1) * 255).rounded(.down) * a / 255 }
            return (a, channel(c.r), channel(c.g), channel(c.b))
        }

        @inline(__always) func at(_ progress: Double) -> (a: Double, r: Double, g: Double, b: Double) {
            let p = min(max(progress, 0), 1)
            guard ramp.isEmpty else {
                let u = p * Double(ramp.count - 1), i = min(Int(u), ramp.count - 2), f = u - Double(i)
                let x = ramp[i], y = ramp[i + 1]
                return (x.a + (y.a - x.a) * f, x.r + (y.r - x.r) * f, x.g + (y.g - x.g) * f, x.b + (y.b - x.b) * f)
            }
            if let last, last.progress == p { return last.color }
            let color = Self.premultiplied(property.evaluate(zoom: zoom, lineProgress: p))
            last = (p, color)
            return color
        }
    }
}
