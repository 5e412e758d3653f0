import Testing
@testable import MapsnapGeo

struct LatLonTests {
    @Test func parsesLatitudeFirst() throws {
        let p = try LatLon(parsing: "43.7360,7.4260")
        #expect(p.latitude == 43.736 && p.longitude == 7.426)
        #expect(try LatLon(parsing: " -33.5 , 151 ") == LatLon(-33.5, 151))
    }

    struct Bad: Sendable { let text: String; let message: String }
    static let bad: [Bad] = [
        .init(text: "95,7", message: "latitude 95 is outside -90...90"),
        .init(text: "43.7,181", message: "longitude 181 is outside -180...180"),
        .init(text: "nan,7", message: "latitude nan is outside -90...90"),
        .init(text: "43.7", message: "'43.7' is not a LAT,LON pair (latitude first, e.g. 43.7360,7.4260)"),
        .init(text: "1,2,3", message: "'1,2,3' is not a LAT,LON pair (latitude first, e.g. 43.7360,7.4260)"),
        .init(text: "abc,7", message: "'abc' is not a number"),
        .init(text: "43,", message: "'' is not a number"),
    ]

    @Test(arguments: bad)
    func rejectsBadInputWithAClearMessage(_ c: Bad) {
        #expect(throws: GeoError.self) { try LatLon(parsing: c.text) }
        do { _ = try LatLon(parsing: c.text) } catch { #expect(error.description == c.message) }
    }

    @Test func validatingInitAcceptsTheLimits() throws {
        _ = try LatLon(validatingLatitude: 90, longitude: 180)
        _ = try LatLon(validatingLatitude: -90, longitude: -180)
    }
}
