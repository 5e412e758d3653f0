import MapsnapGeo

/// One worker thread's loaded snapshotters, one per style selection (style, tiles, sources,
/// sprite), and the reverse geocoder of each: an item is always drawn and geocoded with its own
/// data. A selection that fails to load fails every item that asks for it, with the same error,
/// without being retried. Not for concurrent use (one per thread).
public final class SnapshotterCache {
    private var snapshotters: [StyleSelection: Result<Snapshotter, RequestError>] = [:]
    private var geocoders: [StyleSelection: ReverseGeocoder] = [:]

    public init() {}

    public func snapshotter(for selection: StyleSelection) throws(RequestError) -> Snapshotter {
        if let hit = snapshotters[selection] { return try hit.get() }
        let made = Result { () throws(RequestError) in try Snapshotter(selection) }
        snapshotters[selection] = made
        return try made.get()
    }

    /// The geocoder over the same data as `snapshotter(for: selection)`.
    public func geocoder(for selection: StyleSelection) throws(RequestError) -> ReverseGeocoder {
        if let hit = geocoders[selection] { return hit }
        let g = ReverseGeocoder(snapshotter: try snapshotter(for: selection))
        geocoders[selection] = g
        return g
    }
}
