import Foundation
import MapsnapFormats

/// Colour blending for `interpolate` (straight RGB, as MapLibre does), `interpolate-lab`
/// and `interpolate-hcl` (CIE Lab, D50 white as the spec's reference implementation).
extension Color {
    /// Linear blend of the straight (not premultiplied) channels, as MapLibre's `interpolate`.
    static func interpolateRGB(_ from: Color, _ to: Color, _ t: Double) -> Color {
        Color(r: from.r + (to.r - from.r) * t, g: from.g + (to.g - from.g) * t,
              b: from.b + (to.b - from.b) * t, a: from.a + (to.a - from.a) * t)
    }

    static func interpolateLab(_ from: Color, _ to: Color, _ t: Double) -> Color {
        let x = from.lab, y = to.lab
        func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * t }
        return Color(lab: (mix(x.l, y.l), mix(x.a, y.a), mix(x.b, y.b)), alpha: mix(from.a, to.a))
    }

    static func interpolateHCL(_ from: Color, _ to: Color, _ t: Double) -> Color {
        let x = from.hcl, y = to.hcl
        func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * t }
        var hue: Double
        if x.h.isNaN && y.h.isNaN { hue = .nan } else if x.h.isNaN { hue = y.h } else if y.h.isNaN { hue = x.h } else {
            var d = y.h - x.h
            if d > 180 { d -= 360 } else if d < -180 { d += 360 }
            hue = x.h + d * t
        }
        let chroma = mix(x.c, y.c)
        if hue.isNaN { hue = 0 }
        let radians = hue * .pi / 180
        return Color(lab: (mix(x.l, y.l), chroma * cos(radians), chroma * sin(radians)), alpha: mix(from.a, to.a))
    }

    private static let whiteX = 0.96422, whiteZ = 0.82521
    private static let t0 = 4.0 / 29, t1 = 6.0 / 29, t2 = 3 * t1 * t1, t3 = t1 * t1 * t1

    var lab: (l: Double, a: Double, b: Double) {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func f(_ t: Double) -> Double { t > Color.t3 ? cbrt(t) : t / Color.t2 + Color.t0 }
        let lr = linear(r), lg = linear(g), lb = linear(b)
        let y = f(0.2225045 * lr + 0.7168786 * lg + 0.0606169 * lb)
        let x = (r == g && g == b) ? y : f((0.4360747 * lr + 0.3850649 * lg + 0.1430804 * lb) / Color.whiteX)
        let z = (r == g && g == b) ? y : f((0.0139322 * lr + 0.0971045 * lg + 0.7141733 * lb) / Color.whiteZ)
        return (116 * y - 16, 500 * (x - y), 200 * (y - z))
    }

    var hcl: (h: Double, c: Double, l: Double) {
        let (l, a, b) = lab
        let c = (a * a + b * b).squareRoot()
        if c < 1e-9 { return (.nan, 0, l) }
        var h = atan2(b, a) * 180 / .pi
        if h < 0 { h += 360 }
        return (h, c, l)
    }

    init(lab: (l: Double, a: Double, b: Double), alpha: Double) {
        func finv(_ t: Double) -> Double { t > Color.t1 ? t * t * t : Color.t2 * (t - Color.t0) }
        func gamma(_ v: Double) -> Double {
            let c = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
            return min(max(c, 0), 1)
        }
        var y = (lab.l + 16) / 116
        var x = y + lab.a / 500
        var z = y - lab.b / 200
        x = Color.whiteX * finv(x)
        y = finv(y)
        z = Color.whiteZ * finv(z)
        self.init(r: gamma(3.1338561 * x - 1.6168667 * y - 0.4906146 * z),
                  g: gamma(-0.9787684 * x + 1.9161415 * y + 0.0334540 * z),
                  b: gamma(0.0719453 * x - 0.2289914 * y + 1.4052427 * z),
                  a: alpha)
    }
}
