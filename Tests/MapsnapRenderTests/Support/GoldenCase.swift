import Foundation
import MapsnapKit

/// One golden-image case: a folder `Cases/<group>/<case>/` with `case.json` (the snapshot
/// options and the allowed difference) and `expected.png`.
struct GoldenCase: CustomStringConvertible, Sendable {
    let folder: URL
    var description: String { folder.deletingLastPathComponent().lastPathComponent + "/" + folder.lastPathComponent }

    static var casesRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Cases")
    }
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    static func all() -> [GoldenCase] {
        let fm = FileManager.default
        guard let groups = try? fm.contentsOfDirectory(atPath: casesRoot.path) else { return [] }
        var out: [GoldenCase] = []
        for g in groups.sorted() {
            let groupURL = casesRoot.appendingPathComponent(g)
            for c in ((try? fm.contentsOfDirectory(atPath: groupURL.path)) ?? []).sorted() {
                let folder = groupURL.appendingPathComponent(c)
                if fm.fileExists(atPath: folder.appendingPathComponent("case.json").path) {
                    out.append(GoldenCase(folder: folder))
                }
            }
        }
        return out
    }

    struct Spec: Decodable {
        var center: [Double]?          // [lat, lon]
        var meters: Double?
        var zoom: Double?
        var size: [Int]?               // [w, h]
        var scale: Double?
        var bearing: Double?
        var style: String?             // built-in name or a path relative to the repository
        /// One of the public OpenMapTiles styles in ../shared/styles-upstream/<name>, unmodified,
        /// over data/monaco.mbtiles with its own sprite (the case is skipped without ../shared).
        var upstream: String?
        var tiles: [String]?           // relative to the repository
        var attribution: Bool?
        /// Allowed fraction of differing pixels, and the per-channel difference that counts.
        var fit: Bool?
        var padding: Double?
        var user: [Double]?            // [lat, lon, accuracy m, heading°?]
        var overlays: [String]?        // GeoJSON files, relative to the repository
        var tracks: [String]?          // GPX/CSV/GeoJSON tracks, relative to the repository
        var scaleBar: String?
        var caption: [String]?         // report caption band: [title, caption, detail]
        var allowedDifferentFraction: Double?
        var channelTolerance: Int?
    }

    func spec() throws -> Spec {
        try JSONDecoder().decode(Spec.self, from: Data(contentsOf: folder.appendingPathComponent("case.json")))
    }

    /// The folder of an upstream style, or nil when ../shared is not beside the repository.
    static func upstreamStyleFolder(_ name: String) -> URL? {
        let folder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/styles-upstream/\(name)")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("style.json").path) ? folder : nil
    }

    func options(_ s: Spec) throws -> SnapshotOptions {
        var o = SnapshotOptions()
        if let name = s.upstream, let folder = Self.upstreamStyleFolder(name) {
            o.style = .file(folder.appendingPathComponent("style.json").path)
            o.sources = ["openmaptiles": Self.repositoryRoot.appendingPathComponent("data/monaco.mbtiles").path]
            o.sprite = folder.appendingPathComponent("sprite").path
        }
        if let c = s.center { o.center = LatLon(c[0], c[1]) }
        if let m = s.meters { o.framing = .meters(m) }
        if let z = s.zoom { o.framing = .zoom(z) }
        if let size = s.size { o.size = ImageSize(width: size[0], height: size[1]) }
        o.scale = s.scale ?? 1
        o.bearing = s.bearing ?? 0
        if let style = s.style {
            o.style = style.hasSuffix(".json") ? .file(Self.repositoryRoot.appendingPathComponent(style).path) : .named(style)
        }
        o.tiles = (s.tiles ?? []).map { Self.repositoryRoot.appendingPathComponent($0).path }
        o.attribution = s.attribution ?? true
        if let u = s.user {
            o.overlays.append(.userLocation(UserLocation(coordinate: LatLon(u[0], u[1]), accuracyMeters: u[2],
                                                         headingDegrees: u.count > 3 ? u[3] : nil)))
        }
        for file in s.overlays ?? [] {
            let url = Self.repositoryRoot.appendingPathComponent(file)
            o.overlays += try GeoJSONOverlayReader.read(try Data(contentsOf: url), fileName: file)
        }
        for file in s.tracks ?? [] {
            o.overlays += try TrackFile.load(path: Self.repositoryRoot.appendingPathComponent(file).path, filter: FixFilter(),
                                             style: Track(segments: []), startEndMarkers: true).overlays
        }
        if s.fit == true { o.framing = .fit(padding: s.padding ?? 40, fallbackMeters: s.meters ?? 800) }
        o.scaleBar = s.scaleBar.flatMap(ScaleBarUnits.init(rawValue:))
        return o
    }
}
