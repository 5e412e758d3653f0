import Foundation
import MapsnapGeo
import MapsnapOverlays
import MapsnapRender
import Testing
@testable import MapsnapKit

/// Emoji in titles, captions and labels are drawn from the colour emoji font in their own colours
/// (`ColorGlyphs`), not as boxes and not as silhouettes in the text's colour.
@Suite struct ColorEmojiTests {
    /// A grey background, so that only the emoji can bring saturated colour.
    static func plainStyle() throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-emoji-\(getpid()).json")
        try ##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#808080"}}]}"##
            .write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Pixels of `image` in `box` (points) whose colour is far from grey.
    static func colourful(_ snapshot: Snapshot, _ box: Rect) -> Int {
        let ratio = snapshot.camera.pixelRatio
        var count = 0
        for y in max(Int(box.minY * ratio), 0)..<min(Int(box.maxY * ratio), snapshot.image.pixelHeight) {
            for x in max(Int(box.minX * ratio), 0)..<min(Int(box.maxX * ratio), snapshot.image.pixelWidth) {
                let p = snapshot.image.rgba(x: x, y: y)
                let channels = [Int(p.r), Int(p.g), Int(p.b)]
                if channels.max()! - channels.min()! > 90 { count += 1 }
            }
        }
        return count
    }

    @Test(arguments: [1.0, 2.0], [false, true])
    func aMarkerTitleKeepsItsEmojiColours(scale: Double, threadedLabels: Bool) throws {
        let snapshotter = try Snapshotter(StyleSelection(style: .file(try Self.plainStyle())))
        snapshotter.concurrentLabels = threadedLabels
        var request = MapRequest()
        request.center = LatLon(10, 10)
        request.zoom = 12
        request.size = ImageSize(width: 240, height: 160)
        request.pixelRatio = scale
        request.decorations.attribution = false
        let at = LatLon(10, 10)
        // A grey balloon, so that only the title can bring colour.
        request.overlays.markers = [Marker(coordinate: at, color: Color(r255: 128, g255: 128, b255: 128), title: "🍕🍕🍕")]
        let snapshot = try snapshotter.snapshot(request)
        let tip = snapshot.point(for: at)
        #expect(Self.colourful(snapshot, Rect(minX: tip.x - 40, minY: tip.y, maxX: tip.x + 40, maxY: tip.y + 30)) > 20 * Int(scale * scale))
        // A caption band under the map too.
        let captioned = try snapshotter.captioned(snapshot, lines: [CaptionBand.Line("🍕 Lunch", .title)])
        #expect(Self.colourful(captioned, Rect(minX: 0, minY: 160, maxX: 240, maxY: Double(captioned.image.pixelHeight) / scale)) > 20 * Int(scale * scale))
    }
}
