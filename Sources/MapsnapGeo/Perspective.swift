import Foundation
import MapsnapFormats

/// A pitched camera's projection of the map plane onto the image, as MapLibre's transform builds
/// it: a camera `cameraToCenterDistance` points from the image's center, tilted by `pitch` about
/// the image's horizontal axis, looking through a vertical field of view (36.87° unless set).
/// `padding` moves the center, and with it the vanishing point, as MapLibre's offset of the
/// projection's principal point does.
///
/// It maps **plane points** (where the unpitched camera would put a point: world pixels turned by
/// the bearing, the image center at the image center) to **screen points**. On the ground plane
/// MapLibre's 4×4 matrix reduces to this homography: with `u = plane − center`,
/// `w = D − u.y·sin(pitch)` (the point's depth, `gl_Position.w`),
/// `screen = center + D · (u.x, u.y·cos(pitch)) / w`. At the image center `w = D`: the scale
/// there is the flat map's, so zoom and meters mean what they mean without pitch.
public struct Perspective: Hashable, Sendable {
    /// MapLibre's default vertical field of view (GL JS and Native), radians.
    public static let fieldOfView = 0.6435011087932844
    /// The same in degrees, and the range MapLibre's `setFov` allows.
    public static let defaultFieldOfView = fieldOfView * 180 / .pi
    public static let fieldOfViewRange = 0.1...150.0
    /// The steepest pitch drawn (degrees): `InputLimits.pitch`.
    public static let maxPitch = InputLimits.pitch.upperBound

    public let pitchDegrees: Double
    public let cosPitch: Double
    public let sinPitch: Double
    /// The map's center on the image (points): the image's middle, unless padding moves it.
    public let center: Point
    /// From the camera to the image center, in points (MapLibre's `cameraToCenterDistance`).
    public let cameraToCenterDistance: Double
    /// The nearest depth drawn, a quarter of the center's: nearer geometry lies far below the
    /// image, and clipping there keeps projected coordinates bounded (MapLibre clips at its near
    /// plane; points behind the camera would project mirrored).
    public let nearDepth: Double
    /// Plane points with a larger y lie nearer than `nearDepth` (see `clipLine`, `clipRing`).
    public let nearPlaneY: Double
    /// The camera's roll about its line of sight (MapLibre's `roll`): the image turns about its
    /// center by −roll, as this cosine and sine.
    public let rollCos: Double
    public let rollSin: Double

    /// nil for a flat camera (pitch 0; a flat camera's roll is a turn of the bearing).
    public init?(pitchDegrees: Double, width: Double, height: Double, rollDegrees: Double = 0, center: Point? = nil,
                 fieldOfViewDegrees: Double = Perspective.defaultFieldOfView) {
        guard pitchDegrees > 0, pitchDegrees.isFinite else { return nil }
        let roll = rollDegrees.isFinite ? -rollDegrees * .pi / 180 : 0
        rollCos = cos(roll)
        rollSin = sin(roll)
        let pitch = min(pitchDegrees, Self.maxPitch)
        self.pitchDegrees = pitch
        cosPitch = cos(pitch * .pi / 180)
        sinPitch = sin(pitch * .pi / 180)
        self.center = center ?? Point(x: width / 2, y: height / 2)
        let fov = fieldOfViewDegrees.isFinite ? min(max(fieldOfViewDegrees, Self.fieldOfViewRange.lowerBound), Self.fieldOfViewRange.upperBound)
                                              : Self.defaultFieldOfView
        cameraToCenterDistance = 0.5 / tan(fov * .pi / 360) * height
        nearDepth = cameraToCenterDistance / 4
        nearPlaneY = self.center.y + (cameraToCenterDistance - nearDepth) / sinPitch
    }

    /// The depth (`gl_Position.w`) of a plane point: `cameraToCenterDistance` at the image center,
    /// larger toward the horizon.
    @inline(__always) public func depth(atPlaneY y: Double) -> Double {
        cameraToCenterDistance - (y - center.y) * sinPitch
    }

