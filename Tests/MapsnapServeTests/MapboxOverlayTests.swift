import MapsnapFormats
import MapsnapKit
@testable import MapsnapServe
import Testing

struct MapboxOverlayTests {
    @Test func pinsHaveSizeLabelAndColour() throws {
        let list = try MapboxOverlay.parseList("pin-s-a+9ed4bd(-122.46589,37.77343),pin-l-27+f00(7.4,43.7),pin-s(1,2)")
        #expect(list.map(\.text) == ["pin-s-a+9ed4bd", "pin-l-27+f00", "pin-s"])
        guard case .pin(let a) = list[0].overlay, case .pin(let b) = list[1].overlay, case .pin(let c) = list[2].overlay else {
            Issue.record("not pins"); return
        }
        #expect(a.coordinate == LatLon(37.77343, -122.46589) && a.size == .small && a.glyph == "a" && a.color == Color.parse("#9ed4bd"))
        #expect(b.size == .large && b.glyph == "27" && b.color == Color.parse("#f00"))
        #expect(c.glyph == nil && c.color == Marker.defaultColor)
    }

    @Test func pathsAreLinesOrFilledAreas() throws {
        let list = try MapboxOverlay.parseList("path-5+f44-0.5(_p~iF~ps|U_ulLnnqC_mqNvxq`@),path+00f-1+0f0-0.25(_p~iF~ps|U_ulLnnqC_mqNvxq`@),path(_p~iF~ps|U_ulLnnqC)")
        guard case .line(let line) = list[0].overlay, case .area(let area) = list[1].overlay, case .line(let plain) = list[2].overlay else {
            Issue.record("wrong kinds: \(list)"); return
        }
        #expect(line.width == 5 && line.color == Color.parse("#f44") && line.opacity == 0.5 && line.casingColor == nil)
        #expect(line.segments == [[LatLon(38.5, -120.2), LatLon(40.7, -120.95), LatLon(43.252, -126.453)]])
        #expect(area.fillColor == Color.parse("#0f0") && area.fillOpacity == 0.25 && area.strokeColor == Color.parse("#00f"))
        #expect(area.rings[0].first == area.rings[0].last && area.rings[0].count == 4)
        #expect(plain.width == Track().width && plain.segments[0].count == 2)
    }

    @Test func geojsonKeepsItsCommasAndParentheses() throws {
        let list = try MapboxOverlay.parseList(#"geojson({"type":"Point","coordinates":[7.4,43.7],"properties":{"title":"a (b), c"}}),pin-s(7,43)"#)
        #expect(list.count == 2)
        guard case .geojson(let json) = list[0].overlay else { Issue.record("not geojson"); return }
        #expect(json.compactText.contains("a (b), c"))
    }

    @Test(arguments: [
        ("url-https%3A%2F%2Fx.org%2Fpin.png(1,2)", "overlay 1 (url-https%3A%2F%2Fx.org%2Fpin.png): url- markers are not supported (the server fetches nothing from the internet); use pin-s or pin-l"),
        ("pin-s-bus(1,2)", "overlay 1 (pin-s-bus): label 'bus': Maki icons are not supported (a letter a-z or a number 0-99)"),
        ("pin-s+ff(1,2)", "overlay 1 (pin-s+ff): colour 'ff' is not 3 or 6 hexadecimal digits"),
        ("pin-s(1)", "overlay 1 (pin-s): '1' is not {lon},{lat}"),
        ("pin-s(1,2),", "overlay 2: missing after the last ','"),
        ("pin-s(1,2)x", "overlay 1 (pin-s): expected ',' after ')'"),
        ("pin-s(1,2", "overlay 1 (pin-s): '(' is never closed"),
        ("marker(1,2)", "overlay 1 (marker): unknown overlay (pin-s, pin-l, path, geojson; url- markers are not supported)"),
        ("path-0(??)", "overlay 1 (path-0): stroke width '0' is not a number from 0.1 to 100"),
        ("path-2+f00-2(??)", "overlay 1 (path-2+f00-2): stroke opacity '2' is not a number from 0 to 1"),
        ("path(??)", "overlay 1 (path): a path needs at least 2 points, the polyline has 1"),
        ("path(_)", "overlay 1 (path): the polyline ends inside a latitude (at character 2)"),
        ("geojson({x})", "overlay 1 (geojson): not valid JSON: expected an object key (a string in double quotes), found 'x' (column 2)"),
        ("nothing", "overlay 1 ('nothing'): expected NAME(…) (pin-s(lon,lat), path(polyline), geojson({…}))"),
    ])
    func refusesWhatItCannotDraw(text: String, message: String) {
        #expect(throws: HTTPError(400, message)) { try MapboxOverlay.parseList(text) }
    }
}
