import Foundation

/// A style's `geojson` source as a vector tile source: the GeoJSON is read and projected once,
/// then each tile the renderer asks for is cut from it (`GeoJSONTiler`, the geojson-vt rules) and
/// handed over as an MVT tile with one layer, `layerName`, so that GeoJSON features go through
/// the same lazy reader, culling, filters and painters as MBTiles data. (MapLibre also ends up
/// with vector-tile features, and likewise keeps only integer feature ids.)
///
/// Tiles exist from zoom 0 to `maxZoom` (the source's `maxzoom`, default 18); deeper views
/// overzoom the `maxZoom` tiles. Each tile side has `extent` units (8192, as in MapLibre: 16 per
/// point). Not for concurrent use.
public final class GeoJSONVectorSource: VectorTileProvider {
    /// The one source layer of a GeoJSON tile. Style layers on a GeoJSON source have no
    /// `source-layer` (the spec ignores one if given): the renderer reads this layer for them.
    public static let layerName = "_geojsonTileLayer"
    public static let extent = 8192

    public let minZoom = 0
    public let maxZoom: Int
    public let attribution: String?
    public let bounds: BoundingBox?
    /// Features that could not be read (JSON path and reason), skipped; the rest are drawn.
    public let problems: [GeoJSONError]
    /// The number of features read (a GeometryCollection counts once per member).
    public var featureCount: Int { tiler.features.count }

    private let tiler: GeoJSONTiler
    private var cache: [TileID: VectorTile?] = [:]
    private var cacheOrder: [TileID] = []
    private let cacheLimit = 64

    /// Reads a GeoJSON object: a FeatureCollection, a Feature or a bare geometry. `buffer` and
    /// `tolerance` are in points of a 512-point tile (the spec's defaults: 128 and 0.375).
    public init(geoJSON: StyleValue, maxZoom: Int = 18, buffer: Double = 128, tolerance: Double = 0.375,
                generateId: Bool = false, attribution: String? = nil) throws(GeoJSONError) {
        let maxZoom = min(max(maxZoom, 0), 24)
        let tileTolerance = tolerance / WebMercator.tileSize / Double(1 << maxZoom)
        var reader = GeoJSONReader(sqTolerance: tileTolerance * tileTolerance, generateId: generateId)
        try reader.read(geoJSON)
        self.maxZoom = maxZoom
        self.attribution = attribution
        problems = reader.problems
        tiler = GeoJSONTiler(features: reader.features, extent: Self.extent, buffer: buffer, tolerance: tolerance, maxZoom: maxZoom)
        bounds = Self.bounds(of: reader.features)
    }

    /// The source a style defines: its inline data, or the file its `data` names (a path or a
    /// `file://` URL, already resolved against the style's folder). Errors name the file.
    public convenience init(definition: GeoJSONSourceDefinition) throws(GeoJSONSourceError) {
        let value: StyleValue
        var name = "inline data"
        switch definition.data {
        case .inline(let inline):
            value = inline
        case .url(let url):
            guard let file = definition.fileURL else { throw .notLocal(url: url) }
            name = file.path
            guard let data = FileManager.default.contents(atPath: file.path) else { throw .unreadable(file: file.path) }
            do { value = try StyleValue.parseJSON(data) } catch { throw .invalid(file: file.path, GeoJSONError(path: "", message: error.description)) }
        }
        do {
            try self.init(geoJSON: value, maxZoom: definition.maxZoom, buffer: definition.buffer, tolerance: definition.tolerance,
                          generateId: definition.generateId, attribution: definition.attribution)
        } catch {
            throw .invalid(file: name, error)
        }
    }

    public func vectorTile(_ id: TileID) throws -> VectorTile? {
        if let hit = cache[id] { return hit }
        let features = tiler.tile(id)
        var tile: VectorTile?
        if !features.isEmpty {
            var writer = VectorTileWriter()
            writer.addLayer(name: Self.layerName, extent: Self.extent, features: features)
            tile = try VectorTile(data: writer.data)
        }
        cache[id] = tile
        cacheOrder.append(id)
        if cacheOrder.count > cacheLimit { cache[cacheOrder.removeFirst()] = nil }
        return tile
    }

    private static func bounds(of features: [GeoJSONFeature]) -> BoundingBox? {
        guard !features.isEmpty else { return nil }
        let minX = features.map(\.minX).min()!, maxX = features.map(\.maxX).max()!
        let minY = features.map(\.minY).min()!, maxY = features.map(\.maxY).max()!
        let nw = WebMercator.unprojectUnit(Point(x: minX, y: minY))
        let se = WebMercator.unprojectUnit(Point(x: maxX, y: maxY))
        return BoundingBox(west: nw.longitude, south: se.latitude, east: se.longitude, north: nw.latitude)
    }
}

/// Why a style's GeoJSON source could not be opened.
public enum GeoJSONSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A remote URL: this renderer reads local files only.
    case notLocal(url: String)
    case unreadable(file: String)
    /// Not GeoJSON (the file is "inline data" for a style's inline object).
    case invalid(file: String, GeoJSONError)

    public var description: String {
        switch self {
        case .notLocal(let url): return "\(url): GeoJSON data must be inline or a local file"
        case .unreadable(let file): return "\(file): no such file or unreadable"
        case .invalid(let file, let error): return "\(file): \(error)"
        }
    }
}
