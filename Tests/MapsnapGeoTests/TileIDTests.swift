import Testing
@testable import MapsnapGeo

/// Reference tile numbers computed independently with the OSM wiki's slippy-map formula
/// (Python, `floor((lon+180)/360·2^z)`, `floor((1 − asinh(tan φ)/π)/2·2^z)`).
struct TileIDTests {
    struct Case: Sendable, CustomStringConvertible {
        let place: String, lat: Double, lon: Double, z: Int, x: Int, y: Int
        var description: String { "\(place) z\(z)" }
    }

    static let cases: [Case] = [
        .init(place: "Monaco harbour", lat: 43.7360, lon: 7.4260, z: 5, x: 16, y: 11),
        .init(place: "Monaco harbour", lat: 43.7360, lon: 7.4260, z: 10, x: 533, y: 373),
        .init(place: "Monaco harbour", lat: 43.7360, lon: 7.4260, z: 14, x: 8529, y: 5974),
        .init(place: "Monaco harbour", lat: 43.7360, lon: 7.4260, z: 17, x: 68239, y: 47793),
        .init(place: "Helsinki", lat: 60.1699, lon: 24.9384, z: 14, x: 9326, y: 4742),
        .init(place: "Helsinki", lat: 60.1699, lon: 24.9384, z: 17, x: 74615, y: 37939),
        .init(place: "Andorra la Vella", lat: 42.5063, lon: 1.5218, z: 14, x: 8261, y: 6050),
        .init(place: "London", lat: 51.5074, lon: -0.1278, z: 10, x: 511, y: 340),
        .init(place: "Sydney", lat: -33.8688, lon: 151.2093, z: 14, x: 15073, y: 9831),
        .init(place: "Null Island", lat: 0, lon: 0, z: 10, x: 512, y: 512),
        .init(place: "World", lat: 43.7360, lon: 7.4260, z: 0, x: 0, y: 0),
    ]

    @Test(arguments: cases)
    func tileContainingKnownPlaces(_ c: Case) {
        #expect(TileID(containing: LatLon(c.lat, c.lon), z: c.z) == TileID(z: c.z, x: c.x, y: c.y))
    }

    @Test func tmsRowCountsFromTheSouth() {
        #expect(TileID(z: 14, x: 8529, y: 5974).tmsRow == 16383 - 5974)
        #expect(TileID(z: 0, x: 0, y: 0).tmsRow == 0)
        #expect(TileID(z: 1, x: 0, y: 0).tmsRow == 1)
    }

    @Test func poleAndAntimeridianClampIntoTheGrid() {
        #expect(TileID(containing: LatLon(89.9, 180), z: 3) == TileID(z: 3, x: 7, y: 0))
        #expect(TileID(containing: LatLon(-89.9, -180), z: 3) == TileID(z: 3, x: 0, y: 7))
    }

    @Test func boundsContainTheirPoint() {
        let p = LatLon(43.7360, 7.4260)
        let t = TileID(containing: p, z: 14)
        #expect(t.bounds.contains(p))
        #expect(t.bounds.west < t.bounds.east && t.bounds.south < t.bounds.north)
    }

    @Test func ancestorShiftsCoordinates() {
        #expect(TileID(z: 17, x: 68239, y: 47793).ancestor(atZoom: 14) == TileID(z: 14, x: 8529, y: 5974))
    }

    @Test func description() { #expect(TileID(z: 14, x: 8529, y: 5974).description == "14/8529/5974") }
}
