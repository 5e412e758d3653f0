import Foundation
import MapsnapGeo
import MapsnapOverlays
import MapsnapRender
import Testing
import MapsnapTestSupport
@testable import MapsnapKit

/// Every style we ship or share, at fractional zooms, bearings and pitches, draws everything the
/// user asked for: a marker and its title, the user's location, a geofence, the scale bar and the
/// attribution. Each is looked for where `Snapshot.point(for:)` says it is, as the pixels that
/// change when it is added to the same map. (A fill-pattern layer once left Cairo in an error
/// state at any fractional zoom, and everything drawn after it was silently dropped.)
@Suite struct EveryStyleDrawsOverlaysTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
    /// The extract that also carries plain `name` (OpenFreeMap's styles read it), as the oracle draws.
    static let monaco = shared.appendingPathComponent("data/mbtiles-named/monaco.mbtiles").path

    struct StyleCase: CustomTestStringConvertible, Sendable {
        let name: String
        let selection: StyleSelection
        /// Why this machine cannot draw it (its files are not there), or nil.
        var unavailable: String? = nil
        var testDescription: String { name }
    }

    /// The built-in styles, and the upstream ones of `../shared/styles-upstream` over Monaco.
    static let styles: [StyleCase] = {
        var cases = ["light", "dark", "bright"].map { StyleCase(name: $0, selection: StyleSelection(style: .named($0))) }
        let upstream = shared.appendingPathComponent("styles-upstream")
        let noData = FileManager.default.fileExists(atPath: monaco) ? nil : "no \(monaco) (../shared/data)"
        for name in ["positron", "osm-bright", "dark-matter", "maptiler-basic"] {
            let folder = upstream.appendingPathComponent(name)
            let style = folder.appendingPathComponent("style.json").path
            cases.append(StyleCase(name: name, selection: StyleSelection(
                style: .file(style), tiles: [monaco], sprite: folder.appendingPathComponent("sprite").path),
                unavailable: noData ?? (FileManager.default.fileExists(atPath: style) ? nil : "no \(style)")))
        }
        let openfreemap = upstream.appendingPathComponent("openfreemap")
        for name in ["bright", "dark", "fiord", "liberty", "positron"] {
            let original = openfreemap.appendingPathComponent(name + "/style.json")
            var style = original, unavailable = noData
            do { style = try offline(original, keeping: "openmaptiles") } catch { unavailable = unavailable ?? "\(error)" }
            cases.append(StyleCase(name: "openfreemap/" + name, selection: StyleSelection(
                style: .file(style.path), sources: ["openmaptiles": monaco], sprite: openfreemap.appendingPathComponent("sprites/ofm").path),
                unavailable: unavailable))
        }
        return cases
    }()

    struct Unreadable: Error, CustomStringConvertible { let description: String }

    /// A copy of a style without the sources other than `source` and the layers that read them,
    /// as the oracle draws it (OpenFreeMap's styles add a remote shaded-relief raster, `ne2_shaded`).
    static func offline(_ file: URL, keeping source: String) throws -> URL {
        guard let data = FileManager.default.contents(atPath: file.path) else { throw Unreadable(description: "no \(file.path)") }
        guard var style = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let sources = style["sources"] as? [String: Any], let layers = style["layers"] as? [[String: Any]] else {
            throw Unreadable(description: "\(file.path) is not a style with sources and layers")
        }
        style["sources"] = sources.filter { $0.key == source }
        style["layers"] = layers.filter { ($0["source"] as? String).map { $0 == source } ?? true }
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("mapsnap-offline-\(file.deletingLastPathComponent().lastPathComponent)-\(getpid()).json")
        try JSONSerialization.data(withJSONObject: style).write(to: copy)
        return copy
    }

    struct View: Sendable { let zoom: Double, bearing: Double, pitch: Double }
    static let views = [View(zoom: 16.5, bearing: 0, pitch: 0), View(zoom: 15.3, bearing: 37, pitch: 0),
                        View(zoom: 16.7, bearing: 0, pitch: 45), View(zoom: 14.2, bearing: 200, pitch: 30)]

    static let center = LatLon(43.7360, 7.4260)
    static let markerAt = LatLon(43.7364, 7.4264)
    static let userAt = LatLon(43.7357, 7.4254)
    static let fence = GeoCircle(center: LatLon(43.7356, 7.4268), radiusMeters: 40)

    @Test(arguments: styles)
    func everythingAskedForIsDrawn(_ style: StyleCase) throws {
        if let why = style.unavailable { try TestEnvironment.skip("\(style.name): \(why)") }
        let snapshotter = try Snapshotter(style.selection)
        for view in Self.views {
            var bare = MapRequest()
            bare.center = Self.center
            bare.zoom = view.zoom
            bare.bearing = view.bearing
            bare.pitch = view.pitch
            bare.size = ImageSize(width: 480, height: 360)
            bare.decorations.attribution = false
            bare.decorations.compass = .off
            var full = bare
            full.overlays.markers = [Marker(coordinate: Self.markerAt, color: Color(r255: 230, g255: 20, b255: 20), title: "Here")]
            full.overlays.userLocation = UserLocation(coordinate: Self.userAt)
            full.overlays.circles = [Self.fence]
            full.decorations.attribution = true
            full.decorations.scaleBar = .metric
            let without = try snapshotter.snapshot(bare).image
            let with = try snapshotter.snapshot(full)
            let label = "\(style.name) at zoom \(view.zoom), bearing \(view.bearing), pitch \(view.pitch)"

            func changed(_ box: Rect) -> Int {
                var count = 0
                let x0 = max(Int(box.minX), 0), x1 = min(Int(box.maxX.rounded(.up)), with.image.pixelWidth)
                let y0 = max(Int(box.minY), 0), y1 = min(Int(box.maxY.rounded(.up)), with.image.pixelHeight)
                guard x0 < x1, y0 < y1 else { return 0 }
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let a = with.image.rgba(x: x, y: y), b = without.rgba(x: x, y: y)
                        let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                        if d > 24 { count += 1 }
                    }
                }
                return count
            }
            func around(_ p: Point, _ dx: Double, _ above: Double, _ below: Double) -> Rect {
                Rect(minX: p.x - dx, minY: p.y - above, maxX: p.x + dx, maxY: p.y + below)
            }
            let tip = with.point(for: Self.markerAt)
            #expect(changed(around(tip, 6, 28, 0)) > 40, "marker balloon missing: \(label)")
            #expect(changed(around(tip, 16, -2, 20)) > 15, "marker title missing: \(label)")
            #expect(changed(around(with.point(for: Self.userAt), 5, 5, 5)) > 30, "user location missing: \(label)")
            // The geofence's outline, where its ring crosses eight headings (those inside the image).
            let ring = stride(from: 0.0, to: 360, by: 45).map {
                with.point(for: Geodesy.destination(from: Self.fence.center, degreesClockwiseFromNorth: $0, meters: Self.fence.radiusMeters))
            }.filter { $0.x > 3 && $0.y > 3 && $0.x < Double(bare.size.width) - 3 && $0.y < Double(bare.size.height) - 3 }
            #expect(ring.count >= 4, "geofence out of view: \(label)")
            #expect(ring.filter { changed(around($0, 2, 2, 2)) == 0 }.isEmpty, "geofence outline missing: \(label)")
            let h = Double(with.image.pixelHeight), w = Double(with.image.pixelWidth)
            #expect(changed(Rect(minX: 0, minY: h - 40, maxX: 140, maxY: h)) > 30, "scale bar missing: \(label)")
            #expect(changed(Rect(minX: w - 260, minY: h - 18, maxX: w, maxY: h)) > 30, "attribution missing: \(label)")
        }
    }
}
