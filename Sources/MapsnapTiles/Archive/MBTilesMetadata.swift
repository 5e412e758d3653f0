import Foundation
import MapsnapFormats
import MapsnapGeo

/// The `metadata` table of an MBTiles 1.x file, with the rows the renderer uses parsed into types.
/// Rows that are missing or do not parse are nil here; `raw` keeps every row as stored.
public struct MBTilesMetadata: Sendable, Equatable {
    public var name: String?
    /// The tile format: "pbf" for vector tiles, "png", "jpg", "webp" for raster tiles.
    public var format: String?
    /// `bounds` (west,south,east,north in degrees), when they are degrees on the Earth: west and
    /// east within -180...180, south and north within -90...90, south not above north.
    public var bounds: BoundingBox?
    /// The first two numbers of `center` (stored lon,lat,zoom).
    public var center: LatLon?
    /// The third number of `center`.
    public var centerZoom: Double?
    public var minZoom: Int?
    public var maxZoom: Int?
    /// May contain HTML (MBTiles 1.3).
    public var attribution: String?
    /// The `id` of each entry of `vector_layers` in the `json` row; [] when there is none.
    public var vectorLayerIDs: [String]
    /// Every metadata row, name → value.
    public var raw: [String: String]

    /// Parses the rows of a `metadata` table.
    public init(raw: [String: String]) {
        self.raw = raw
        name = raw["name"]
        format = raw["format"]
        attribution = raw["attribution"]
        minZoom = raw["minzoom"].flatMap(MBTilesMetadata.parseZoom)
        maxZoom = raw["maxzoom"].flatMap(MBTilesMetadata.parseZoom)
        if let numbers = raw["bounds"].flatMap(MBTilesMetadata.parseNumbers), numbers.count == 4,
           numbers.allSatisfy({ abs($0) <= 180 }), abs(numbers[1]) <= 90, abs(numbers[3]) <= 90, numbers[1] <= numbers[3] {
            bounds = BoundingBox(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
        }
        if let numbers = raw["center"].flatMap(MBTilesMetadata.parseNumbers), numbers.count == 2 || numbers.count == 3 {
            center = LatLon(numbers[1], numbers[0])
            centerZoom = numbers.count == 3 ? numbers[2] : nil
        }
        vectorLayerIDs = raw["json"].map(MBTilesMetadata.vectorLayerIDs) ?? []
    }

    /// Comma-separated numbers; nil when any of them is not a finite number.
    private static func parseNumbers(_ text: String) -> [Double]? {
        var numbers: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let number = Double(part.trimmingCharacters(in: .whitespaces)), number.isFinite else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// An integer zoom in `InputLimits.archiveZoom`; "14.0" is accepted as 14, "14.5" is not a
    /// zoom level, and a zoom such as 63 is ignored (tile arithmetic at it would overflow).
    private static func parseZoom(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var zoom = Int(trimmed)
        if zoom == nil, let d = Double(trimmed), d == d.rounded(), abs(d) < 64 { zoom = Int(d) }
        guard let zoom, InputLimits.archiveZoom.contains(zoom) else { return nil }
        return zoom
    }

    /// The ids of the TileJSON `vector_layers` in the metadata's `json`.
    private static func vectorLayerIDs(_ json: String) -> [String] {
        guard let layers = (try? JSONValue.parse(json))?["vector_layers"]?.arrayValue else { return [] }
        let ids = layers.compactMap { $0["id"]?.stringValue }
        return ids.count == layers.count ? ids : []
    }
}
