import Testing
@testable import MapsnapOverlays

struct InputLocationTests {
    struct Case: Sendable { let location: InputLocation, text: String }
    static let cases: [Case] = [
        .init(location: InputLocation(file: "missing.gpx"), text: "missing.gpx"),
        .init(location: InputLocation(file: "track.gpx", line: 14), text: "track.gpx:14"),
        .init(location: InputLocation(file: "zones.geojson", line: 3, column: 17), text: "zones.geojson:3:17"),
        .init(location: InputLocation(file: "zones.geojson", path: "features[2].properties.radius"),
              text: "zones.geojson: features[2].properties.radius"),
        .init(location: InputLocation(file: "zones.geojson", path: ""), text: "zones.geojson"),
        .init(location: InputLocation(file: "a.json", column: 5), text: "a.json"),
    ]

    @Test(arguments: cases)
    func printsFileLineColumnOrPath(_ c: Case) {
        #expect(c.location.description == c.text)
    }
}
