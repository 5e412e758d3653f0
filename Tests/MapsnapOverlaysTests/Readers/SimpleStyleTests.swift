import Foundation
import Testing
import MapsnapFormats
@testable import MapsnapOverlays
import MapsnapGeo

struct SimpleStyleTests {
    /// The style of `properties` written as JSON (valid JSON: a syntax error stops the test).
    static func style(_ json: String) throws(OverlayError) -> SimpleStyle {
        try SimpleStyle(properties: try! JSONValue.parse(json.utf8Data), path: "properties", file: "s.geojson")
    }

    @Test func readsEveryProperty() throws {
        let s = try Self.style("""
        {"title": "当前位置", "description": "ignored", "marker-color": "#3bb2d0", "marker-size": "large",
         "marker-symbol": "店", "stroke": "555555", "stroke-width": 3.5, "stroke-opacity": 0.8,
         "fill": "#fc0", "fill-opacity": 0.25, "radius": 150}
        """)
        var expected = SimpleStyle()
        expected.title = "当前位置"
        expected.markerColor = Color(r255: 0x3B, g255: 0xB2, b255: 0xD0)
        expected.markerSize = .large
        expected.markerSymbol = "店"
        expected.stroke = Color(r255: 0x55, g255: 0x55, b255: 0x55)
        expected.strokeWidth = 3.5
        expected.strokeOpacity = 0.8
        expected.fill = Color(r255: 0xFF, g255: 0xCC, b255: 0)
        expected.fillOpacity = 0.25
        expected.radiusMeters = 150
        #expect(s == expected)
    }

    @Test func absentNullAndEmptyPropertiesStayNil() throws {
        #expect(try SimpleStyle(properties: nil, path: "p", file: "f") == SimpleStyle())
        #expect(try Self.style("null") == SimpleStyle())
        #expect(try Self.style("{}") == SimpleStyle())
        #expect(try Self.style(##"{"title": "", "marker-color": null, "stroke": null, "radius": null, "other": [1]}"##) == SimpleStyle())
    }

    struct Symbol: Sendable { let json: String, glyph: String? }
    static let symbols: [Symbol] = [
        .init(json: "\"A\"", glyph: "A"), .init(json: "\"12\"", glyph: "12"), .init(json: "7", glyph: "7"),
        .init(json: "\"cafe\"", glyph: nil), .init(json: "\"\"", glyph: nil), .init(json: "\"rail-metro\"", glyph: nil),
    ]

    @Test(arguments: symbols)
    func aShortMarkerSymbolIsTheGlyphAnIconNameIsIgnored(_ c: Symbol) throws {
        #expect(try Self.style("{\"marker-symbol\": \(c.json)}").markerSymbol == c.glyph)
    }

    struct ColorCase: Sendable { let text: String, color: Color? }
    static let colors: [ColorCase] = [
        .init(text: "#e5483f", color: Color(r255: 0xE5, g255: 0x48, b255: 0x3F)),
        .init(text: "e5483f", color: Color(r255: 0xE5, g255: 0x48, b255: 0x3F)),
        .init(text: "ace", color: Color(r255: 0xAA, g255: 0xCC, b255: 0xEE)),
        .init(text: "#ACE", color: Color(r255: 0xAA, g255: 0xCC, b255: 0xEE)),
        .init(text: "red", color: Color(r255: 255, g255: 0, b255: 0)),
        .init(text: "rgba(0, 122, 255, 0.5)", color: Color(r255: 0, g255: 122, b255: 255, alpha: 0.5)),
        .init(text: "blurple", color: nil), .init(text: "#12345", color: nil), .init(text: "", color: nil),
    ]

    @Test(arguments: colors)
    func coloursAreHexWithOrWithoutHashOrCSS(_ c: ColorCase) {
        #expect(SimpleStyle.color(c.text) == c.color)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let json: String, message: String
        var testDescription: String { message }
    }