    @inline(__always) public func screen(fromPlane p: Point) -> Point {
        let ux = p.x - center.x, uy = p.y - center.y
        let k = cameraToCenterDistance / max(cameraToCenterDistance - uy * sinPitch, nearDepth)
        return rolled(Point(x: ux * k, y: uy * cosPitch * k))
    }

    /// A screen offset from the center (before the roll) → the screen point after it.
    @inline(__always) private func rolled(_ v: Point) -> Point {
        Point(x: center.x + v.x * rollCos - v.y * rollSin, y: center.y + v.x * rollSin + v.y * rollCos)
    }

    /// A screen point → its offset from the center before the roll.
    @inline(__always) private func unrolled(_ s: Point) -> Point {
        let v = s - center
        return Point(x: v.x * rollCos + v.y * rollSin, y: -v.x * rollSin + v.y * rollCos)
    }

    /// The plane point under a screen point. Screen points above the horizon have none; they are
    /// moved down to just under it.
    public func plane(fromScreen s: Point) -> Point {
        let d = cameraToCenterDistance
        let v = unrolled(s)
        // The horizon lies where the denominator vanishes: y − cy = −D·cos/sin.
        let y = max(v.y, -d * cosPitch / sinPitch * 0.999)
        let uy = y * d / (d * cosPitch + y * sinPitch)
        let w = d - uy * sinPitch
        return Point(x: center.x + v.x * w / d, y: center.y + uy)
    }

    /// Screen points per plane point at a plane point (the perspective scale `D / w`), as the
    /// horizontal scale: 1 at the image center, smaller toward the horizon.
    @inline(__always) public func scale(atPlane p: Point) -> Double {
        cameraToCenterDistance / max(depth(atPlaneY: p.y), nearDepth)
    }

    /// MapLibre's size scale for symbols at a plane point: `0.5 + 0.5 · D / w` (clamped to 0…4),
    /// so labels shrink toward the horizon half as fast as the ground does.
    public func symbolScale(atPlane p: Point) -> Double {
        min(max(0.5 + 0.5 * scale(atPlane: p), 0), 4)
    }

    /// How much wider MapLibre's SDF shader smooths the edge of a symbol lying on the map at a
    /// plane point: `w / (D · cos pitch)` (its `u_gamma_scale` and the vertex depth).
    public func symbolGammaScale(atPlane p: Point) -> Double {
        1 / (scale(atPlane: p) * cosPitch)
    }

    /// The linear part of the projection at a plane point (screen points per plane point):
    /// `(a, b; c, d)` maps a small plane step `(dx, dy)` to `(a·dx + b·dy, c·dx + d·dy)`.
    public func jacobian(atPlane p: Point) -> (a: Double, b: Double, c: Double, d: Double) {
        let dd = cameraToCenterDistance
        let w = max(depth(atPlaneY: p.y), nearDepth)
        let ux = p.x - center.x
        // d/dux (D·ux/w) = D/w; d/duy (D·ux/w) = D·ux·sin/w²; d/duy (D·uy·cos/w) = D·cos·(w + uy·sin)/w² = D²·cos/w².
        let (a, b, d) = (dd / w, dd * ux * sinPitch / (w * w), dd * dd * cosPitch / (w * w))
        // Then the roll: R · J.
        return (rollCos * a, rollCos * b - rollSin * d, rollSin * a, rollSin * b + rollCos * d)
    }

