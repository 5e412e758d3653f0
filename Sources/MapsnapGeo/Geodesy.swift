import Foundation

/// Geodesics on the WGS-84 ellipsoid (a = 6,378,137 m, f = 1/298.257223563): distances, bearings,
/// destinations and circles in meters, the shapes an accuracy circle or a geofence needs.
///
/// The inverse problem is Vincenty's (1975) iteration on the auxiliary sphere. Where it does not
/// converge — nearly antipodal points, the only place it fails — the same series are solved by
/// bisection on the initial azimuth instead (Karney 2013, §4: with point 1 in the southern
/// hemisphere, farther from the equator than point 2, the longitude reached at point 2's latitude
/// grows monotonically with the azimuth from 0 to π), so every pair of points gets an answer.
/// The direct problem is Vincenty's, which always converges. Both agree with GeographicLib to well
/// under a millimetre on Earth-sized lines (see the tests).
public enum Geodesy {
    /// Semi-major axis in meters.
    public static let equatorialRadiusMeters = 6_378_137.0
    /// Flattening.
    public static let flattening = 1 / 298.257_223_563
    /// Semi-minor axis in meters.
    public static let polarRadiusMeters = equatorialRadiusMeters * (1 - flattening)

    /// Geodesic distance in meters along the shortest path on the ellipsoid.
    public static func distanceMeters(_ a: LatLon, _ b: LatLon) -> Double {
        inverse(a, b).meters
    }

    /// The initial bearing of the shortest path from `from` to `to`, degrees clockwise from north
    /// in `0..<360`. Coincident points give 0; from a pole, the bearing is measured as if the pole's
    /// meridian were `from.longitude`.
    public static func initialBearing(from: LatLon, to: LatLon) -> Double {
        let degrees = inverse(from, to).initialAzimuth * 180 / .pi
        let normalized = degrees.truncatingRemainder(dividingBy: 360)
        let positive = normalized < 0 ? normalized + 360 : normalized
        return positive == 360 ? 0 : positive
    }

    /// The point `meters` away from `from` along the geodesic that leaves it at
    /// `degreesClockwiseFromNorth`. The result's longitude is normalized to `-180...180`; a negative
    /// distance walks backwards.
    public static func destination(from: LatLon, degreesClockwiseFromNorth: Double, meters: Double) -> LatLon {
        let b = polarRadiusMeters, f = flattening
        let alpha1 = degreesClockwiseFromNorth * .pi / 180
        let sinAlpha1 = sin(alpha1), cosAlpha1 = cos(alpha1)

        let (sinU1, cosU1) = reducedLatitude(from.latitude)
        let sigma1 = atan2(sinU1, cosU1 * cosAlpha1)
        let sinAlpha = cosU1 * sinAlpha1
        let cos2Alpha = 1 - sinAlpha * sinAlpha
        let (seriesA, seriesB) = distanceSeries(cos2Alpha: cos2Alpha)

        let sigmaBase = meters / (b * seriesA)
        var sigma = sigmaBase
        var sinSigma = 0.0, cosSigma = 1.0, cos2SigmaM = 1.0
        for _ in 0..<100 {
            cos2SigmaM = cos(2 * sigma1 + sigma)
            sinSigma = sin(sigma)
            cosSigma = cos(sigma)
            let deltaSigma = sigmaCorrection(seriesB, sinSigma: sinSigma, cosSigma: cosSigma, cos2SigmaM: cos2SigmaM)
            let next = sigmaBase + deltaSigma
            let converged = abs(next - sigma) < 1e-13
            sigma = next
            if converged { break }
        }
        cos2SigmaM = cos(2 * sigma1 + sigma)
        sinSigma = sin(sigma)
        cosSigma = cos(sigma)

        let x = sinU1 * sinSigma - cosU1 * cosSigma * cosAlpha1
        let latitude = atan2(sinU1 * cosSigma + cosU1 * sinSigma * cosAlpha1,
                             (1 - f) * (sinAlpha * sinAlpha + x * x).squareRoot())
        let lambda = atan2(sinSigma * sinAlpha1, cosU1 * cosSigma - sinU1 * sinSigma * cosAlpha1)
        let c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
        let longitudeOffset = lambda - (1 - c) * f * sinAlpha
            * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
        return LatLon(latitude * 180 / .pi, normalizedLongitude(from.longitude + longitudeOffset * 180 / .pi))
    }

