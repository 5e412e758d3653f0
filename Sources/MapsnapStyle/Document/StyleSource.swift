import Foundation
import MapsnapFormats
import MapsnapGeo

/// An entry of the style's `sources`.
public enum StyleSource: Sendable {
    case vector(VectorSource)
    case geojson(GeoJSONSourceDefinition)
    /// Image tiles (PNG, JPEG or WebP), from the same kinds of location as a vector source.
    case raster(RasterSource)
    /// A source type this renderer does not read (`raster-dem`, `image`, `video`).
    case other(type: String)
}

/// A `raster` source: where its tiles are (as a vector source's) and their size in pixels.
public struct RasterSource: Sendable, Hashable {
    public var location: VectorSource
    /// 512 or 256 (the spec's default is 512): a 256-px tile covers a quarter of the map a
    /// 512-px tile of the same zoom does on screen, so it is read one zoom deeper.
    public var tileSize: Int = 512

    public init(location: VectorSource, tileSize: Int = 512) {
        self.location = location
        self.tileSize = tileSize
    }
}

/// A `vector` source: a TileJSON `url` or inline `tiles` templates.
public struct VectorSource: Sendable, Hashable {
    public var url: String?
    public var tiles: [String]?
    public var minZoom: Int = 0
    /// The spec default is 22; the renderer also clamps to the archive's own maxzoom.
    public var maxZoom: Int = 22
    public var attribution: String?
    /// For `mbtiles://path` and `pmtiles://path` URLs: the local file path, resolved against the
    /// style file's folder when relative. nil for other URLs.
    public var archivePath: String?
    /// The property that identifies features for their state (the spec's `promoteId`).
    public var promoteID: PromoteID?
    /// How `{y}` counts rows in tile URLs: `xyz` (from the north, the default) or `tms`.
    public var scheme = "xyz"

    public init(url: String? = nil, tiles: [String]? = nil, minZoom: Int = 0, maxZoom: Int = 22,
                attribution: String? = nil, archivePath: String? = nil) {
        self.url = url
        self.tiles = tiles
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.attribution = attribution
        self.archivePath = archivePath
    }

    /// `mbtiles:///abs/x.mbtiles` → `/abs/x.mbtiles`; `mbtiles://data/x.mbtiles` and
    /// `mbtiles://../data/x.mbtiles` → relative to the folder `base` (the style's folder) when
    /// given, else left relative. `pmtiles://` the same (a URL after it, `pmtiles://https://…`,
    /// is not local: nil).
    public static func archivePath(fromURL url: String, relativeTo base: URL?) -> String? {
        guard let scheme = ["mbtiles://", "pmtiles://"].first(where: { url.lowercased().hasPrefix($0) }) else { return nil }
        let path = String(url.dropFirst(scheme.count))
        if scheme == "pmtiles://", path.contains("://") { return nil }
        guard !path.isEmpty else { return nil }
        let decoded = percentDecoded(path) ?? path
        if decoded.hasPrefix("/") { return URL(fileURLWithPath: decoded).standardizedFileURL.path }
        guard let base else { return decoded }
        return resolve(decoded, against: base).path
    }

    /// `%XX` escapes decoded; nil when one is malformed or the result is not UTF-8 (as Foundation's
    /// `removingPercentEncoding`, whose first use costs a noticeable part of a cold style load).
    static func percentDecoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            if input[i] == UInt8(ascii: "%") {
                guard i + 2 < input.count, let high = hex(input[i + 1]), let low = hex(input[i + 2]) else { return nil }
                output.append(high << 4 | low)
                i += 3
            } else {
                output.append(input[i])
                i += 1
            }
        }
        return String(validating: output, as: UTF8.self)
    }

    /// A relative path inside the folder `base` (treated as a folder even without a trailing slash).
    static func resolve(_ relativePath: String, against base: URL) -> URL {
        base.appendingPathComponent(relativePath).standardizedFileURL
    }
}

