import Foundation
import MapsnapGeo
import MapsnapOverlays
import MapsnapRender
import Testing
@testable import MapsnapKit

struct SnapshotterTests {
    @Test func builtInStylesAreFound() {
        #expect(ResourceLocator.builtInStyles == ["bright", "dark", "light"])
    }

    /// The built-in styles read the whole embedded data folder: every region at once.
    @Test func defaultStyleOpensEveryEmbeddedRegion() throws {
        let s = try Snapshotter(StyleSelection())
        #expect(s.coverage.regions.map(\.name) == ["andorra", "helsinki", "monaco"])
        let monaco = try #require(s.coverage.regions.last?.bounds)
        #expect(abs(monaco.west - 7.349) < 1e-9 && abs(monaco.north - 43.77) < 1e-9)
        // The style's center (the harbour) wins over the data's.
        #expect(s.defaultCenter == LatLon(43.736, 7.426))
        #expect(s.renderer.sprites.count == 2)
    }

    @Test func helsinkiIsDrawnFromTheDefaults() throws {
        let s = try Snapshotter(StyleSelection())
        var r = MapRequest()
        r.center = LatLon(60.1705, 24.9440)
        r.size = ImageSize(width: 128, height: 128)
        let log = WarningLog()
        let image = try s.snapshot(r, warnings: log).image
        #expect(log.messages.isEmpty)
        // Not just the background: the image holds many colours.
        var colours = Set<UInt32>()
        for y in stride(from: 0, to: 128, by: 4) {
            for x in stride(from: 0, to: 128, by: 4) {
                let p = image.rgba(x: x, y: y)
                colours.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
            }
        }
        #expect(colours.count > 8)
    }

    @Test func cameraFollowsTheRequest() throws {
        let s = try Snapshotter(StyleSelection())
        var r = MapRequest()
        r.center = LatLon(43.74, 7.42)
        r.zoom = 14.5
        r.pixelRatio = 2
        r.bearing = 30
        let c = try s.camera(for: r, overlays: [])
        #expect(c.zoom == 14.5 && c.pixelRatio == 2 && c.bearing == 30 && c.center == LatLon(43.74, 7.42))
        r.zoom = nil
        r.meters = 800
        #expect(abs(try s.camera(for: r, overlays: []).metersAcrossShorterSide - 800) < 1e-6)
    }

    /// `point(for:)` and `coordinate(at:)` are each other's inverse and agree with the camera.
    @Test func pointsAndCoordinatesOfASnapshot() throws {
        let s = try Snapshotter(StyleSelection())
        var r = MapRequest()
        r.center = LatLon(43.736, 7.426)
        r.zoom = 15
        r.size = ImageSize(width: 200, height: 100)
        r.bearing = 40
        r.decorations.attribution = false
        let snap = try s.snapshot(r)
        let middle = snap.point(for: LatLon(43.736, 7.426))
        #expect(abs(middle.x - 100) < 1e-9 && abs(middle.y - 50) < 1e-9)
        let c = LatLon(43.737, 7.428)
        let back = snap.coordinate(at: snap.point(for: c))
        #expect(abs(back.latitude - c.latitude) < 1e-9 && abs(back.longitude - c.longitude) < 1e-9)
        // North of the center lies up and to the right when the map is turned 40° (heading up).
        let north = snap.point(for: LatLon(43.738, 7.426))
        #expect(north.y < 50 && north.x < 100)
    }

    @Test func pointsAcrossTheAntimeridian() {
        let camera = Camera(center: LatLon(0, 179.99), zoom: 10, size: ImageSize(width: 256, height: 256))
        let snap = Snapshot(image: try! RasterImage(pixelWidth: 1, pixelHeight: 1), camera: camera, encoding: .png(.fast))
        let east = snap.point(for: LatLon(0, -179.99))
        #expect(east.x > 128 && east.x < 256, "the point just across ±180 is right of the center, got \(east.x)")
        #expect(abs(snap.coordinate(at: east).longitude - -179.99) < 1e-9)
    }

