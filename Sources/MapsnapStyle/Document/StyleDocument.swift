import Foundation
import MapsnapFormats
import MapsnapGeo

/// A MapLibre style sheet (version 8), parsed and type-checked: every problem is reported
/// with its JSON path, all at once; unsupported features become warnings.
public struct StyleDocument: Sendable {
    public var name: String?
    public var sources: [String: StyleSource]
    public var layers: [StyleLayer]
    public var sprite: String?
    public var glyphs: String?
    public var center: LatLon?
    public var zoom: Double?
    public var bearing: Double?
    public var pitch: Double?
    /// Unsupported properties, operators, layer and source types: one per (layer, property).
    public var warnings: [StyleIssue]

    /// Reads a style file; relative paths in it (`mbtiles://`, GeoJSON files) resolve against
    /// the file's folder.
    public static func load(contentsOf url: URL) throws(StyleError) -> StyleDocument {
        let data: Data
        do { data = try InputFile.read(url.path) } catch { throw .unreadable(file: url.path, reason: error.reason) }
        return try parse(data, baseURL: url.deletingLastPathComponent(), fileName: url.path)
    }

    /// Parses style JSON. `baseURL` is the folder relative paths resolve against; `fileName`
    /// names the input in errors.
    public static func parse(_ data: Data, baseURL: URL?, fileName: String) throws(StyleError) -> StyleDocument {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw .invalidJSON(file: fileName, reason: error.description)
        }
        let log = IssueLog()
        let document = parse(root, baseURL: baseURL, log: log)
        if !log.errors.isEmpty { throw .invalid(file: fileName, issues: log.errors) }
        return document
    }

    static func parse(_ json: JSONValue, baseURL: URL?, log: IssueLog) -> StyleDocument {
        let root = StyleValue(json)
        var document = StyleDocument(sources: [:], layers: [], warnings: [])
        guard case .object(let object) = root else {
            log.error("", "expected a style object, got \(root.type.kind)")
            return document
        }
        switch object["version"] {
        case .number(8)?: break
        case nil: log.error("", "missing required property \"version\"")
        case let other?: log.error("version", "expected 8, got \(other.json)")
        }
        func string(_ key: String) -> String? {
            switch object[key] {
            case .string(let s)?: return s
            case nil, .null?: return nil
            case let other?:
                log.error(key, "expected a string, got \(other.json)")
                return nil
            }
        }
        func number(_ key: String) -> Double? {
            switch object[key] {
            case .number(let n)?: return n
            case nil, .null?: return nil
            case let other?:
                log.error(key, "expected a number, got \(other.json)")
                return nil
            }
        }
        document.name = string("name")
        document.glyphs = string("glyphs")
        switch object["sprite"] {
        case .string(let s)?: document.sprite = s
        case .array(let sprites)?:
            // Several sprites: the one with id "default" (or the first) is used.
            let entries = sprites.compactMap(\.objectValue)
            let chosen = entries.first { $0["id"] == .string("default") } ?? entries.first
            document.sprite = chosen?["url"]?.stringValue
            if sprites.count > 1 { log.warning("sprite", "only one sprite is supported; using \"\(document.sprite ?? "")\"") }
        case nil, .null?: break
        case let other?: log.error("sprite", "expected a string or an array, got \(other.json)")
        }
        document.zoom = number("zoom")
        document.bearing = number("bearing")
        document.pitch = number("pitch")
        if let pitch = document.pitch, !InputLimits.pitch.contains(pitch) {
            // MapLibre clamps a style's pitch to the map's range, as this does. No warning: a
            // snapshot's camera never takes the style's pitch (only the conformance runner does,
            // as MapLibre's initial camera), so a message about it would mislead.
            document.pitch = min(max(pitch, InputLimits.pitch.lowerBound), InputLimits.pitch.upperBound)
        }
        switch object["center"] {
        case .array(let items)? where items.count == 2 || items.count == 3:
            if let lon = items[0].numberValue, let lat = items[1].numberValue,
               let center = try? LatLon(validatingLatitude: lat, longitude: lon) {
                document.center = center
                // MapLibre's LngLat takes [lon, lat, altitude] and drops the altitude.
                if items.count == 3 { log.warning("center", "the third number (altitude) is ignored: the camera stands at zoom, not height") }
            } else {
                log.error("center", "expected [longitude, latitude] in degrees, got \(StyleValue.array(items).json)")
            }
        case nil, .null?: break
        case let other?: log.error("center", "expected [longitude, latitude] in degrees, got \(other.json)")
        }

        switch object["sources"] {
        case .object(let sources)?:
            for id in sources.keys.sorted() {
                if let source = StyleSource.parse(sources[id]!, json: json["sources"]?[id] ?? .null, id: id, baseURL: baseURL, log: log) {
                    document.sources[id] = source
                }
            }
        case nil: log.error("", "missing required property \"sources\"")
        case let other?: log.error("sources", "expected an object, got \(other.json)")
        }
        let declaredSources = (object["sources"]?.objectValue ?? [:]).mapValues { _ in StyleSource.other(type: "") }
            .merging(document.sources) { $1 }

        switch object["layers"] {
        case .array(let layers)?:
            document.layers.reserveCapacity(layers.count)
            var ids: Set<String> = []
            for (i, value) in LayerRef.resolve(layers).enumerated() {
                if case .string(let id)? = value.objectValue?["id"] {
                    if ids.contains(id) { log.error("layers[\(i)].id", "duplicate layer id \"\(id)\"") }
                    ids.insert(id)
                }
                if let layer = StyleLayer.parse(value, index: i, sources: declaredSources, log: log) {
                    document.layers.append(layer)
                }
            }
        case nil: log.error("", "missing required property \"layers\"")
        case let other?: log.error("layers", "expected an array, got \(other.json)")
        }
        document.warnings = log.warnings
        return document
    }
}