/// A `geojson` source: inline data or a URL/path to a file. The renderer cuts it into tiles the
/// way MapLibre's geojson-vt does (`buffer`, `tolerance` and `maxzoom` below).
public struct GeoJSONSourceDefinition: Sendable, Hashable {
    public enum Data: Sendable, Hashable {
        /// The GeoJSON object as written in the style (members in file order).
        case inline(JSONValue)
        /// A URL or path as written in the style.
        case url(String)
    }

    public var data: Data
    /// For relative paths and `file://` URLs: the absolute file URL (resolved against the
    /// style's folder). nil for inline data and remote URLs.
    public var fileURL: URL?
    /// The deepest tile level cut (spec default 18); deeper views overzoom those tiles.
    public var maxZoom: Int = 18
    public var attribution: String?
    /// Points (at 512 px per tile) kept around each tile so that wide strokes and labels reach
    /// across tile edges (spec default 128, 0...512).
    public var buffer: Double = 128
    /// Douglas–Peucker tolerance in points below the source's maxzoom (spec default 0.375).
    public var tolerance: Double = 0.375
    /// Number the features 0, 1, 2… as their ids (the spec's `generateId`), replacing theirs.
    public var generateId: Bool = false
    /// Measure lines for `line-gradient` (the spec's `lineMetrics`).
    public var lineMetrics: Bool = false
    /// The property that identifies features for their state (the spec's `promoteId`).
    public var promoteID: PromoteID?

    public init(data: Data, fileURL: URL? = nil, maxZoom: Int = 18, attribution: String? = nil,
                buffer: Double = 128, tolerance: Double = 0.375, generateId: Bool = false) {
        self.data = data
        self.fileURL = fileURL
        self.maxZoom = maxZoom
        self.attribution = attribution
        self.buffer = buffer
        self.tolerance = tolerance
        self.generateId = generateId
    }
}