    @Test func snapshotHasThePixelSizeAndTheAttribution() throws {
        let s = try Snapshotter(StyleSelection())
        var r = MapRequest()
        r.size = ImageSize(width: 300, height: 200)
        r.pixelRatio = 2
        let image = try s.snapshot(r).image
        #expect(image.pixelWidth == 600 && image.pixelHeight == 400)
        // The credit's band is light and sits in the bottom-right corner.
        let corner = image.rgba(x: 590, y: 395)
        #expect(corner.r > 200 && corner.g > 200 && corner.b > 200)
        r.decorations.attribution = false
        let bare = try s.snapshot(r).image
        var differing = 0
        for y in 370..<400 { for x in 300..<600 where bare.rgba(x: x, y: y) != image.rgba(x: x, y: y) { differing += 1 } }
        #expect(differing > 500, "the credit is drawn only when asked for")
    }

    @Test func rotatedTilesMeetWithoutASeam() throws {
        // At bearing 30 a tile edge crosses the open water of the harbour along this row; with
        // anti-aliased tile clips it showed as a faint light line.
        let s = try Snapshotter(StyleSelection())
        var r = MapRequest()
        r.size = ImageSize(width: 800, height: 600)
        r.bearing = 30
        let image = try s.snapshot(r).image
        let water = image.rgba(x: 440, y: 300)
        for x in 440..<540 { #expect(image.rgba(x: x, y: 300) == water, "pixel \(x),300") }
    }

    /// A view that shows none of the data is an error naming the regions, not a blank map.
    @Test func viewOutsideTheDataIsAnErrorNamingTheRegions() throws {
        let s = try Snapshotter(StyleSelection())
        var r = MapRequest()
        r.center = LatLon(0, 0)
        r.size = ImageSize(width: 64, height: 64)
        #expect { try s.snapshot(r) } throws: { error in
            guard case SnapshotError.outsideData(let message) = error else { return false }
            return message == "the view around 0,0 (lat,lon) is outside the data, which covers andorra (1.422104,42.43509,1.780386,42.65717), helsinki (24.935176,60.164155,24.953415,60.179113), monaco (7.349,43.71,7.491,43.77) (W,S,E,N): the map would be background only"
        }
        // Latitude and longitude swapped: said so.
        r.center = LatLon(7.426, 43.736)
        #expect { try s.snapshot(r) } throws: { error in
            "\(error)".hasSuffix("; latitude and longitude look swapped: 43.736,7.426 lies in monaco")
        }
        // A style with no data (a background alone) draws anywhere, overlays and all.
        let plain = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-plain-\(getpid()).json")
        try ##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#eee"}}]}"##
            .write(to: plain, atomically: true, encoding: .utf8)
        r.center = LatLon(0, 0)
        r.overlays.markers = [Marker(coordinate: LatLon(0, 0))]
        #expect(try Snapshotter(StyleSelection(style: .file(plain.path))).snapshot(r).image.pixelWidth == 64)
    }

    @Test func remoteSpriteIsAClearError() {
        do { _ = try SpriteLoader.load(override: nil, styleSprite: "https://example.invalid/sprite", styleFolder: URL(fileURLWithPath: "/")) } catch {
            #expect(error.description == "style: sprite https://example.invalid/sprite cannot be read offline; point the style's \"sprite\" to local files or give sprite")
            return
        }
        Issue.record("expected an error")
    }

    @Test func unknownStyleListsTheBuiltInOnes() {
        do { _ = try Snapshotter(StyleSelection(style: .named("sepia"))) } catch {
            #expect(error.description == "style: unknown style 'sepia' (built-in styles: bright, dark, light; or give a path to a style JSON file)")
            return
        }
        Issue.record("expected an error")
    }

    @Test func missingArchiveNamesTheFieldItCameFrom() {
        do { _ = try Snapshotter(StyleSelection(tiles: ["data/monaco.mbtiles", "nowhere.mbtiles"])) } catch {
            #expect(error.field.description == "tiles[1]")
            #expect(error.description == "tiles[1]: nowhere.mbtiles: no such file")
            return
        }
        Issue.record("expected an error")
    }
}

