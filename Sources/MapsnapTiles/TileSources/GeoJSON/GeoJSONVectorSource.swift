import Foundation
import MapsnapFormats
import MapsnapGeo

/// A style's `geojson` source as a vector tile source: the GeoJSON is read and projected once,
/// then each tile the renderer asks for is cut from it (`GeoJSONTiler`, the geojson-vt rules) and
/// handed over as an MVT tile with one layer, `layerName`, so that GeoJSON features go through
/// the same lazy reader, culling, filters and painters as MBTiles data. (MapLibre also ends up
/// with vector-tile features, and likewise keeps only integer feature ids.)
///
/// Tiles exist from zoom 0 to `maxZoom` (the source's `maxzoom`, default 18); deeper views
/// overzoom the `maxZoom` tiles. Each tile side has `extent` units (8192, as in MapLibre: 16 per
/// point). Tiles are kept in a `BoundedCache`. Not for concurrent use.
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
    private var cache = BoundedCache<TileID, VectorTile?>.decodedTiles()

    /// Reads a GeoJSON object (a FeatureCollection, a Feature or a bare geometry) with
    /// MapLibre's rules (`GeoJSONReader.Rules.mapLibre`). `buffer` and `tolerance` are in points
    /// of a 512-point tile (the spec's defaults: 128 and 0.375). `lineMetrics` gives each line
    /// piece its place along the whole line, for `line-gradient`.
    public init(geoJSON: JSONValue, maxZoom: Int = 18, buffer: Double = 128, tolerance: Double = 0.375,
                generateId: Bool = false, lineMetrics: Bool = false, attribution: String? = nil) throws(GeoJSONError) {
        let maxZoom = min(max(maxZoom, 0), 24)
        let tileTolerance = tolerance / WebMercator.tileSize / Double(1 << maxZoom)
        let document = try GeoJSONReader.read(geoJSON, rules: .mapLibre)
        let features = UnitFeature.features(of: document, sqTolerance: tileTolerance * tileTolerance, generateId: generateId)
        self.maxZoom = maxZoom
        self.attribution = attribution
        problems = document.problems
        tiler = GeoJSONTiler(features: features, extent: Self.extent, buffer: buffer, tolerance: tolerance, maxZoom: maxZoom,
                             lineMetrics: lineMetrics)
        bounds = Self.bounds(of: features)
    }

    /// Reads a GeoJSON file (as `init(geoJSON:…)`); errors name the file.
    public convenience init(contentsOf file: URL, maxZoom: Int = 18, buffer: Double = 128, tolerance: Double = 0.375,
                            generateId: Bool = false, lineMetrics: Bool = false, attribution: String? = nil) throws(GeoJSONSourceError) {
        let data: Data
        do { data = try InputFile.read(file.path) } catch { throw .unreadable(error) }
        let value: JSONValue
        do { value = try JSONValue.parse(data) } catch { throw .malformedJSON(file: file.path, error) }
        do {
            try self.init(geoJSON: value, maxZoom: maxZoom, buffer: buffer, tolerance: tolerance, generateId: generateId,
                          lineMetrics: lineMetrics, attribution: attribution)
        } catch {
            throw .invalid(file: file.path, error)
        }
    }

    public func vectorTile(_ id: TileID) throws -> VectorTile? {
        try cache.value(for: id) { () throws(MVTError) in
            let features = tiler.tile(id)
            guard !features.isEmpty else { return nil }
            var writer = VectorTileWriter()
            writer.addLayer(name: Self.layerName, extent: Self.extent, features: features)
            return try VectorTile(data: writer.data)
        }
    }

    /// The union of the features' boxes: data on both sides of ±180° gives a box across it.
    private static func bounds(of features: [UnitFeature]) -> BoundingBox? {
        BoundingBox.union(of: features.lazy.map { feature in
            let nw = WebMercator.unprojectUnit(Point(x: feature.minX, y: feature.minY))
            let se = WebMercator.unprojectUnit(Point(x: feature.maxX, y: feature.maxY))
            return BoundingBox(west: nw.longitude, south: se.latitude, east: se.longitude, north: nw.latitude)
        })
    }
}
