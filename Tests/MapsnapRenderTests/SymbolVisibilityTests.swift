import Foundation
import MapsnapKit
import Testing
@testable import MapsnapRender
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// Which symbols are drawn: icons of transparent text, icons the image's edge cuts.
@Suite struct SymbolVisibilityTests {
    /// A sprite with one opaque red 16×16 icon, "box".
    func sprite() throws -> SpriteSheet { try SpriteFixture.sheet(name: "box", size: 16) { _, _ in 0xffff_0000 } }

    /// A 64×64 render of one point at `lon`, 0 with the "box" icon and `layout`/`paint` added.
    func render(lon: Double, layout: String = "", paint: String = "", wholeLabelsOnly: Bool = false) throws -> RasterImage {
        let style = try StyleDocument.parse(Data(#"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [\#(lon), 0]}}},
             "layers": [{"id": "s", "type": "symbol", "source": "g",
                         "layout": {"icon-image": "box", "text-field": "A"\#(layout)}, "paint": {"text-color": "blue"\#(paint)}}]}
            """#.utf8), baseURL: nil, fileName: "test.json")
        guard case .geojson(let definition)? = style.sources["g"] else { throw CocoaError(.featureUnsupported) }
        let renderer = MapRenderer(style: style, sources: ["g": try GeoJSONVectorSource(definition: definition)], sprites: [try sprite()])
        var options = MapRenderer.Options()
        options.wholeLabelsOnly = wholeLabelsOnly
        return try renderer.render(Camera(center: LatLon(0, 0), zoom: 10, size: ImageSize(width: 64, height: 64)), options: options)
    }

    func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 200 && p.g < 60 && p.b < 60 && p.a > 200 }

    @Test func transparentTextKeepsItsIcon() throws {
        let image = try render(lon: 0, layout: #", "icon-allow-overlap": true, "text-allow-overlap": true"#, paint: #", "text-opacity": 0"#)
        #expect(isRed(image.rgba(x: 32, y: 26)))
    }

    /// 31 px left of the centre: the 16-pixel icon reaches 7 px beyond the image's left edge.
    @Test func anIconTheEdgeCutsIsKeptInASnapshotNotInAMetatile() throws {
        let lon = -31.0 / (512 * 1024) * 360   // 31 points west at zoom 10 (a 512-px world at zoom 0)
        let snapshot = try render(lon: lon, layout: #", "text-optional": true"#)
        #expect(isRed(snapshot.rgba(x: 0, y: 32)))
        let metatile = try render(lon: lon, layout: #", "text-optional": true"#, wholeLabelsOnly: true)
        #expect(!isRed(metatile.rgba(x: 0, y: 32)))
    }
}