    static let bad: [Bad] = [
        .init(json: "[1]", message: "s.geojson: properties: must be an object or null, got [1]"),
        .init(json: ##"{"title": true}"##, message: "s.geojson: properties.title: must be a string, got true"),
        .init(json: ##"{"marker-color": "blurple"}"##, message: "s.geojson: properties.marker-color: must be a colour like \"#e5483f\", got \"blurple\""),
        .init(json: ##"{"marker-color": 255}"##, message: "s.geojson: properties.marker-color: must be a colour like \"#e5483f\", got 255"),
        .init(json: ##"{"stroke": "#12"}"##, message: "s.geojson: properties.stroke: must be a colour like \"#e5483f\", got \"#12\""),
        .init(json: ##"{"fill": {}}"##, message: "s.geojson: properties.fill: must be a colour like \"#e5483f\", got an object"),
        .init(json: ##"{"marker-size": "huge"}"##, message: "s.geojson: properties.marker-size: must be \"small\", \"medium\" or \"large\", got \"huge\""),
        .init(json: ##"{"marker-symbol": ["A"]}"##, message: "s.geojson: properties.marker-symbol: must be a string, got [\"A\"]"),
        .init(json: ##"{"stroke-width": "wide"}"##, message: "s.geojson: properties.stroke-width: must be a number of points from 0 to 1000, got \"wide\""),
        .init(json: ##"{"stroke-width": -1}"##, message: "s.geojson: properties.stroke-width: must be a number of points from 0 to 1000, got -1"),
        .init(json: ##"{"stroke-opacity": 1.5}"##, message: "s.geojson: properties.stroke-opacity: must be a number from 0 to 1, got 1.5"),
        .init(json: ##"{"fill-opacity": "50%"}"##, message: "s.geojson: properties.fill-opacity: must be a number from 0 to 1, got \"50%\""),
        .init(json: ##"{"radius": -5}"##,
              message: "s.geojson: properties.radius: must be a number of meters greater than 0 and at most 20,000 km, got -5"),
        .init(json: ##"{"radius": 0}"##,
              message: "s.geojson: properties.radius: must be a number of meters greater than 0 and at most 20,000 km, got 0"),
        .init(json: ##"{"radius": 2e7, "fill": "x"}"##, message: "s.geojson: properties.fill: must be a colour like \"#e5483f\", got \"x\""),
        .init(json: ##"{"radius": 20000001}"##,
              message: "s.geojson: properties.radius: must be a number of meters greater than 0 and at most 20,000 km, got 20000001"),
        .init(json: ##"{"radius": "150 m"}"##,
              message: "s.geojson: properties.radius: must be a number of meters greater than 0 and at most 20,000 km, got \"150 m\""),
    ]

    @Test(arguments: bad)
    func badValuesNameTheirPath(_ c: Bad) {
        #expect(overlayErrorMessage { () throws(OverlayError) in _ = try Self.style(c.json) } == c.message)
    }

    // MARK: applying

    @Test func circlesAndPolygonsUseOneColourForBothWhenOnlyOneIsGiven() throws {
        let red = Color(r255: 255, g255: 0, b255: 0)
        let onlyFill = try Self.style(##"{"fill": "f00"}"##)
        #expect(onlyFill.circle(center: LatLon(0, 0), radiusMeters: 10).strokeColor == red)
        #expect(onlyFill.polygon(rings: []).strokeColor == red)
        let onlyStroke = try Self.style(##"{"stroke": "f00", "stroke-width": 1}"##)
        let circle = onlyStroke.circle(center: LatLon(0, 0), radiusMeters: 10)
        #expect(circle.fillColor == red && circle.fillOpacity == 0.15 && circle.strokeWidth == 1)
        #expect(onlyStroke.polygon(rings: []).fillColor == red)
        #expect(SimpleStyle().circle(center: LatLon(0, 0), radiusMeters: 10) == GeoCircle(center: LatLon(0, 0), radiusMeters: 10))
    }

    @Test func linesStartFromTheGivenTrackStyle() throws {
        let base = Track(color: .black, width: 6, casingColor: nil, dash: [2, 1], startMarker: true, title: "Base")
        let plain = SimpleStyle().track(segments: [[LatLon(0, 0), LatLon(1, 1)]], base: base)
        #expect(plain.color == .black && plain.width == 6 && plain.casingColor == nil && plain.dash == [2, 1])
        #expect(plain.startMarker && plain.title == "Base" && plain.segments.count == 1)
        let styled = try Self.style(##"{"stroke": "#fff", "stroke-width": 2, "stroke-opacity": 0.5, "title": "Run"}"##)
            .track(segments: [], base: base)
        #expect(styled.color == .white && styled.width == 2 && styled.opacity == 0.5 && styled.title == "Run")
    }
}
