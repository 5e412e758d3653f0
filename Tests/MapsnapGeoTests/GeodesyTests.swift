import Foundation
import Testing
@testable import MapsnapGeo

/// Reference values come from GeographicLib 2.1 (Karney's algorithm, an independent implementation),
/// computed in Python with `geographiclib.geodesic.Geodesic.WGS84`:
/// `Inverse(lat1, lon1, lat2, lon2)` → `s12` and `azi1 % 360`, and
/// `Direct(lat1, lon1, azi1, s12)` → `lat2`, `lon2`.
struct GeodesyTests {
    struct Line: Sendable, CustomTestStringConvertible {
        let name: String, a: LatLon, b: LatLon, meters: Double, bearing: Double?
        init(_ name: String, _ a: LatLon, _ b: LatLon, meters: Double, bearing: Double?) {
            self.name = name; self.a = a; self.b = b; self.meters = meters; self.bearing = bearing
        }
        var testDescription: String { name }
    }

    static let lines: [Line] = [
        .init("Monaco palace to casino", LatLon(43.7314, 7.4197), LatLon(43.7396, 7.4275), meters: 1106.763620, bearing: 34.591773341),
        .init("Paris to Helsinki", LatLon(48.8566, 2.3522), LatLon(60.1699, 24.9384), meters: 1912952.659960, bearing: 40.409481266),
        .init("Sydney to London", LatLon(-33.8688, 151.2093), LatLon(51.5074, -0.1278), meters: 16989295.770540, bearing: 319.292633012),
        .init("across the antimeridian", LatLon(64.8378, -147.7164), LatLon(62.0355, 129.6755), meters: 3840048.151713, bearing: 304.617067502),
        .init("north pole to equator", LatLon(90, 0), LatLon(0, 45), meters: 10001965.729313, bearing: 135.000000000),
        .init("equator, a quarter round", LatLon(0, 0), LatLon(0, 90), meters: 10018754.171395, bearing: 90.000000000),
        .init("equator, nearly antipodal", LatLon(0, 0), LatLon(0, 179.5), meters: 19980861.908891, bearing: 55.966495140),
        // Every meridian is a shortest path here, so no bearing is checked.
        .init("exactly antipodal on the equator", LatLon(0, 0), LatLon(0, 180), meters: 20003931.458625, bearing: nil),
        .init("nearly antipodal, off the equator", LatLon(-30, 0), LatLon(29.9, 179.8), meters: 19989832.827610, bearing: 161.890524736),
        .init("nearly antipodal, swapped", LatLon(29.9, 179.8), LatLon(-30, 0), meters: 19989832.827610, bearing: 198.090737246),
        .init("nearly antipodal, northern start", LatLon(41.41, 2.17), LatLon(-41.29, -177.22), meters: 19967196.126745, bearing: 304.076116696),
        .init("meridian across the pole", LatLon(80, 10), LatLon(80, -170), meters: 2233651.714752, bearing: 0.000000000),
        .init("one meter east", LatLon(45, 10), LatLon(45, 10.0000127), meters: 1.001355, bearing: 89.999995510),
    ]

    @Test(arguments: lines)
    func distanceMatchesGeographicLib(_ line: Line) {
        let meters = Geodesy.distanceMeters(line.a, line.b)
        #expect(abs(meters - line.meters) < 0.001, "\(meters) vs \(line.meters)")
        #expect(abs(Geodesy.distanceMeters(line.b, line.a) - line.meters) < 0.001)
    }

    @Test(arguments: lines)
    func initialBearingMatchesGeographicLib(_ line: Line) {
        guard let expected = line.bearing else { return }
        let bearing = Geodesy.initialBearing(from: line.a, to: line.b)
        var difference = abs(bearing - expected).truncatingRemainder(dividingBy: 360)
        difference = min(difference, 360 - difference)
        #expect(difference < 1e-6, "\(bearing) vs \(expected)")
    }

    @Test func coincidentPointsAreZeroApart() {
        let p = LatLon(43.7384, 7.4246)
        #expect(Geodesy.distanceMeters(p, p) == 0)
        #expect(Geodesy.initialBearing(from: p, to: p) == 0)
        // cos 90° is not exactly 0 in floating point: nanometres remain.
        #expect(Geodesy.distanceMeters(LatLon(90, 0), LatLon(90, 120)) < 1e-6)
    }

    struct Walk: Sendable {
        let from: LatLon, bearing: Double, meters: Double, to: LatLon
    }

