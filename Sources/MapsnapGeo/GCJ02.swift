import Foundation

/// GCJ-02, the datum that maps of mainland China must use: WGS-84 shifted by a smooth, deliberately
/// obscure offset of a few hundred meters. Overlay coordinates copied from such maps are converted
/// to WGS-84 with `toWGS84` to sit on OpenStreetMap data.
///
/// The forward formula is the widely published one (the offset as arc lengths from sine series in
/// `lon − 105°`, `lat − 35°`, turned into degrees on the Krasovsky 1940 ellipsoid), applied only
/// inside the rough box around China that every implementation uses; outside it points are unchanged.
/// The inverse has no closed form: it is found by fixed-point iteration on the forward transform.
public enum GCJ02 {
    /// Krasovsky 1940 semi-major axis in meters, the one the published formula uses.
    static let semiMajorAxisMeters = 6_378_245.0
    /// Krasovsky 1940 first eccentricity squared.
    static let eccentricitySquared = 0.006_693_421_622_965_943_23

    /// True outside the box `lon 72.004...137.8347, lat 0.8293...55.8271` (edges inside), where the
    /// transform does not apply. The box is rough: it holds neighbouring countries too.
    public static func isOutsideChina(_ p: LatLon) -> Bool {
        !(p.longitude >= 72.004 && p.longitude <= 137.8347 && p.latitude >= 0.8293 && p.latitude <= 55.8271)
    }

    /// WGS-84 → GCJ-02. Points outside China's box are returned unchanged.
    public static func fromWGS84(_ p: LatLon) -> LatLon {
        if isOutsideChina(p) { return p }
        let d = offsetDegrees(p)
        return LatLon(p.latitude + d.latitude, p.longitude + d.longitude)
    }

    /// GCJ-02 → WGS-84: the point whose forward transform is `p`, to about 1e-11° (a micrometre)
    /// after a handful of iterations. Points outside China's box are returned unchanged. The iteration
    /// uses the forward offset even where an intermediate guess leaves the box, so points right at
    /// its edge still invert continuously.
    public static func toWGS84(_ p: LatLon) -> LatLon {
        if isOutsideChina(p) { return p }
        var guess = p
        for _ in 0..<30 {
            let d = offsetDegrees(guess)
            let errorLatitude = guess.latitude + d.latitude - p.latitude
            let errorLongitude = guess.longitude + d.longitude - p.longitude
            guess = LatLon(guess.latitude - errorLatitude, guess.longitude - errorLongitude)
            if abs(errorLatitude) < 1e-12 && abs(errorLongitude) < 1e-12 { break }
        }
        return guess
    }

    /// The offset GCJ-02 adds at WGS-84 point `p`, in degrees.
    static func offsetDegrees(_ p: LatLon) -> (latitude: Double, longitude: Double) {
        let x = p.longitude - 105, y = p.latitude - 35
        let northMeters = northOffsetMeters(x, y)
        let eastMeters = eastOffsetMeters(x, y)
        let phi = p.latitude * .pi / 180
        let w = 1 - eccentricitySquared * sin(phi) * sin(phi)
        // Radii of curvature: meridian M = a(1 − e²)/w^1.5, prime vertical N = a/√w.
        let meridianRadius = semiMajorAxisMeters * (1 - eccentricitySquared) / (w * w.squareRoot())
        let primeVerticalRadius = semiMajorAxisMeters / w.squareRoot()
        return (northMeters * 180 / (meridianRadius * .pi),
                eastMeters * 180 / (primeVerticalRadius * cos(phi) * .pi))
    }

    /// The shared periodic term of both offsets, in x only.
    private static func periodicX(_ x: Double) -> Double {
        (20 * sin(6 * x * .pi) + 20 * sin(2 * x * .pi)) * 2 / 3
    }

    private static func northOffsetMeters(_ x: Double, _ y: Double) -> Double {
        var meters = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * abs(x).squareRoot()
        meters += periodicX(x)
        meters += (20 * sin(y * .pi) + 40 * sin(y / 3 * .pi)) * 2 / 3
        meters += (160 * sin(y / 12 * .pi) + 320 * sin(y / 30 * .pi)) * 2 / 3
        return meters
    }

    private static func eastOffsetMeters(_ x: Double, _ y: Double) -> Double {
        var meters = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * abs(x).squareRoot()
        meters += periodicX(x)
        meters += (20 * sin(x * .pi) + 40 * sin(x / 3 * .pi)) * 2 / 3
        meters += (150 * sin(x / 12 * .pi) + 300 * sin(x / 30 * .pi)) * 2 / 3
        return meters
    }
}