    /// A closed ring approximating the geodesic circle of `radiusMeters` around `center`: every
    /// vertex is `radiusMeters` from the center along a geodesic. It has `segments + 1` points, the
    /// last equal to the first; it starts due north of the center and runs **counter-clockwise** on a
    /// north-up map (north, west, south, east), the winding RFC 7946 asks of an exterior ring.
    /// Longitudes are normalized to `-180...180`, so a circle across the antimeridian jumps there.
    /// `segments` below 3 is taken as 3; a radius of 0 or less gives a ring of the center itself.
    public static func circle(center: LatLon, radiusMeters: Double, segments: Int = 128) -> [LatLon] {
        let count = max(segments, 3)
        let radius = max(radiusMeters, 0)
        var ring: [LatLon] = []
        ring.reserveCapacity(count + 1)
        for i in 0..<count {
            let bearing = i == 0 ? 0 : 360 - 360 * Double(i) / Double(count)
            ring.append(radius == 0 ? center
                : destination(from: center, degreesClockwiseFromNorth: bearing, meters: radius))
        }
        ring.append(ring[0])
        return ring
    }

    // MARK: inverse problem

    /// The inverse solution: distance and the azimuth (radians, clockwise from north) at the start.
    private struct Inverse {
        var meters: Double
        var initialAzimuth: Double
    }

    private static func inverse(_ p1: LatLon, _ p2: LatLon) -> Inverse {
        if let solution = vincentyInverse(p1, p2) { return solution }
        return bisectionInverse(p1, p2)
    }

    /// Vincenty's iteration on λ; nil when it does not converge (nearly antipodal points).
    private static func vincentyInverse(_ p1: LatLon, _ p2: LatLon) -> Inverse? {
        let b = polarRadiusMeters, f = flattening
        let longitudeDifference = normalizedLongitude(p2.longitude - p1.longitude) * .pi / 180
        let (sinU1, cosU1) = reducedLatitude(p1.latitude)
        let (sinU2, cosU2) = reducedLatitude(p2.latitude)

        var lambda = longitudeDifference
        for _ in 0..<60 {
            let sinLambda = sin(lambda), cosLambda = cos(lambda)
            let y = cosU2 * sinLambda
            let x = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            let sinSigma = (y * y + x * x).squareRoot()
            if sinSigma == 0 {
                // Coincident points, or both on the same pole.
                return Inverse(meters: 0, initialAzimuth: 0)
            }
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cos2Alpha = 1 - sinAlpha * sinAlpha
            // On the equator cos²α is 0 and cos 2σm does not matter.
            let cos2SigmaM = cos2Alpha == 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cos2Alpha
            let c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
            let next = longitudeDifference + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(next) > .pi { return nil }
            if abs(next - lambda) < 1e-13 {
                let (seriesA, seriesB) = distanceSeries(cos2Alpha: cos2Alpha)
                let deltaSigma = sigmaCorrection(seriesB, sinSigma: sinSigma, cosSigma: cosSigma, cos2SigmaM: cos2SigmaM)
                let sinNext = sin(next), cosNext = cos(next)
                let azimuth = atan2(cosU2 * sinNext, cosU1 * sinU2 - sinU1 * cosU2 * cosNext)
                return Inverse(meters: b * seriesA * (sigma - deltaSigma), initialAzimuth: azimuth)
            }
            lambda = next
        }
        return nil
    }

