import Foundation
import MapsnapGeo
import MapsnapRender

/// Draws one batch item: its map and, under it, a caption band with its title, its caption and
/// (when asked) the offline address of its subject. Report batches and the server's `POST
/// /static` (one manifest item per request) both draw items with it. One per thread: it keeps
/// that thread's snapshotters and geocoders (`SnapshotterCache`).
public final class BatchItemRenderer {
    public let snapshotters: SnapshotterCache

    public init(snapshotters: SnapshotterCache = SnapshotterCache()) {
        self.snapshotters = snapshotters
    }

    /// The item's image (not yet encoded). `address` adds the address to every item, as the batch's
    /// `--address` does. Throws `RequestError` (a style or data that cannot be loaded, an address
    /// lookup), `SnapshotError` or `RenderError`.
    public func snapshot(_ item: BatchItem, address: Bool = false) throws -> Snapshot {
        let request = item.request
        let snapshotter = try snapshotters.snapshotter(for: request.style)
        let snapshot = try snapshotter.snapshot(request)
        var lines: [CaptionBand.Line] = []
        if let t = item.title { lines.append(.init(t, .title)) }
        if let c = item.caption { lines.append(.init(c, .body)) }
        if item.address || address {
            let a = try snapshotters.geocoder(for: request.style).address(at: Self.addressPoint(request, snapshot.camera)).formatted
            if !a.isEmpty { lines.append(.init(a, .detail)) }
        }
        guard !lines.isEmpty else { return snapshot }
        let image = try CaptionBand.captioned(snapshot.image, lines: lines, pixelRatio: request.pixelRatio,
                                              dark: snapshotter.renderer.backgroundIsDark(atZoom: snapshot.camera.zoom),
                                              text: snapshotter.renderer.text)
        return Snapshot(image: image, camera: snapshot.camera, encoding: request.encoding)
    }

    /// Where the address is looked up: the user's location, else the first marker, else the center.
    static func addressPoint(_ r: MapRequest, _ camera: Camera) -> LatLon {
        if let u = r.overlays.userLocation { return r.coordinateSystem == .gcj02 ? GCJ02.toWGS84(u.coordinate) : u.coordinate }
        if let m = r.overlays.markers.first { return r.coordinateSystem == .gcj02 ? GCJ02.toWGS84(m.coordinate) : m.coordinate }
        return camera.center
    }
}
