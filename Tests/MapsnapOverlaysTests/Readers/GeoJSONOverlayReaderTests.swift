import Foundation
import Testing
import MapsnapFormats
@testable import MapsnapOverlays
import MapsnapGeo

struct GeoJSONOverlayReaderTests {
    static func read(_ json: String, trackStyle: Track = Track()) throws(OverlayError) -> [Overlay] {
        try GeoJSONOverlayReader.read(json.utf8Data, fileName: "zones.geojson", trackStyle: trackStyle)
    }

    static let square = "[[7.42, 43.73], [7.43, 43.73], [7.43, 43.74], [7.42, 43.74], [7.42, 43.73]]"
    static let squareRing = [LatLon(43.73, 7.42), LatLon(43.73, 7.43), LatLon(43.74, 7.43), LatLon(43.74, 7.42), LatLon(43.73, 7.42)]
    static let hole = "[[7.424, 43.734], [7.426, 43.734], [7.426, 43.736], [7.424, 43.734]]"
    static let holeRing = [LatLon(43.734, 7.424), LatLon(43.734, 7.426), LatLon(43.736, 7.426), LatLon(43.734, 7.424)]

    @Test func aCheckInSceneFeatureCollection() throws {
        let overlays = try Self.read("""
        {"type": "FeatureCollection", "bbox": [7, 43, 8, 44], "features": [
          {"type": "Feature", "id": 1, "properties": {"title": "当前位置", "marker-color": "#3bb2d0", "marker-symbol": "A", "marker-size": "small"},
           "geometry": {"type": "Point", "coordinates": [7.4246, 43.7384, 55.0]}},
          {"type": "Feature", "properties": {"radius": 150, "stroke": "#ff8800", "fill-opacity": 0.1},
           "geometry": {"type": "Point", "coordinates": [7.4275, 43.7396]}},
          {"type": "Feature", "properties": {"stroke": "#e5483f", "stroke-width": 5, "title": "Walk"},
           "geometry": {"type": "LineString", "coordinates": [[7.4197, 43.7314], [7.4275, 43.7396]]}},
          {"type": "Feature", "properties": {"fill": "#00ff00", "fill-opacity": 0.3, "stroke-opacity": 0.9},
           "geometry": {"type": "Polygon", "coordinates": [\(Self.square), \(Self.hole)]}},
          {"type": "Feature", "properties": null, "geometry": null}
        ]}
        """)
        #expect(overlays.count == 4)
        #expect(overlays[0] == .marker(Marker(coordinate: LatLon(43.7384, 7.4246), color: Color(r255: 0x3B, g255: 0xB2, b255: 0xD0),
                                              title: "当前位置", glyph: "A", size: .small)))
        let orange = Color(r255: 0xFF, g255: 0x88, b255: 0)
        #expect(overlays[1] == .circle(GeoCircle(center: LatLon(43.7396, 7.4275), radiusMeters: 150, fillColor: orange,
                                                 fillOpacity: 0.1, strokeColor: orange)))
        #expect(overlays[2] == .track(Track(segments: [[LatLon(43.7314, 7.4197), LatLon(43.7396, 7.4275)]],
                                            color: Color(r255: 0xE5, g255: 0x48, b255: 0x3F), width: 5, title: "Walk")))
        let green = Color(r255: 0, g255: 255, b255: 0)
        #expect(overlays[3] == .polygon(PolygonOverlay(rings: [Self.squareRing, Self.holeRing], fillColor: green, fillOpacity: 0.3,
                                                       strokeColor: green, strokeOpacity: 0.9)))
    }

    @Test func aSingleFeatureAndBareGeometries() throws {
        #expect(try Self.read(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [2, 1]}}"#)
            == [.marker(Marker(coordinate: LatLon(1, 2)))])
        #expect(try Self.read(#"{"type": "Point", "coordinates": [2, 1]}"#) == [.marker(Marker(coordinate: LatLon(1, 2)))])
        #expect(try Self.read(#"{"type": "MultiPoint", "coordinates": [[2, 1], [4, 3]]}"#)
            == [.marker(Marker(coordinate: LatLon(1, 2))), .marker(Marker(coordinate: LatLon(3, 4)))])
    }

    @Test func multiGeometries() throws {
        let overlays = try Self.read("""
        {"type": "Feature", "properties": {"radius": 50},
         "geometry": {"type": "GeometryCollection", "geometries": [
           {"type": "MultiPoint", "coordinates": [[2, 1], [4, 3]]},
           {"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3], [4, 4]]]},
           {"type": "MultiPolygon", "coordinates": [[\(Self.square)], [], [\(Self.square), \(Self.hole)]]},
           {"type": "GeometryCollection", "geometries": [{"type": "LineString", "coordinates": []}]}
         ]}}
        """)
        #expect(overlays.circles == [GeoCircle(center: LatLon(1, 2), radiusMeters: 50), GeoCircle(center: LatLon(3, 4), radiusMeters: 50)])
        #expect(overlays.tracks.map(\.segments) == [[[LatLon(0, 0), LatLon(1, 1)], [LatLon(2, 2), LatLon(3, 3), LatLon(4, 4)]]])
        #expect(overlays.polygons.map(\.rings) == [[Self.squareRing], [Self.squareRing, Self.holeRing]])
        #expect(overlays.count == 5)
    }

    @Test func emptyGeometriesAndNullGeometriesAreSkipped() throws {
        #expect(try Self.read(#"{"type": "FeatureCollection", "features": []}"#).isEmpty)
        #expect(try Self.read(#"{"type": "Point", "coordinates": []}"#).isEmpty)
        #expect(try Self.read(#"{"type": "Polygon", "coordinates": []}"#).isEmpty)
        #expect(try Self.read(#"{"type": "Feature", "properties": {"title": "nowhere"}, "geometry": null}"#).isEmpty)
        #expect(try Self.read(#"{"type": "GeometryCollection", "geometries": []}"#).isEmpty)
    }

    @Test func linesStartFromTheTrackStyle() throws {
        let base = Track(color: .black, width: 6, startMarker: true, endMarker: true)
        let overlays = try Self.read(#"{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}"#, trackStyle: base)
        var expected = base
        expected.segments = [[LatLon(0, 0), LatLon(1, 1)]]
        #expect(overlays == [.track(expected)])
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let json: String, message: String
        var testDescription: String { message }
    }

    static let point = #"{"type": "Point", "coordinates": [0, 0]}"#

    static let bad: [Bad] = [
        .init(json: "{\n  \"type\": \"Point\",\n  \"coordinates\": [1, 2,]\n}",
              message: "zones.geojson:3:24: malformed JSON: expected a value after ',', found ']' (trailing commas are not allowed)"),
        .init(json: "", message: "zones.geojson:1:1: malformed JSON: expected a value, found the end of the input"),
        .init(json: "[]", message: "zones.geojson: must be a GeoJSON object, got []"),
        .init(json: "{}", message: "zones.geojson: type: missing (every GeoJSON object has a \"type\")"),
        .init(json: #"{"type": 7}"#, message: "zones.geojson: type: must be a string, got 7"),
        .init(json: #"{"type": "Topology"}"#,
              message: "zones.geojson: type: must be FeatureCollection, Feature or a geometry type, got \"Topology\""),
        .init(json: #"{"type": "FeatureCollection"}"#,
              message: "zones.geojson: features: missing (a FeatureCollection has an array of features)"),
        .init(json: #"{"type": "FeatureCollection", "features": {}}"#,
              message: "zones.geojson: features: must be an array of features, got an object"),
        .init(json: #"{"type": "FeatureCollection", "features": [\#(point)]}"#,
              message: "zones.geojson: features[0].type: must be \"Feature\", got \"Point\""),
        .init(json: #"{"type": "FeatureCollection", "features": [1]}"#,
              message: "zones.geojson: features[0]: must be a Feature object, got 1"),
        .init(json: #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}}]}"#,
              message: "zones.geojson: features[0].geometry: missing (use null for a feature without a location)"),
        .init(json: #"{"type": "Feature", "geometry": "here"}"#, message: "zones.geojson: geometry: must be a geometry object or null, got \"here\""),
        .init(json: #"{"type": "Feature", "geometry": {"type": "Circle", "coordinates": [0, 0]}}"#,
              message: "zones.geojson: geometry.type: must be Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon or GeometryCollection, got \"Circle\""),
        .init(json: #"{"type": "Feature", "geometry": {"type": "Point"}}"#,
              message: "zones.geojson: geometry.coordinates: missing (a Point has coordinates)"),
        .init(json: #"{"type": "Point", "coordinates": "0,0"}"#, message: "zones.geojson: coordinates: must be an array, got \"0,0\""),
        .init(json: #"{"type": "Point", "coordinates": [1]}"#, message: "zones.geojson: coordinates: must be a position [lon, lat], got [1]"),
        .init(json: #"{"type": "Point", "coordinates": ["7.4", 43.7]}"#,
              message: "zones.geojson: coordinates: must be a position [lon, lat], got [\"7.4\", 43.7]"),
        .init(json: #"{"type": "Point", "coordinates": [43.7, 95.1]}"#,
              message: "zones.geojson: coordinates: latitude 95.1 is outside -90...90 (GeoJSON positions are [lon, lat])"),
        .init(json: #"{"type": "Point", "coordinates": [181, 0]}"#,
              message: "zones.geojson: coordinates: longitude 181 is outside -180...180 (GeoJSON positions are [lon, lat])"),
        .init(json: #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": null}, {"type": "Feature", "geometry": null}, {"type": "Feature", "geometry": null}, {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8], [0, 9], [0, 10], [0, 11], [7.4, 95.1]]}}]}"#,
              message: "zones.geojson: features[3].geometry.coordinates[12]: latitude 95.1 is outside -90...90 (GeoJSON positions are [lon, lat])"),
        .init(json: #"{"type": "LineString", "coordinates": [[0, 0]]}"#,
              message: "zones.geojson: coordinates: a line needs at least 2 positions, got 1"),
        .init(json: #"{"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], 5]}"#,
              message: "zones.geojson: coordinates[1]: must be an array of positions, got 5"),
        .init(json: #"{"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[0, 0], [1, 1], [2]]]}"#,
              message: "zones.geojson: coordinates[1][2]: must be a position [lon, lat], got [2]"),
        .init(json: #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]}"#,
              message: "zones.geojson: coordinates[0]: a linear ring needs at least 4 positions, got 3"),
        .init(json: #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}"#,
              message: "zones.geojson: coordinates[0]: must be a closed ring (its last position equal to its first), got a ring from [0, 0] to [0, 1]"),
        .init(json: #"{"type": "Polygon", "coordinates": [\#(square), "hole"]}"#,
              message: "zones.geojson: coordinates[1]: must be a linear ring (an array of positions), got \"hole\""),
        .init(json: #"{"type": "MultiPolygon", "coordinates": [[\#(square)], [[[0, 0], [1, 0], [1, 1], [0, 0], [0, 200]]]]}"#,
              message: "zones.geojson: coordinates[1][0][4]: latitude 200 is outside -90...90 (GeoJSON positions are [lon, lat])"),
        .init(json: #"{"type": "MultiPolygon", "coordinates": [7]}"#,
              message: "zones.geojson: coordinates[0]: must be an array of linear rings, got 7"),
        .init(json: #"{"type": "GeometryCollection"}"#,
              message: "zones.geojson: geometries: missing (a GeometryCollection has an array of geometries)"),
        .init(json: #"{"type": "GeometryCollection", "geometries": [\#(point), {"type": "Point", "coordinates": [0, -91]}]}"#,
              message: "zones.geojson: geometries[1].coordinates: latitude -91 is outside -90...90 (GeoJSON positions are [lon, lat])"),
        .init(json: #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": null}, {"type": "Feature", "geometry": null}, {"type": "Feature", "properties": {"radius": -5}, "geometry": \#(point)}]}"#,
              message: "zones.geojson: features[2].properties.radius: must be a number of meters greater than 0 and at most 20,000 km, got -5"),
        .init(json: #"{"type": "Feature", "properties": {"marker-size": "xl"}, "geometry": null}"#,
              message: "zones.geojson: properties.marker-size: must be \"small\", \"medium\" or \"large\", got \"xl\""),
    ]

    @Test(arguments: bad)
    func errorsNameTheJSONPath(_ c: Bad) {
        #expect(overlayErrorMessage { () throws(OverlayError) in _ = try Self.read(c.json) } == c.message)
    }

    @Test func aLargeLineIsReadQuickly() throws {
        let positions = (0..<100_000).map { "[\(7.4 + Double($0) * 1e-6), \(43.7 + Double($0 % 1000) * 1e-6)]" }
        let json = "{\"type\": \"LineString\", \"coordinates\": [\(positions.joined(separator: ","))]}"
        let overlays = try Self.read(json)
        #expect(overlays.tracks.first?.pointCount == 100_000)
    }
}
