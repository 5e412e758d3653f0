import Foundation
import MapsnapFormats
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
    public func snapshot(_ item: BatchItem, address: Bool = false, warnings: WarningLog = WarningLog()) throws -> Snapshot {
        let (job, snapshotter) = try start(item, warnings: warnings)
        let snapshot = try job.snapshot(with: snapshotter)
        return try snapshotter.captioned(snapshot, lines: try captionLines(item, camera: snapshot.camera, address: address))
    }

    /// Draws the item as the next page of `document`: its map, and its caption band under it,
    /// on a page of the item's size in points plus the band, as tall as its PNG; the page is
    /// labelled with the item's id. Throws as `snapshot` does.
    public func drawPage(_ item: BatchItem, on document: VectorDocument, address: Bool = false, warnings: WarningLog = WarningLog()) throws {
        let (job, snapshotter) = try start(item, warnings: warnings)
        try job.drawPage(with: snapshotter, on: document, label: item.id) { camera in
            try captionLines(item, camera: camera, address: address)
        }
    }

    /// The item as a one-page document of its own (a manifest item whose `format` is pdf or svg).
    public func document(_ item: BatchItem, format: VectorFormat, address: Bool = false, warnings: WarningLog = WarningLog()) throws -> Data {
        let (document, bytes) = VectorDocument.inMemory(format)
        try drawPage(item, on: document, address: address, warnings: warnings)
        try document.finish()
        return bytes()
    }

    /// The item's job, its overlay files read in line (this thread is one of many busy workers),
    /// and its style's snapshotter; an overlay file's error comes before the style's, as in `mapsnap`.
    private func start(_ item: BatchItem, warnings: WarningLog) throws -> (SnapshotJob, Snapshotter) {
        let job = SnapshotJob(item.request, overlayFiles: .inLine, warnings: warnings)
        return (job, try job.loading { try snapshotters.snapshotter(for: item.request.style) }.get())
    }

    /// The caption band's lines: title, caption, and the address when asked for.
    private func captionLines(_ item: BatchItem, camera: Camera, address: Bool) throws -> [CaptionBand.Line] {
        var lines: [CaptionBand.Line] = []
        if let t = item.title { lines.append(.init(t, .title)) }
        if let c = item.caption { lines.append(.init(c, .body)) }
        if item.address || address {
            let a = try snapshotters.geocoder(for: item.request.style).address(at: Self.addressPoint(item.request, camera)).formatted
            if !a.isEmpty { lines.append(.init(a, .detail)) }
        }
        return lines
    }

    /// Where the address is looked up: the user's location, else the first marker, else the center.
    static func addressPoint(_ r: MapRequest, _ camera: Camera) -> LatLon {
        if let u = r.overlays.userLocation { return r.coordinateSystem == .gcj02 ? GCJ02.toWGS84(u.coordinate) : u.coordinate }
        if let m = r.overlays.markers.first { return r.coordinateSystem == .gcj02 ? GCJ02.toWGS84(m.coordinate) : m.coordinate }
        return camera.center
    }
}
