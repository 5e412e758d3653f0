import Foundation
import Testing
@testable import MapsnapRender
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// MapLibre places `line` and `line-center` symbols on lines of two points or more
/// (symbol_layout.ts clips each line, and "lines with only one point are ignored"): a point
/// feature under line placement gets no symbol, under point placement it does.
@Suite struct LinePlacementOfPointsTests {
    func darkPixels(placement: String) throws -> Int {
        let style = try StyleDocument.parse(Data(#"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "white"}},
                        {"id": "s", "type": "symbol", "source": "g",
                         "layout": {"text-field": "Label", "symbol-placement": "\#(placement)", "text-allow-overlap": true},
                         "paint": {"text-color": "black"}}]}
            """#.utf8), baseURL: nil, fileName: "test.json")
        guard case .geojson(let definition)? = style.sources["g"] else { throw CocoaError(.featureUnsupported) }
        let renderer = MapRenderer(style: style, sources: ["g": try GeoJSONVectorSource(definition: definition)], sprites: [])
        let image = try renderer.render(Camera(center: LatLon(0, 0), zoom: 10, size: ImageSize(width: 128, height: 64)))
        var dark = 0
        for y in 0..<64 { for x in 0..<128 where image.rgba(x: x, y: y).r < 128 { dark += 1 } }
        return dark
    }

    @Test func aPointUnderLinePlacementHasNoSymbol() throws {
        #expect(try darkPixels(placement: "point") > 20, "the control: a point-placed label is drawn")
        #expect(try darkPixels(placement: "line") == 0)
        #expect(try darkPixels(placement: "line-center") == 0)
    }
}
