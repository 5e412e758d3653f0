import Foundation
import MapsnapGeo
import MapsnapRender
import Testing
@testable import MapsnapKit

/// Style properties drawn on a plain background with a GeoJSON point at the view's centre.
@Suite struct SymbolAndCircleStyleTests {
    static let sprite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("styles/sprite/mapsnap").path

    func render(layer: String) throws -> RasterImage {
        let style = """
        {"version": 8, "sprite": "\(Self.sprite)", "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [7.4245, 43.7350]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}}, \(layer)]}
        """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-style-\(UUID().uuidString).json")
        try Data(style.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var o = MapRequest()
        o.style.style = .file(url.path)
        o.center = LatLon(43.7350, 7.4245)
        o.zoom = 15
        o.size = ImageSize(width: 100, height: 100)
        o.decorations.attribution = false
        return try Snapshotter(o.style).snapshot(o).image
    }

    @Test func circleBlurFadesTheOuterPartOfTheDisc() throws {
        let sharp = try render(layer: #"{"id": "c", "type": "circle", "source": "p", "paint": {"circle-radius": 20, "circle-color": "red"}}"#)
        let blurred = try render(layer: #"{"id": "c", "type": "circle", "source": "p", "paint": {"circle-radius": 20, "circle-color": "red", "circle-blur": 0.5}}"#)
        // The centre stays red; 16 pt out (inside the sharp disc) the blurred one is mostly white.
        #expect(blurred.rgba(x: 50, y: 50).g < 10)
        #expect(sharp.rgba(x: 66, y: 50).g < 10)
        #expect(blurred.rgba(x: 66, y: 50).g > 128)
    }

    @Test func iconAnchorAndTranslatePlaceTheIcon() throws {
        // The 9 pt dot centred on the point, then hanging above it, then moved 20 pt right.
        let centred = try render(layer: #"{"id": "i", "type": "symbol", "source": "p", "layout": {"icon-image": "poi-dot-dark"}}"#)
        let above = try render(layer: #"{"id": "i", "type": "symbol", "source": "p", "layout": {"icon-image": "poi-dot-dark", "icon-anchor": "bottom"}}"#)
        let moved = try render(layer: #"{"id": "i", "type": "symbol", "source": "p", "layout": {"icon-image": "poi-dot-dark"}, "paint": {"icon-translate": [20, 0]}}"#)
        #expect(centred.rgba(x: 50, y: 50).r < 250)
        #expect(above.rgba(x: 50, y: 46).r < 250)
        #expect(above.rgba(x: 50, y: 52).r == 255)
        #expect(moved.rgba(x: 50, y: 50).r == 255)
        #expect(moved.rgba(x: 70, y: 50).r < 250)
    }
}
