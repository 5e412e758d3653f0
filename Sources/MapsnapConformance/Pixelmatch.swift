/// The image comparison MapLibre's render tests use: pixelmatch 6.x (mapbox/pixelmatch, ISC),
/// reimplemented from its description.
///
/// - Pixels with the same RGBA bytes are equal.
/// - Otherwise both are blended over white (`255 + (c − 255)·a/255`) and compared by their YIQ
///   distance (Kotsarenko & Ramos 2010): `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²`, which is at most
///   35215. A pixel differs when the distance exceeds `35215·threshold²`.
/// - A differing pixel is not counted (unless `includeAntiAliasing`) when it looks like
///   anti-aliasing in either image (Vyšniauskas 2009): among its 8 neighbours at most two have
///   its exact colour, some are brighter and some darker, and the darkest or the brightest
///   neighbour sits in a flat area (3+ identical neighbours) in both images.
public enum Pixelmatch {
    public struct Options: Sendable {
        /// 0...1; smaller is stricter. MapLibre's render tests use 0.1285.
        public var threshold: Double = 0.1
        public var includeAntiAliasing = false
        /// How strongly the unchanged image shows through in the diff image.
        public var diffImageAlpha: Double = 0.1

        public init(threshold: Double = 0.1, includeAntiAliasing: Bool = false) {
            self.threshold = threshold
            self.includeAntiAliasing = includeAntiAliasing
        }
    }

    public struct Result: Sendable {
        /// Pixels that differ (anti-aliasing excluded unless asked for).
        public var differentPixels: Int
        /// Pixels above the threshold that were excused as anti-aliasing.
        public var antiAliasedPixels: Int
        /// `first` faded to grey, differences red, excused anti-aliasing yellow (as pixelmatch draws it).
        public var diffImage: RGBAImage?
    }

    /// Compares two images of the same size (the caller checks the size).
    public static func compare(_ first: RGBAImage, _ second: RGBAImage, options: Options = Options(),
                               drawDiff: Bool = false) -> Result {
        precondition(first.width == second.width && first.height == second.height, "images differ in size")
        let width = first.width, height = first.height
        var diff = drawDiff ? RGBAImage(width: width, height: height) : nil
        let a = PixelView(image: first), b = PixelView(image: second)

        if first.pixels == second.pixels {
            if drawDiff {
                for y in 0..<height { for x in 0..<width { drawGray(first, x, y, options.diffImageAlpha, &diff!) } }
            }
            return Result(differentPixels: 0, antiAliasedPixels: 0, diffImage: diff)
        }

        let maxDelta = 35215 * options.threshold * options.threshold
        var different = 0, antiAliased = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let delta = a.word(i) == b.word(i) ? 0 : colorDelta(a, i, b, i, brightnessOnly: false)
                if abs(delta) > maxDelta {
                    let isAntiAliased = antialiased(a, x, y, other: b) || antialiased(b, x, y, other: a)
                    if !options.includeAntiAliasing && isAntiAliased {
                        antiAliased += 1
                        diff?.setPixel(x: x, y: y, (255, 255, 0, 255))
                    } else {
                        different += 1
                        diff?.setPixel(x: x, y: y, (255, 0, 0, 255))
                    }
                } else if drawDiff {
                    drawGray(first, x, y, options.diffImageAlpha, &diff!)
                }
            }
        }
        return Result(differentPixels: different, antiAliasedPixels: antiAliased, diffImage: diff)
    }

    /// Pixels of one image, read as whole RGBA words for the equality tests.
    struct PixelView {
        let image: RGBAImage
        var width: Int { image.width }
        var height: Int { image.height }

        @inline(__always) func word(_ i: Int) -> UInt32 {
            let p = image.pixels
            return UInt32(p[4 * i]) | UInt32(p[4 * i + 1]) << 8 | UInt32(p[4 * i + 2]) << 16 | UInt32(p[4 * i + 3]) << 24
        }

        /// Channels blended over white.
        @inline(__always) func blended(_ i: Int) -> (r: Double, g: Double, b: Double) {
            let p = image.pixels
            let r = Double(p[4 * i]), g = Double(p[4 * i + 1]), b = Double(p[4 * i + 2]), a = p[4 * i + 3]
            guard a < 255 else { return (r, g, b) }
            let alpha = Double(a) / 255
            return (255 + (r - 255) * alpha, 255 + (g - 255) * alpha, 255 + (b - 255) * alpha)
        }
    }

    @inline(__always) static func luma(_ c: (r: Double, g: Double, b: Double)) -> Double {
        c.r * 0.29889531 + c.g * 0.58662247 + c.b * 0.11448223
    }
    @inline(__always) static func inPhase(_ c: (r: Double, g: Double, b: Double)) -> Double {
        c.r * 0.59597799 - c.g * 0.27417610 - c.b * 0.32180189
    }
    @inline(__always) static func quadrature(_ c: (r: Double, g: Double, b: Double)) -> Double {
        c.r * 0.21147017 - c.g * 0.52261711 + c.b * 0.31114694
    }

    /// The YIQ distance of pixel `i` of `a` and pixel `j` of `b` (or only the brightness
    /// difference), negative when the first is brighter.
    static func colorDelta(_ a: PixelView, _ i: Int, _ b: PixelView, _ j: Int, brightnessOnly: Bool) -> Double {
        if a.word(i) == b.word(j) { return 0 }
        let c1 = a.blended(i), c2 = b.blended(j)
        let y1 = luma(c1), y2 = luma(c2)
        let dy = y1 - y2
        if brightnessOnly { return dy }
        let di = inPhase(c1) - inPhase(c2), dq = quadrature(c1) - quadrature(c2)
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return y1 > y2 ? -delta : delta
    }

    /// Whether pixel (x, y) of `image` looks like anti-aliasing (see the type's description).
    /// `other` is the other image, where the darkest or brightest neighbour must also lie in a flat area.
    static func antialiased(_ image: PixelView, _ x1: Int, _ y1: Int, other: PixelView) -> Bool {
        let width = image.width, height = image.height
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = y1 * width + x1
        // A pixel on the image's edge counts one equal neighbour from the start.
        var equal = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestAt = (0, 0), brightestAt = (0, 0)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = colorDelta(image, center, image, y * width + x, brightnessOnly: true)
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (x, y)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (x, y)
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, darkestAt.0, darkestAt.1) && hasManySiblings(other, darkestAt.0, darkestAt.1))
            || (hasManySiblings(image, brightestAt.0, brightestAt.1) && hasManySiblings(other, brightestAt.0, brightestAt.1))
    }

    /// Whether pixel (x, y) has 3 or more neighbours of exactly its colour (edges count one).
    static func hasManySiblings(_ image: PixelView, _ x1: Int, _ y1: Int) -> Bool {
        let width = image.width, height = image.height
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let value = image.word(y1 * width + x1)
        var equal = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if image.word(y * width + x) == value { equal += 1 }
                if equal > 2 { return true }
            }
        }
        return false
    }

    /// The unchanged pixel as a faint grey.
    private static func drawGray(_ image: RGBAImage, _ x: Int, _ y: Int, _ alpha: Double, _ out: inout RGBAImage) {
        let p = image.pixel(x: x, y: y)
        let y0 = luma((Double(p.r), Double(p.g), Double(p.b)))
        let v = UInt8(max(0, min(255, (255 + (y0 - 255) * alpha * Double(p.a) / 255).rounded())))
        out.setPixel(x: x, y: y, (v, v, v, 255))
    }
}