    /// The exact image of a plane circle (a projected circle is an ellipse, whose center lies a
    /// little nearer than the projected center): its screen center and the linear map that takes
    /// the unit circle onto it. nil when the circle reaches the near plane.
    public func ellipse(center c: Point, radius r: Double) -> (center: Point, a: Double, b: Double, c: Double, d: Double)? {
        guard r > 0, c.y + r < nearPlaneY else { return nil }
        let dd = cameraToCenterDistance
        // Homogeneous screen (relative to the image center) = M · (plane − center, 1) with
        // M = [D 0 0; 0 D·cos 0; 0 −sin D]; the circle's conic Q maps to M⁻ᵀ Q M⁻¹.
        let m: [[Double]] = [[dd, 0, 0], [0, dd * cosPitch, 0], [0, -sinPitch, dd]]
        let inv = Self.inverse(m)
        let ax = c.x - center.x, ay = c.y - center.y
        let q: [[Double]] = [[1, 0, -ax], [0, 1, -ay], [-ax, -ay, ax * ax + ay * ay - r * r]]
        let image = Self.product(Self.transpose(inv), Self.product(q, inv))
        let (a, b, cc, d, e, f) = (image[0][0], image[0][1], image[1][1], image[0][2], image[1][2], image[2][2])
        let det = a * cc - b * b
        guard det > 0 else { return nil }
        let x0 = (b * e - cc * d) / det, y0 = (b * d - a * e) / det
        let k = -(f + d * x0 + e * y0)
        guard k > 0 else { return nil }
        // The ellipse is vᵀ (S/k) v = 1 with S = [a b; b c]; the map is (S/k)^(−1/2).
        let (sa, sb, sc) = (a / k, b / k, cc / k)
        let mean = (sa + sc) / 2, spread = (((sa - sc) / 2) * ((sa - sc) / 2) + sb * sb).squareRoot()
        let l1 = mean + spread, l2 = mean - spread
        guard l2 > 0 else { return nil }
        let angle = 0.5 * atan2(2 * sb, sa - sc)
        let cs = cos(angle), sn = sin(angle)
        let r1 = 1 / l1.squareRoot(), r2 = 1 / l2.squareRoot()
        // R · diag(r1, r2) · Rᵀ, then the roll.
        let (ma, mb, mc, md) = (cs * cs * r1 + sn * sn * r2, cs * sn * (r1 - r2), cs * sn * (r1 - r2), sn * sn * r1 + cs * cs * r2)
        return (rolled(Point(x: x0, y: y0)),
                rollCos * ma - rollSin * mc, rollCos * mb - rollSin * md, rollSin * ma + rollCos * mc, rollSin * mb + rollCos * md)
    }

    private static func transpose(_ m: [[Double]]) -> [[Double]] { (0..<3).map { i in (0..<3).map { m[$0][i] } } }

    private static func product(_ x: [[Double]], _ y: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + x[i][$1] * y[$1][j] } } }
    }

    private static func inverse(_ m: [[Double]]) -> [[Double]] {
        let (a, b, c) = (m[0][0], m[0][1], m[0][2]), (d, e, f) = (m[1][0], m[1][1], m[1][2]), (g, h, i) = (m[2][0], m[2][1], m[2][2])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
                [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
                [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]
    }

    /// The parts of a plane polyline that lie beyond the near plane (a line crossing it is cut there).
    public func clipLine(_ line: [Point]) -> [[Point]] {
        guard line.contains(where: { $0.y > nearPlaneY }) else { return [line] }
        var parts: [[Point]] = [], current: [Point] = []
        for (i, p) in line.enumerated() {
            let inside = p.y <= nearPlaneY
            if i > 0 {
                let q = line[i - 1], wasInside = q.y <= nearPlaneY
                if inside != wasInside { current.append(crossing(q, p)) }
                if !inside && wasInside { parts.append(current); current = [] }
            }
            if inside { current.append(p) }
        }
        if current.count > 1 { parts.append(current) }
        return parts.filter { $0.count > 1 }
    }

    /// A plane polygon ring cut to the part beyond the near plane (Sutherland–Hodgman against one edge).
    public func clipRing(_ ring: [Point]) -> [Point] {
        guard ring.contains(where: { $0.y > nearPlaneY }) else { return ring }
        var out: [Point] = []
        for i in ring.indices {
            let p = ring[i], q = ring[(i + 1) % ring.count]
            let pIn = p.y <= nearPlaneY, qIn = q.y <= nearPlaneY
            if pIn { out.append(p) }
            if pIn != qIn { out.append(crossing(p, q)) }
        }
        return out
    }

    private func crossing(_ p: Point, _ q: Point) -> Point {
        let t = (nearPlaneY - p.y) / (q.y - p.y)
        return Point(x: p.x + (q.x - p.x) * t, y: nearPlaneY)
    }
}
