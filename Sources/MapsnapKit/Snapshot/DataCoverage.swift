import MapsnapFormats
import MapsnapGeo

/// Where a snapshotter has data: one region per archive (its file name and bounds). Several
/// disjoint regions (the embedded Monaco, Helsinki and Andorra) are kept apart rather than
/// merged into one box that would claim the sea between them.
public struct DataCoverage: Sendable, Equatable {
    public struct Region: Sendable, Equatable {
        /// The archive's file name without its extension (`monaco`).
        public var name: String
        public var bounds: BoundingBox
    }

    public var regions: [Region]
    /// Archives whose metadata has no usable `bounds`, each as a message that starts with its path, so that a
    /// pyramid that needs an area can say which archive lacks one.
    public var unbounded: [String] = []

    /// True when the point lies in some region (always true when no region has bounds).
    public func covers(_ p: LatLon) -> Bool { regions.isEmpty || regions.contains { $0.bounds.contains(p) } }

    /// True when the box touches some region.
    public func touches(_ box: BoundingBox) -> Bool { regions.isEmpty || regions.contains { $0.bounds.intersects(box) } }

    /// `monaco (7.349,43.71,7.491,43.77), helsinki (…)`: for messages.
    public var summary: String {
        regions.map { "\($0.name) (\(Self.text($0.bounds)))" }.joined(separator: ", ")
    }

    /// Why `camera` shows no data, or nil when it shows some (or the data has no bounds): the
    /// view and the regions the data covers, and, when `asked` (the requested center) with its
    /// two numbers swapped lies in a region, that they look swapped.
    func outsideMessage(for camera: Camera, asked: LatLon?) -> String? {
        guard !touches(camera.visibleBounds) else { return nil }
        var message = "the view around \(Self.text(camera.center)) (lat,lon) is outside the data, which covers \(summary) (W,S,E,N): "
            + "the map would be background only"
        if let asked, abs(asked.longitude) <= 90 {
            let swapped = LatLon(asked.longitude, asked.latitude)
            if let region = regions.first(where: { $0.bounds.contains(swapped) }) {
                message += "; latitude and longitude look swapped: \(Self.text(swapped)) lies in \(region.name)"
            }
        }
        return message
    }

    /// A point to six decimals (about 0.1 m), latitude first.
    static func text(_ p: LatLon) -> String {
        let six = { (v: Double) in MessageNumber.format((v * 1e6).rounded() / 1e6) }
        return six(p.latitude) + "," + six(p.longitude)
    }

    static func text(_ b: BoundingBox) -> String {
        [b.west, b.south, b.east, b.north].map(MessageNumber.format).joined(separator: ",")
    }
}