extension StyleSource {
    /// `json` is the same source as read from the file, for inline GeoJSON (kept in file order).
    static func parse(_ value: StyleValue, json: JSONValue, id: String, baseURL: URL?, log: IssueLog) -> StyleSource? {
        let path = "sources.\(id)"
        guard case .object(let object) = value else {
            log.error(path, "expected an object, got \(value.json)")
            return nil
        }
        guard case .string(let type)? = object["type"] else {
            log.error(path, object["type"] == nil ? "missing required property \"type\"" : "expected a string, got \(object["type"]!.json)")
            return nil
        }
        let errorsBefore = log.errors.count
        func string(_ key: String) -> String? {
            switch object[key] {
            case .string(let s)?: return s
            case nil: return nil
            case let other?:
                log.error("\(path).\(key)", "expected a string, got \(other.json)")
                return nil
            }
        }
        func zoom(_ key: String, default value: Int) -> Int {
            switch object[key] {
            case .number(let n)? where n >= 0 && n <= 30: return Int(n)
            case nil: return value
            case let other?:
                log.error("\(path).\(key)", "expected a number between 0 and 30, got \(other.json)")
                return value
            }
        }
        func promoteID() -> PromoteID? {
            guard let value = object["promoteId"], !value.isNull else { return nil }
            guard let promote = PromoteID(value) else {
                log.error("\(path).promoteId", "expected a property name or an object of source layer → property name, got \(value.json)")
                return nil
            }
            return promote
        }
        switch type {
        case "vector", "raster":
            var source = VectorSource()
            source.url = string("url")
            if let tiles = object["tiles"] {
                if case .array(let items) = tiles, let strings = Optional(items.compactMap(\.stringValue)), strings.count == items.count {
                    source.tiles = strings
                } else {
                    log.error("\(path).tiles", "expected an array of strings, got \(tiles.json)")
                }
            }
            if source.url == nil && source.tiles == nil && log.errors.count == errorsBefore {
                log.error(path, "a \(type) source needs \"url\" or \"tiles\"")
            }
            source.minZoom = zoom("minzoom", default: 0)
            source.maxZoom = zoom("maxzoom", default: 22)
            source.attribution = string("attribution")
            source.archivePath = source.url.flatMap { VectorSource.archivePath(fromURL: $0, relativeTo: baseURL) }
            source.promoteID = promoteID()
            switch object["scheme"] {
            case .string(let scheme)? where scheme == "xyz" || scheme == "tms": source.scheme = scheme
            case nil: break
            case let other?: log.error("\(path).scheme", "expected \"xyz\" or \"tms\", got \(other.json)")
            }
            guard log.errors.count == errorsBefore else { return nil }
            guard type == "raster" else { return .vector(source) }
            var raster = RasterSource(location: source)
            switch object["tileSize"] {
            case .number(let n)? where n == 256 || n == 512: raster.tileSize = Int(n)
            case nil: break
            case let other?: log.error("\(path).tileSize", "expected 256 or 512, got \(other.json)")
            }
            return log.errors.count == errorsBefore ? .raster(raster) : nil
        case "geojson":
            guard let data = object["data"] else {
                log.error(path, "missing required property \"data\"")
                return nil
            }
            var definition: GeoJSONSourceDefinition
            switch data {
            case .object(let members):
                switch members["type"] {
                case .string(let kind)? where GeoJSONReader.types.contains(kind): break
                case let other:
                    log.error("\(path).data.type", "expected a GeoJSON type (\(GeoJSONReader.types.sorted().joined(separator: ", "))), got \(other?.json ?? "nothing")")
                    return nil
                }
                definition = GeoJSONSourceDefinition(data: .inline(json["data"] ?? .null))
            case .string(let location):
                definition = GeoJSONSourceDefinition(data: .url(location))
                if location.hasPrefix("file://") {
                    definition.fileURL = URL(string: location)
                } else if !location.contains("://") {
                    definition.fileURL = location.hasPrefix("/") || baseURL == nil
                        ? URL(fileURLWithPath: location).standardizedFileURL
                        : VectorSource.resolve(location, against: baseURL!)
                }
            default:
                log.error("\(path).data", "expected a GeoJSON object or a URL, got \(data.json)")
                return nil
            }
            definition.maxZoom = zoom("maxzoom", default: 18)
            definition.attribution = string("attribution")
            func number(_ key: String, in range: ClosedRange<Double>, default value: Double) -> Double {
                switch object[key] {
                case .number(let n)? where range.contains(n): return n
                case nil: return value
                case let other?:
                    log.error("\(path).\(key)", "expected a number between \(MessageNumber.format(range.lowerBound)) and \(MessageNumber.format(range.upperBound)), got \(other.json)")
                    return value
                }
            }
            definition.buffer = number("buffer", in: 0...512, default: 128)
            definition.tolerance = number("tolerance", in: 0...Double.greatestFiniteMagnitude, default: 0.375)
            for (key, flag) in [("generateId", \GeoJSONSourceDefinition.generateId), ("lineMetrics", \.lineMetrics)] {
                switch object[key] {
                case .bool(let b)?: definition[keyPath: flag] = b
                case nil: break
                case let other?: log.error("\(path).\(key)", "expected a boolean, got \(other.json)")
                }
            }
            // Options that change what is drawn, which this renderer does not implement yet.
            if object["cluster"] == .bool(true) {
                log.warning("\(path).cluster", "clustering is not supported; every point is drawn")
            }
            definition.promoteID = promoteID()
            for key in ["filter"] where object[key] != nil {
                log.warning("\(path).\(key)", "\"\(key)\" is not supported for GeoJSON sources; ignored")
            }
            return log.errors.count == errorsBefore ? .geojson(definition) : nil
        default:
            log.warning("\(path).type", "source type \"\(type)\" is not supported; layers using it are not drawn")
            return .other(type: type)
        }
    }
}
