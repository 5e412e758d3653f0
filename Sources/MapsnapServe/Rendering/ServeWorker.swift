import MapsnapKit

/// One render worker thread's state, built once on its thread: its snapshotters (one per style
/// selection, each with its own Cairo, Pango and SQLite handles), the batch-item renderer that
/// draws static images with them, and a metatile renderer per tile scale.
final class ServeWorker {
    let items: BatchItemRenderer
    private var metatiles: [Int: MetatileRenderer] = [:]
    let encoding: ImageEncoding

    /// Loads every served style now, so that the first request does not pay for it.
    init(styles: [StyleSelection], encoding: ImageEncoding) {
        items = BatchItemRenderer()
        self.encoding = encoding
        for s in styles { _ = try? items.snapshotters.snapshotter(for: s) }
    }

    func snapshotter(_ selection: StyleSelection) throws(RequestError) -> Snapshotter {
        try items.snapshotters.snapshotter(for: selection)
    }

    func metatileRenderer(scale: Int) -> MetatileRenderer {
        if let r = metatiles[scale] { return r }
        let r = MetatileRenderer(scale: scale, encoding: encoding)
        metatiles[scale] = r
        return r
    }
}