/// Styles with data of their own, or none at all.
struct StyleDataTests {
    static func style(_ json: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-style-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("style.json")
        try Data(json.utf8).write(to: file)
        return file.path
    }

    @Test func inlineGeoJSONSourceIsDrawn() throws {
        let path = try Self.style("""
        {"version": 8, "sources": {"zones": {"type": "geojson", "data": {"type": "Feature", "properties": {},
          "geometry": {"type": "Polygon", "coordinates": [[[7.420, 43.733], [7.430, 43.733], [7.430, 43.739], [7.420, 43.739], [7.420, 43.733]]]}}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "zone", "type": "fill", "source": "zones", "paint": {"fill-color": "#ff0000"}}]}
        """)
        let s = try Snapshotter(StyleSelection(style: .file(path)))
        var r = MapRequest()
        r.center = LatLon(43.736, 7.425)
        r.zoom = 14
        r.size = ImageSize(width: 200, height: 200)
        r.decorations.attribution = false
        let image = try s.snapshot(r).image
        let inside = image.rgba(x: 100, y: 100), outside = image.rgba(x: 2, y: 2)
        #expect(inside.r == 255 && inside.g == 0 && inside.b == 0)
        #expect(outside.r == 255 && outside.g == 255 && outside.b == 255)
    }

    /// Broken features of a GeoJSON source are skipped, as MapLibre skips them, and said once per
    /// source: before, the reader listed them and nothing showed them. The front ends hear them
    /// after the style's issues.
    @Test func brokenGeoJSONFeaturesAreSkippedWithAWarning() throws {
        let bad = #"{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": ["a", 0]}}"#
        let good = #"{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [7.425, 43.736]}}"#
        func source(_ features: [String]) -> String { #"{"type": "geojson", "data": {"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}}"# }
        let path = try Self.style("""
        {"version": 8, "sources": {"one": \(source([bad, good])), "many": \(source([good, bad, bad]))},
         "layers": [{"id": "dots", "type": "circle", "source": "one", "paint": {"circle-colour": "red"}}]}
        """)
        let s = try Snapshotter(StyleSelection(style: .file(path)))
        let problem = #"geometry.coordinates: must be a position [lon, lat], got ["a", 0]"#
        #expect(s.dataWarnings == ["source 'many': 2 features are skipped (the first: features[1].\(problem))",
                                   "source 'one': features[0].\(problem); the feature is skipped"])
        let log = WarningLog()
        s.reportLoadWarnings(to: log)
        #expect(s.style.warnings.count == 1 && log.messages == s.style.warnings.map { "--style: \($0)" } + s.dataWarnings, "\(log.messages)")
    }

    /// MapLibre accepts `"sources": {}` with a background only: a geofence on plain white.
    @Test func styleWithoutSourcesDrawsOverlaysOnItsBackground() throws {
        let path = try Self.style(##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}}]}"##)
        let s = try Snapshotter(StyleSelection(style: .file(path)))
        #expect(s.coverage.regions.isEmpty)
        var r = MapRequest()
        r.overlays.circles = [GeoCircle(center: LatLon(43.73, 7.42), radiusMeters: 150)]
        r.size = ImageSize(width: 200, height: 200)
        let log = WarningLog()
        let snap = try s.snapshot(r, warnings: log)
        #expect(log.messages.isEmpty)
        let center = snap.image.rgba(x: 100, y: 100)
        #expect(center.b > center.r, "the circle's blue fill is drawn over the white")
        #expect(snap.image.rgba(x: 2, y: 2).r == 255)
    }
}
