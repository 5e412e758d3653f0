import MapsnapFormats
import MapsnapKit

/// One style the server serves, as loaded at start-up: its id in URLs, its style and data, and
/// what the metadata routes and the tile route need to know about it.
public struct ServedStyle: Sendable {
    /// The id in URLs (`/styles/{id}/…`): letters, digits, `-`, `_`, `.`.
    public let id: String
    public let selection: StyleSelection
    /// The style's `name`, else its id.
    public let name: String
    public let attribution: String?
    /// Where tiles are served: the configured box, else each region of the data; a tile that
    /// touches none is 404 (there is only background there). Empty: everywhere.
    public let regions: [BoundingBox]
    public let zooms: ClosedRange<Int>
    /// The map's default view, for TileJSON and the preview page.
    public let center: LatLon
    public let centerZoom: Double

    /// Loads nothing: `snapshotter` is the style already loaded (which checked it).
    init(entry: ServeConfig.StyleEntry, snapshotter: Snapshotter) {
        id = entry.id
        selection = entry.selection
        name = snapshotter.style.name ?? entry.id
        attribution = snapshotter.attribution
        regions = entry.bounds.map { [$0] } ?? snapshotter.coverage.regions.map(\.bounds)
        zooms = entry.zooms ?? InputLimits.defaultServedTileZooms
        center = snapshotter.defaultCenter
        centerZoom = min(max(Double(zooms.lowerBound), 14), Double(zooms.upperBound))
    }

    /// Whether tile `t` is one this style serves (inside the world, the zooms and a region).
    func serves(_ t: TileID) -> Bool {
        guard zooms.contains(t.z), t.x >= 0, t.y >= 0, t.x < 1 << t.z, t.y < 1 << t.z else { return false }
        return regions.isEmpty || regions.contains { $0.intersects(t.bounds) }
    }

    /// The union of the regions (west,south,east,north), for TileJSON and WMTS.
    var bounds: BoundingBox {
        BoundingBox.union(of: regions) ?? BoundingBox(west: -180, south: -WebMercator.maxLatitude, east: 180, north: WebMercator.maxLatitude)
    }
}
