import Testing
import MapsnapGeo
@testable import MapsnapOverlays

struct OverlayErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let error: OverlayError, message: String
        var testDescription: String { message }
    }

    static let gpx = InputLocation(file: "track.gpx", line: 14)
    static let csv = InputLocation(file: "fixes.csv", line: 7)

    /// Every case, its message verbatim.
    static let cases: [Case] = [
        .init(error: .noSuchFile("missing.gpx"), message: "missing.gpx: no such file"),
        .init(error: .unreadableFile("track.gpx", reason: "it is a directory"), message: "track.gpx: cannot be read: it is a directory"),
        .init(error: .unsupportedFileType("route.kml"),
              message: "route.kml: unsupported file type (expected .gpx, .geojson, .json or .csv)"),
        .init(error: .notUTF8(InputLocation(file: "fixes.csv", line: 3)), message: "fixes.csv:3: not UTF-8 text"),
        .init(error: .malformedXML(gpx, reason: "expected '>'"), message: "track.gpx:14: malformed XML: expected '>'"),
        .init(error: .malformedJSON(InputLocation(file: "zones.geojson", line: 3, column: 17), reason: "expected a value, got '}'"),
              message: "zones.geojson:3:17: malformed JSON: expected a value, got '}'"),
        .init(error: .malformedCSV(csv, reason: "a quoted field is not closed (a \" is missing)"),
              message: "fixes.csv:7: malformed CSV: a quoted field is not closed (a \" is missing)"),
        .init(error: .notGPX(InputLocation(file: "route.gpx", line: 2), rootElement: "kml"),
              message: "route.gpx:2: the root element is <kml>, not <gpx>"),
        .init(error: .missingAttribute(gpx, element: "trkpt", attribute: "lat"), message: "track.gpx:14: trkpt has no lat attribute"),
        .init(error: .badAttribute(gpx, element: "trkpt", attribute: "lat", value: "95.1", problem: .outside("-90...90")),
              message: "track.gpx:14: trkpt has lat=\"95.1\" outside -90...90"),
        .init(error: .badAttribute(gpx, element: "wpt", attribute: "lon", value: "east", problem: .notANumber),
              message: "track.gpx:14: wpt has lon=\"east\", which is not a number"),
        .init(error: .badAttribute(gpx, element: "trkpt", attribute: "time", value: "noon", problem: .notATime),
              message: "track.gpx:14: trkpt has time=\"noon\", which is not an ISO 8601 date and time"),
        .init(error: .badElement(gpx, element: "time", value: "noon", problem: .notATime),
              message: "track.gpx:14: <time> \"noon\" is not an ISO 8601 date and time (e.g. 2024-05-01T08:30:00Z)"),
        .init(error: .badElement(gpx, element: "hacc", value: "good", problem: .notANumber),
              message: "track.gpx:14: <hacc> \"good\" is not a number"),
        .init(error: .badElement(gpx, element: "hacc", value: "-1", problem: .outside("0...1000")),
              message: "track.gpx:14: <hacc> \"-1\" is outside 0...1000"),
        .init(error: .badColumnCount(csv, expected: "lat,lon[,accuracy_m][,time]", got: 5),
              message: "fixes.csv:7: expected lat,lon[,accuracy_m][,time], got 5 columns"),
        .init(error: .badColumnCount(csv, expected: "the header's 6 columns", got: 1),
              message: "fixes.csv:7: expected the header's 6 columns, got 1 column"),
        .init(error: .missingColumn(InputLocation(file: "fixes.csv", line: 1), column: "lon"),
              message: "fixes.csv:1: the header has no lon column (expected lat,lon[,accuracy_m][,time])"),
        .init(error: .badField(csv, column: "lon", value: "abc", problem: .notANumber),
              message: "fixes.csv:7: 'abc' is not a number (column lon)"),
        .init(error: .badField(csv, column: "lat", value: "95.1", problem: .outside("-90...90")),
              message: "fixes.csv:7: '95.1' is outside -90...90 (column lat)"),
        .init(error: .badField(csv, column: "time", value: "noon", problem: .notATime),
              message: "fixes.csv:7: 'noon' is not a time: ISO 8601 (e.g. 2024-05-01T08:30:00Z) or Unix seconds (column time)"),
        .init(error: .geoJSON(file: "zones.geojson", GeoJSONError(path: "features[2].geometry",
                                                                  .missingMember(hint: "use null for a feature without a location"))),
              message: "zones.geojson: features[2].geometry: missing (use null for a feature without a location)"),
        .init(error: .geoJSON(file: "zones.geojson", GeoJSONError(path: "", .unexpectedValue(expected: "a GeoJSON object", got: "[]"))),
              message: "zones.geojson: must be a GeoJSON object, got []"),
        .init(error: .unexpectedValue(InputLocation(file: "zones.geojson", path: "features[0].properties.fill-opacity"),
                                      expected: "a number from 0 to 1", got: "1.5"),
              message: "zones.geojson: features[0].properties.fill-opacity: must be a number from 0 to 1, got 1.5"),
        .init(error: .radiusOutOfRange(InputLocation(file: "zones.geojson", path: "features[2].properties.radius"), got: "-5"),
              message: "zones.geojson: features[2].properties.radius: must be a number of meters greater than 0 and at most 20,000 km, got -5"),
        .init(error: .radiusOutOfRange(InputLocation(file: "--user", path: "accuracy"), got: "0"),
              message: "--user: accuracy: must be a number of meters greater than 0 and at most 20,000 km, got 0"),
    ]

    @Test(arguments: cases)
    func messageNamesTheInputAndTheProblem(_ c: Case) {
        #expect(c.error.description == c.message)
    }

    @Test func locationIsWhereTheMessageStarts() {
        #expect(OverlayError.noSuchFile("a.gpx").location == InputLocation(file: "a.gpx"))
        #expect(OverlayError.badField(Self.csv, column: "lat", value: "x", problem: .notANumber).location == Self.csv)
        #expect(OverlayError.badField(Self.csv, column: "lat", value: "x", problem: .notANumber).problem
            == "'x' is not a number (column lat)")
        #expect(OverlayError.geoJSON(file: "z.geojson", GeoJSONError(path: "type", .missingMember(hint: nil))).location
            == InputLocation(file: "z.geojson", path: "type"))
    }
}
