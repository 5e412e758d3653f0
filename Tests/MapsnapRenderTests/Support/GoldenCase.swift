import Foundation
import MapsnapFormats
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

    /// A case is a batch-manifest item (the request's fields, paths relative to the repository)
    /// plus what only the test reads.
    struct Spec {
        var request: MapRequest
        /// One of the public OpenMapTiles styles in ../shared/styles-upstream/<name>, unmodified,
        /// over data/monaco.mbtiles with its own sprite (the case is skipped without ../shared).
        var upstream: String?
        /// A report caption band under the map: [title, caption, detail].
        var caption: [String]?
        /// Allowed fraction of differing pixels, and the per-channel difference that counts.
        var allowedDifferentFraction: Double?
        var channelTolerance: Int?
    }

    static let testKeys: Set<String> = ["upstream", "caption", "allowedDifferentFraction", "channelTolerance"]

    func spec() throws -> Spec {
        guard case .object(let o) = try JSONValue.parse(try Data(contentsOf: folder.appendingPathComponent("case.json"))) else {
            throw RequestError("case", "\(self): case.json is not an object")
        }
        var fields = o.filter { !Self.testKeys.contains($0.key) }
        let upstream = o["upstream"]?.stringValue
        if let name = upstream, let style = Self.upstreamStyleFolder(name) {
            fields += [(key: "style", value: .string(style.appendingPathComponent("style.json").path)),
                       (key: "sources", value: .object(JSONObject([(key: "openmaptiles", value: .string("data/monaco.mbtiles"))]))),
                       (key: "sprite", value: .string(style.appendingPathComponent("sprite").path))]
        }
        var request = upstream != nil && Self.upstreamStyleFolder(upstream!) == nil
            ? MapRequest() : try MapRequest(fields: JSONObject(fields), relativeTo: Self.repositoryRoot.path)
        if !fields.contains(where: { $0.key == "attribution" }) { request.decorations.attribution = true }
        return Spec(request: request, upstream: upstream, caption: o["caption"]?.arrayValue?.compactMap(\.stringValue),
                    allowedDifferentFraction: o["allowedDifferentFraction"]?.numberValue,
                    channelTolerance: o["channelTolerance"]?.integerValue)
    }

    /// The folder of an upstream style, or nil when ../shared is not beside the repository.
    static func upstreamStyleFolder(_ name: String) -> URL? {
        let folder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/styles-upstream/\(name)")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("style.json").path) ? folder : nil
    }
}
