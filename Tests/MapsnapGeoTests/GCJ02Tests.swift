import Foundation
import Testing
@testable import MapsnapGeo

/// Forward values come from `prcoords` 1.0.2 (PyPI, Mingye Wang's public-domain implementation of
/// the published formula on the Krasovsky ellipsoid): `prcoords.wgs_gcj((lat, lon))`. The same
/// formula, written out for checking by hand (x = lon − 105, y = lat − 35, angles in radians
/// where `sin` is applied to `k·π`):
///
///     dn = -100 + 2x + 3y + 0.2y² + 0.1xy + 0.2√|x| + 2/3·(20 sin 6πx + 20 sin 2πx)
///          + 2/3·(20 sin πy + 40 sin πy/3) + 2/3·(160 sin πy/12 + 320 sin πy/30)
///     de = 300 + x + 2y + 0.1x² + 0.1xy + 0.1√|x| + 2/3·(20 sin 6πx + 20 sin 2πx)
///          + 2/3·(20 sin πx + 40 sin πx/3) + 2/3·(150 sin πx/12 + 300 sin πx/30)
///     w = 1 − e² sin² φ,  a = 6378245,  e² = 0.00669342162296594323
///     lat' = lat + dn·180 / (π·a(1 − e²)/w^1.5),  lon' = lon + de·180 / (π·a cos φ/√w)
///
/// `eviltransform` 0.1.1 (which takes a = 6378137) agrees with these to 1.1e-7°.
struct GCJ02Tests {
    struct Place: Sendable, CustomTestStringConvertible {
        let name: String, wgs84: LatLon, gcj02: LatLon
        init(_ name: String, wgs84: LatLon, gcj02: LatLon) { self.name = name; self.wgs84 = wgs84; self.gcj02 = gcj02 }
        var testDescription: String { name }
    }

    static let places: [Place] = [
        .init("Beijing, Tiananmen", wgs84: LatLon(39.9087, 116.3975), gcj02: LatLon(39.9101034993, 116.4037435727)),
        .init("Shanghai, the Bund", wgs84: LatLon(31.2304, 121.4737), gcj02: LatLon(31.2284577376, 121.4782230593)),
        .init("Shenzhen", wgs84: LatLon(22.5431, 114.0579), gcj02: LatLon(22.5403828142, 114.0630139986)),
        .init("Urumqi", wgs84: LatLon(43.8256, 87.6168), gcj02: LatLon(43.8268053931, 87.6196499495)),
        .init("Lhasa", wgs84: LatLon(29.65, 91.1), gcj02: LatLon(29.6473003291, 91.1015682835)),
        .init("Harbin", wgs84: LatLon(45.8038, 126.535), gcj02: LatLon(45.8057815251, 126.5410403502)),
        .init("Haikou", wgs84: LatLon(20.044, 110.1999), gcj02: LatLon(20.0418859746, 110.2041923948)),
        .init("the formula's origin, 35N 105E", wgs84: LatLon(35.0, 105.0), gcj02: LatLon(34.9990986322, 105.0032862415)),
        .init("Chengdu", wgs84: LatLon(30.5728, 104.0668), gcj02: LatLon(30.5703461411, 104.0693054772)),
        .init("Hong Kong (inside the box)", wgs84: LatLon(22.3193, 114.1694), gcj02: LatLon(22.3165507994, 114.1743670663)),
    ]

    @Test(arguments: places)
    func forwardMatchesTheReferenceImplementation(_ place: Place) {
        let p = GCJ02.fromWGS84(place.wgs84)
        #expect(abs(p.latitude - place.gcj02.latitude) < 1e-9)
        #expect(abs(p.longitude - place.gcj02.longitude) < 1e-9)
    }

    @Test(arguments: places)
    func inverseRecoversTheWGS84Point(_ place: Place) {
        let p = GCJ02.toWGS84(place.gcj02)
        #expect(Geodesy.distanceMeters(p, place.wgs84) < 0.001)
    }

    /// Every whole degree across China's box: the round trip lands within a centimetre
    /// (the issue asks for half a metre).
    @Test func roundTripOverAGridAcrossChina() {
        var worst = 0.0, count = 0
        for lat in stride(from: 1.0, through: 55.0, by: 1) {
            for lon in stride(from: 73.0, through: 137.0, by: 1) {
                let p = LatLon(lat + 0.123, lon + 0.456)
                let back = GCJ02.toWGS84(GCJ02.fromWGS84(p))
                worst = max(worst, Geodesy.distanceMeters(p, back))
                count += 1
            }
        }
        #expect(count == 55 * 65)
        #expect(worst < 0.01, "worst round trip \(worst) m")
    }

    @Test(arguments: [LatLon(43.7384, 7.4246), LatLon(0.5, 100), LatLon(56, 120), LatLon(30, 71.9), LatLon(30, 138),
                      LatLon(-33.87, 151.21), LatLon(0, 0)])
    func outsideChinaIsUnchanged(_ p: LatLon) {
        #expect(GCJ02.isOutsideChina(p))
        #expect(GCJ02.fromWGS84(p) == p)
        #expect(GCJ02.toWGS84(p) == p)
    }

    struct Edge: Sendable { let point: LatLon, outside: Bool }
    static let edges: [Edge] = [
        .init(point: LatLon(0.8293, 72.004), outside: false),
        .init(point: LatLon(55.8271, 137.8347), outside: false),
        .init(point: LatLon(0.8292, 100), outside: true),
        .init(point: LatLon(55.8272, 100), outside: true),
        .init(point: LatLon(30, 72.0039), outside: true),
        .init(point: LatLon(30, 137.8348), outside: true),
    ]

    @Test(arguments: edges)
    func theBoxEdgesAreInside(_ e: Edge) {
        #expect(GCJ02.isOutsideChina(e.point) == e.outside)
    }
}
