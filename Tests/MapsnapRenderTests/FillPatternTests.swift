import Foundation
import Testing
@testable import MapsnapRender
import MapsnapFormats
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// `fill-pattern` read per feature (MapLibre's cross-faded data-driven property): each polygon is
/// filled with its own icon, and one whose icon the sprite lacks is left unfilled with a warning.
@Suite struct FillPatternTests {
    /// Two squares side by side (west "a", east "b"), filled by `pattern` over a white background,
    /// with a sprite whose only icon, "red", is opaque red.
    func render(pattern: String) throws -> (RasterImage, [String]) {
        let square = { (west: Double, kind: String) in
            #"{"type": "Feature", "properties": {"kind": "\#(kind)"}, "geometry": {"type": "Polygon", "coordinates": [[[\#(west), -0.01], [\#(west + 0.02), -0.01], [\#(west + 0.02), 0.01], [\#(west), 0.01], [\#(west), -0.01]]]}}"#
        }
        let style = try StyleDocument.parse(Data(#"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [\#(square(-0.025, "a")), \#(square(0.005, "b"))]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "white"}},
                        {"id": "f", "type": "fill", "source": "g", "paint": {"fill-pattern": \#(pattern)}}]}
            """#.utf8), baseURL: nil, fileName: "test.json")
        guard case .geojson(let definition)? = style.sources["g"] else { throw CocoaError(.featureUnsupported) }
        let sprite = try SpriteFixture.sheet(name: "red", size: 8) { _, _ in 0xffff_0000 }
        let renderer = MapRenderer(style: style, sources: ["g": try GeoJSONVectorSource(definition: definition)], sprites: [sprite])
        let warnings = WarningLog()
        let image = try renderer.render(Camera(center: LatLon(0, 0), zoom: 10, size: ImageSize(width: 128, height: 64)), warnings: warnings)
        return (image, warnings.messages)
    }

    func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 200 && p.g < 60 && p.b < 60 }
    func isWhite(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 240 && p.g > 240 && p.b > 240 }

    @Test func eachFeatureTakesItsOwnPattern() throws {
        let (image, warnings) = try render(pattern: #"["case", ["==", ["get", "kind"], "a"], "red", "none"]"#)
        #expect(isRed(image.rgba(x: 45, y: 32)), "the west square's pattern is red")
        #expect(isWhite(image.rgba(x: 83, y: 32)), "the east square's icon is missing: left unfilled")
        #expect(warnings == ["layer 'f': fill-pattern 'none' is not in the style's sprite; its features are not filled"])
    }

    @Test func aConstantPatternFillsEveryFeature() throws {
        let (image, warnings) = try render(pattern: #""red""#)
        #expect(isRed(image.rgba(x: 45, y: 32)) && isRed(image.rgba(x: 83, y: 32)))
        #expect(isWhite(image.rgba(x: 64, y: 32)), "between the squares")
        #expect(warnings.isEmpty)
    }
}
