import Foundation
@testable import MapsnapOverlays

/// The message of the `OverlayError` that `body` throws, or nil when it does not throw.
func overlayErrorMessage(_ body: () throws(OverlayError) -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return error.description
    }
}

extension String {
    var utf8Data: Data { Data(utf8) }
}

/// The markers, tracks, circles and polygons among `overlays`.
extension Array where Element == Overlay {
    var markers: [Marker] { compactMap { if case .marker(let m) = $0 { m } else { nil } } }
    var tracks: [Track] { compactMap { if case .track(let t) = $0 { t } else { nil } } }
    var circles: [GeoCircle] { compactMap { if case .circle(let c) = $0 { c } else { nil } } }
    var polygons: [PolygonOverlay] { compactMap { if case .polygon(let p) = $0 { p } else { nil } } }
}

/// A temporary folder removed when the value goes away.
final class TemporaryFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-overlays-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}