    /// The robust path for nearly antipodal points: bisection on the initial azimuth.
    ///
    /// The points are first brought to a canonical position — point 1 south of the equator and at
    /// least as far from it as point 2, point 2 east of point 1 by `0...π` — by swapping them and
    /// mirroring the latitudes and longitudes, which changes only the azimuths, undone at the end.
    private static func bisectionInverse(_ p1: LatLon, _ p2: LatLon) -> Inverse {
        let b = polarRadiusMeters, f = flattening
        var lat1 = p1.latitude, lat2 = p2.latitude
        var longitudeDifference = normalizedLongitude(p2.longitude - p1.longitude) * .pi / 180
        let swapped = abs(lat1) < abs(lat2)
        if swapped { swap(&lat1, &lat2); longitudeDifference = -longitudeDifference }
        // Two points on the equator have two mirror-image shortest paths: take the northern one
        // (as GeographicLib does) by solving for the southern one and mirroring it.
        let mirroredLatitude = lat1 > 0 || (lat1 == 0 && lat2 == 0)
        if mirroredLatitude { lat1 = -lat1; lat2 = -lat2 }
        let mirroredLongitude = longitudeDifference < 0
        if mirroredLongitude { longitudeDifference = -longitudeDifference }

        var (sinBeta1, cosBeta1) = reducedLatitude(lat1)
        let (sinBeta2, cosBeta2) = reducedLatitude(lat2)
        // On the equator, start just south of it so the geodesic's crossings are told apart.
        if sinBeta1 > -1e-15 { sinBeta1 = -1e-15; cosBeta1 = (1 - sinBeta1 * sinBeta1).squareRoot() }

        struct Trace { var lambda: Double; var sigma: Double; var sigma1: Double; var sigma2: Double; var sinAlpha0: Double; var alpha2: Double }
        func trace(_ alpha1: Double) -> Trace {
            let sinAlpha1 = sin(alpha1), cosAlpha1 = cos(alpha1)
            let sinAlpha0 = sinAlpha1 * cosBeta1
            let cos2Alpha0 = 1 - sinAlpha0 * sinAlpha0
            let sigma1 = atan2(sinBeta1, cosAlpha1 * cosBeta1)
            let omega1 = atan2(sinAlpha0 * sinBeta1, cosAlpha1 * cosBeta1)
            // Point 2 where the geodesic crosses its latitude heading north (cos α2 ≥ 0).
            let radicand = cosAlpha1 * cosAlpha1 * cosBeta1 * cosBeta1 + (cosBeta2 * cosBeta2 - cosBeta1 * cosBeta1)
            let cosAlpha2CosBeta2 = max(radicand, 0).squareRoot()
            let sigma2 = atan2(sinBeta2, cosAlpha2CosBeta2)
            let omega2 = atan2(sinAlpha0 * sinBeta2, cosAlpha2CosBeta2)
            let sigma = sigma2 - sigma1
            let cos2SigmaM = cos(sigma1 + sigma2)
            let c = f / 16 * cos2Alpha0 * (4 + f * (4 - 3 * cos2Alpha0))
            let lambda = (omega2 - omega1) - (1 - c) * f * sinAlpha0
                * (sigma + c * sin(sigma) * (cos2SigmaM + c * cos(sigma) * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            return Trace(lambda: lambda, sigma: sigma, sigma1: sigma1, sigma2: sigma2, sinAlpha0: sinAlpha0,
                         alpha2: atan2(sinAlpha0, cosAlpha2CosBeta2))
        }

        var low = 0.0, high = Double.pi
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle <= low || middle >= high { break }
            if trace(middle).lambda < longitudeDifference { low = middle } else { high = middle }
        }
        var alpha1 = (low + high) / 2
        let t = trace(alpha1)
        let cos2Alpha0 = 1 - t.sinAlpha0 * t.sinAlpha0
        let (seriesA, seriesB) = distanceSeries(cos2Alpha: cos2Alpha0)
        let cos2SigmaM = cos(t.sigma1 + t.sigma2)
        let deltaSigma = sigmaCorrection(seriesB, sinSigma: sin(t.sigma), cosSigma: cos(t.sigma), cos2SigmaM: cos2SigmaM)
        let meters = b * seriesA * (t.sigma - deltaSigma)

        // Undo the canonical position for the azimuth at the original first point.
        var alpha2 = t.alpha2
        if mirroredLongitude { alpha1 = -alpha1; alpha2 = -alpha2 }
        if mirroredLatitude { alpha1 = .pi - alpha1; alpha2 = .pi - alpha2 }
        // Swapped: the original start is the canonical end, left in the reverse direction.
        let initial = swapped ? alpha2 + .pi : alpha1
        return Inverse(meters: meters, initialAzimuth: initial)
    }

    // MARK: shared series

    /// sin and cos of the reduced latitude β, tan β = (1 − f) tan φ, without dividing by cos φ.
    private static func reducedLatitude(_ latitudeDegrees: Double) -> (sin: Double, cos: Double) {
        let phi = latitudeDegrees * .pi / 180
        let y = (1 - flattening) * sin(phi), x = cos(phi)
        let r = (y * y + x * x).squareRoot()
        return (y / r, x / r)
    }

    /// Vincenty's A and B for the equatorial azimuth's cos²α.
    private static func distanceSeries(cos2Alpha: Double) -> (Double, Double) {
        let a = equatorialRadiusMeters, b = polarRadiusMeters
        let u2 = cos2Alpha * (a * a - b * b) / (b * b)
        let seriesA = 1 + u2 / 16384 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)))
        let seriesB = u2 / 1024 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)))
        return (seriesA, seriesB)
    }

    /// Vincenty's Δσ.
    private static func sigmaCorrection(_ seriesB: Double, sinSigma: Double, cosSigma: Double, cos2SigmaM: Double) -> Double {
        seriesB * sinSigma * (cos2SigmaM + seriesB / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
            - seriesB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
    }

    /// Longitude in degrees brought to `-180...180` (180 stays 180).
    static func normalizedLongitude(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return degrees }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }
}