    static let walks: [Walk] = [
        .init(from: LatLon(43.7384, 7.4246), bearing: 0, meters: 100, to: LatLon(43.739300032132, 7.424600000000)),
        .init(from: LatLon(43.7384, 7.4246), bearing: 237.5, meters: 2500, to: LatLon(43.726307317507, 7.398431764833)),
        .init(from: LatLon(60, 24.9), bearing: 90, meters: 100000, to: LatLon(59.987845905790, 26.691676538332)),
        .init(from: LatLon(-33.8688, 151.2093), bearing: 300, meters: 17000000, to: LatLon(43.239914169563, 4.036737691811)),
        .init(from: LatLon(0, 179.99), bearing: 90, meters: 5000, to: LatLon(0.000000000000, -179.965084235794)),
        .init(from: LatLon(89.9, 0), bearing: 180, meters: 30000, to: LatLon(89.631408928708, 0.000000000000)),
        .init(from: LatLon(-12, -77), bearing: 45, meters: 0.5, to: LatLon(-11.999996803959, -76.999996753491)),
    ]

    /// 1e-9° is about 0.1 mm.
    @Test(arguments: walks)
    func destinationMatchesGeographicLib(_ w: Walk) {
        let p = Geodesy.destination(from: w.from, degreesClockwiseFromNorth: w.bearing, meters: w.meters)
        #expect(abs(p.latitude - w.to.latitude) < 1e-9, "\(p)")
        #expect(abs(p.longitude - w.to.longitude) < 1e-9, "\(p)")
    }

    /// Walk out, then measure the way back: distance and bearing survive the round trip.
    @Test(arguments: [0.0, 33.3, 90, 145, 180, 271.5], [1.0, 150, 12_345, 2_000_000])
    func destinationThenDistanceRoundTrips(bearing: Double, meters: Double) {
        for start in [LatLon(0, 0), LatLon(43.7384, 7.4246), LatLon(-60.5, 179.9), LatLon(78.2, 15.6)] {
            let end = Geodesy.destination(from: start, degreesClockwiseFromNorth: bearing, meters: meters)
            #expect(abs(Geodesy.distanceMeters(start, end) - meters) < 1e-6 * max(1, meters / 1000))
            var difference = abs(Geodesy.initialBearing(from: start, to: end) - bearing)
            difference = min(difference, 360 - difference)
            #expect(difference < 1e-7)
        }
    }

    /// A 100 m circle spans 200 m of ground wherever it is: north to south that is 0.0018087°
    /// of latitude at the equator and 0.0017951° at 60°N; east to west 0.0017966° and 0.0035842°
    /// of longitude (GeographicLib `Direct(lat, 0, azi, 100)` north, south and east).
    struct Extent: Sendable { let latitude: Double, northSouth: Double, eastWest: Double }
    static let extents: [Extent] = [
        .init(latitude: 0, northSouth: 0.001808738954, eastWest: 0.001796630568),
        .init(latitude: 60, northSouth: 0.001795134133, eastWest: 0.003584229289),
    ]

    @Test(arguments: extents)
    func hundredMeterCircleHasTheRightExtent(_ e: Extent) {
        let ring = Geodesy.circle(center: LatLon(e.latitude, 0), radiusMeters: 100)
        let latitudes = ring.map(\.latitude), longitudes = ring.map(\.longitude)
        #expect(abs(latitudes.max()! - latitudes.min()! - e.northSouth) < 1e-9)
        #expect(abs(longitudes.max()! - longitudes.min()! - e.eastWest) < 1e-9)
        for p in ring {
            #expect(abs(Geodesy.distanceMeters(LatLon(e.latitude, 0), p) - 100) < 1e-6)
        }
    }

    @Test func circleIsClosedStartsNorthAndRunsCounterClockwise() {
        let center = LatLon(43.7384, 7.4246)
        let ring = Geodesy.circle(center: center, radiusMeters: 150, segments: 4)
        #expect(ring.count == 5)
        #expect(ring.first == ring.last)
        #expect(ring[0].latitude > center.latitude && abs(ring[0].longitude - center.longitude) < 1e-12)
        #expect(ring[1].longitude < center.longitude)  // then west
        #expect(ring[2].latitude < center.latitude)    // then south
        #expect(ring[3].longitude > center.longitude)  // then east
        // Shoelace area in degrees is positive for counter-clockwise rings.
        let fine = Geodesy.circle(center: center, radiusMeters: 150)
        var twiceArea = 0.0
        for i in 0..<(fine.count - 1) {
            twiceArea += fine[i].longitude * fine[i + 1].latitude - fine[i + 1].longitude * fine[i].latitude
        }
        #expect(twiceArea > 0)
        #expect(fine.count == 129)
    }

    @Test func degenerateCircles() {
        let center = LatLon(10, 20)
        #expect(Geodesy.circle(center: center, radiusMeters: 0, segments: 8) == Array(repeating: center, count: 9))
        #expect(Geodesy.circle(center: center, radiusMeters: 10, segments: 1).count == 4)
    }
}
