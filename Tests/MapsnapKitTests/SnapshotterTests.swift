import Foundation
import Testing
@testable import MapsnapKit

struct SnapshotterTests {
    @Test func builtInStylesAreFound() {
        #expect(ResourceLocator.builtInStyles == ["bright", "dark", "light"])
    }

    @Test func defaultStyleOpensTheEmbeddedMonacoData() throws {
        let s = try Snapshotter(style: .defaultStyle)
        let bounds = try #require(s.dataBounds)
        #expect(abs(bounds.west - 7.349) < 1e-9 && abs(bounds.north - 43.77) < 1e-9)
        // The style's center (the harbour) wins over the data's.
        #expect(s.defaultCenter == LatLon(43.736, 7.426))
        #expect(s.sprites.count == 2)
    }

    @Test func cameraFollowsTheOptions() throws {
        let s = try Snapshotter(style: .defaultStyle)
        var o = SnapshotOptions()
        o.center = LatLon(43.74, 7.42)
        o.framing = .zoom(14.5)
        o.scale = 2
        o.bearing = 30
        let c = s.camera(for: o)
        #expect(c.zoom == 14.5 && c.pixelRatio == 2 && c.bearing == 30 && c.center == LatLon(43.74, 7.42))
        o.framing = .meters(800)
        #expect(abs(s.camera(for: o).metersAcrossShorterSide - 800) < 1e-6)
    }

    @Test func snapshotHasThePixelSizeAndTheAttribution() throws {
        let s = try Snapshotter(style: .defaultStyle)
        var o = SnapshotOptions()
        o.size = ImageSize(width: 300, height: 200)
        o.scale = 2
        let image = try s.snapshot(o).image
        #expect(image.pixelWidth == 600 && image.pixelHeight == 400)
        // The credit's band is light and sits in the bottom-right corner.
        let corner = image.rgba(x: 590, y: 395)
        #expect(corner.r > 200 && corner.g > 200 && corner.b > 200)
        o.attribution = false
        let bare = try s.snapshot(o).image
        var differing = 0
        for y in 370..<400 { for x in 300..<600 where bare.rgba(x: x, y: y) != image.rgba(x: x, y: y) { differing += 1 } }
        #expect(differing > 500, "the credit is drawn only when asked for")
    }

    @Test func rotatedTilesMeetWithoutASeam() throws {
        // At bearing 30 a tile edge crosses the open water of the harbour along this row; with
        // anti-aliased tile clips it showed as a faint light line.
        let s = try Snapshotter(style: .defaultStyle)
        var o = SnapshotOptions()
        o.size = ImageSize(width: 800, height: 600)
        o.bearing = 30
        let image = try s.snapshot(o).image
        let water = image.rgba(x: 440, y: 300)
        for x in 440..<540 { #expect(image.rgba(x: x, y: 300) == water, "pixel \(x),300") }
    }

    @Test func viewOutsideTheDataWarnsOnce() throws {
        let s = try Snapshotter(style: .defaultStyle)
        var o = SnapshotOptions()
        o.center = LatLon(0, 0)
        o.size = ImageSize(width: 64, height: 64)
        let log = WarningLog()
        _ = try s.snapshot(o, warnings: log)
        #expect(log.messages == ["the view around 0,0 is outside the data, which covers 7.349,43.71,7.491,43.77 (W,S,E,N); only the background is drawn"])
    }

    @Test func remoteSpriteIsAClearError() {
        #expect(throws: SnapshotError.self) {
            try Snapshotter.loadSprites("https://example.invalid/sprite", styleFolder: URL(fileURLWithPath: "/"))
        }
        do { _ = try Snapshotter.loadSprites("https://example.invalid/sprite", styleFolder: URL(fileURLWithPath: "/")) } catch {
            #expect(error.description == "--style: sprite https://example.invalid/sprite cannot be read offline; point the style's \"sprite\" to local files")
        }
    }

    @Test func unknownStyleListsTheBuiltInOnes() {
        do { _ = try Snapshotter(style: .named("sepia")) } catch {
            #expect(error.description == "--style: unknown style 'sepia' (built-in styles: bright, dark, light; or give a path to a style JSON file)")
            return
        }
        Issue.record("expected an error")
    }
}

/// A style may draw its own GeoJSON data (inline here) next to or instead of vector tiles.
struct GeoJSONStyleSourceTests {
    @Test func inlineGeoJSONSourceIsDrawn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-geojson-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let style = dir.appendingPathComponent("zones.json")
        let json = """
        {"version": 8, "sources": {"zones": {"type": "geojson", "data": {"type": "Feature", "properties": {},
          "geometry": {"type": "Polygon", "coordinates": [[[7.420, 43.733], [7.430, 43.733], [7.430, 43.739], [7.420, 43.739], [7.420, 43.733]]]}}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "zone", "type": "fill", "source": "zones", "paint": {"fill-color": "#ff0000"}}]}
        """
        try Data(json.utf8).write(to: style)
        let s = try Snapshotter(style: .file(style.path))
        var o = SnapshotOptions()
        o.center = LatLon(43.736, 7.425)
        o.framing = .zoom(14)
        o.size = ImageSize(width: 200, height: 200)
        o.attribution = false
        let image = try s.snapshot(o).image
        let inside = image.rgba(x: 100, y: 100), outside = image.rgba(x: 2, y: 2)
        #expect(inside.r == 255 && inside.g == 0 && inside.b == 0)
        #expect(outside.r == 255 && outside.g == 255 && outside.b == 255)
    }
}
