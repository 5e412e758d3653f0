import Foundation
import MapsnapKit
import MapsnapFormats
import MapsnapStyle

/// One MapLibre render test: `tests/<category>/<name…>/style.json` and its `expected*.png`,
/// with the settings upstream's runner reads from the style's `metadata.test` (and its defaults).
public struct RenderTestCase: Sendable {
    /// The path under `tests/`, e.g. `line-dasharray/round/segments`.
    public let id: String
    public let directory: URL
    /// The style as written (operations are applied to a copy before parsing).
    public let style: StyleValue
    public let width: Int
    public let height: Int
    public let pixelRatio: Double
    /// The largest fraction of differing pixels that still passes.
    public let allowed: Double
    /// pixelmatch's colour threshold.
    public let threshold: Double
    /// Map API calls made after loading, in order (`["wait"]`, `["setPaintProperty", …]`).
    public let operations: [[StyleValue]]
    /// Map options: `crossSourceCollisions` (default true) and `collisionDebug` (draw the boxes).
    public let crossSourceCollisions: Bool
    public let collisionDebug: Bool
    /// `showPadding`: draw MapLibre's padding guides (`PaddingDebug`).
    public let showPadding: Bool
    /// The reference images (`expected.png`, `expected-1.png`, …): matching any one passes.
    public let expectedImages: [URL]

    /// The first path component: `line-dasharray` for `line-dasharray/round/segments`.
    public var category: String { String(id.split(separator: "/").first ?? "") }

    /// Whether the camera is pitched: by the style's `pitch` or a `setPitch` operation.
    public var isPitched: Bool {
        (style.objectValue?["pitch"]?.numberValue ?? 0) > 0
            || operations.contains { $0.first == .string("setPitch") && ($0.dropFirst().first?.numberValue ?? 0) > 0 }
    }

    /// Upstream's defaults for `metadata.test`.
    public static let defaultSize = 512
    public static let defaultAllowed = 0.00025
    public static let defaultThreshold = 0.1285

    public init(id: String, directory: URL) throws(ConformanceError) {
        let file = directory.appendingPathComponent("style.json")
        guard let data = FileManager.default.contents(atPath: file.path) else { throw .unreadable(file.path) }
        do { style = try StyleValue.parseJSON(data) } catch { throw .invalid(file.path, error.description) }
        let test = style.objectValue?["metadata"]?.objectValue?["test"]?.objectValue ?? [:]
        self.id = id
        self.directory = directory
        width = test["width"]?.numberValue.map { Int(saturating: $0) } ?? Self.defaultSize
        height = test["height"]?.numberValue.map { Int(saturating: $0) } ?? Self.defaultSize
        pixelRatio = test["pixelRatio"]?.numberValue ?? 1
        allowed = test["allowed"]?.numberValue ?? Self.defaultAllowed
        threshold = test["threshold"]?.numberValue ?? Self.defaultThreshold
        crossSourceCollisions = test["crossSourceCollisions"]?.boolValue ?? true
        collisionDebug = test["collisionDebug"]?.boolValue ?? false
        showPadding = test["showPadding"]?.boolValue ?? false
        operations = (test["operations"]?.arrayValue ?? []).map { $0.arrayValue ?? [$0] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        expectedImages = names.filter { $0.hasPrefix("expected") && $0.hasSuffix(".png") }.sorted()
            .map { directory.appendingPathComponent($0) }
        guard !expectedImages.isEmpty else { throw .invalid(directory.path, "no expected*.png") }
    }

    /// Every test under `tests` (a folder holding a `style.json`), sorted by id.
    public static func discover(in tests: URL) throws(ConformanceError) -> [RenderTestCase] {
        guard let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else {
            throw .unreadable(tests.path)
        }
        let root = tests.standardizedFileURL.path
        var out: [RenderTestCase] = []
        for case let url as URL in walker where url.lastPathComponent == "style.json" {
            let folder = url.deletingLastPathComponent().standardizedFileURL
            let id = String(folder.path.dropFirst(root.count).drop { $0 == "/" })
            out.append(try RenderTestCase(id: id, directory: folder))
        }
        return out.sorted { $0.id < $1.id }
    }
}

/// Problems with the test data itself (not with a rendering).
public enum ConformanceError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case invalid(String, String)
    public var description: String {
        switch self {
        case .unreadable(let path): return "\(path): no such file or folder, or unreadable"
        case .invalid(let path, let reason): return "\(path): \(reason)"
        }
    }
}
