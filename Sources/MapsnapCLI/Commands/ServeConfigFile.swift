import Foundation
import MapsnapFormats
import MapsnapKit
import MapsnapServe

/// `--config FILE.json`: the server's settings in one file. Its keys are the long option names
/// without the dashes (`"port": 8080`, `"render-timeout": 10`, `"tiles": ["data/"]`), applied
/// through the same declarations as the command line (options after `--config` override it), plus
/// `"styles"`: `{"ID": {"style": NAME|PATH, "tiles": […], "sources": {"NAME": PATH}, "sprite": PATH, "glyphs": DIR,
/// "minzoom": Z, "maxzoom": Z, "bounds": [W, S, E, N]}}`, each with its own data (the manifest's
/// words). Relative paths are relative to the file's folder.
public enum ServeConfigFile {
    /// A `--config` file's JSON, parsed and applied to a command line (no style is loaded): the
    /// fuzzing library's entry point (`serve-config`).
    public static func check(_ data: Data) throws {
        let root = try JSONValue.parse(data)
        var c = ServeInvocation()
        try apply(root, folder: "/nonexistent", name: "config.json", to: &c)
    }

    static func apply(_ path: String, to c: inout ServeInvocation) throws(UsageError) {
        let data: Data
        do { data = try InputFile.read(path) } catch { throw UsageError(option: "--config", message: error.description) }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw UsageError(option: "--config", message: "\(path): \(error)") }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try apply(root, folder: folder, name: path, to: &c)
    }

    /// The parsed file (`name` for messages). Reads no file itself; style files are read when served.
    static func apply(_ root: JSONValue, folder: String, name: String, to c: inout ServeInvocation) throws(UsageError) {
        func fail(_ key: String, _ message: String) -> UsageError { UsageError(option: "--config", message: "\(name): \(key): \(message)") }
        guard case .object(let object) = root else { throw UsageError(option: "--config", message: "\(name): expected a JSON object, got \(root.summary)") }
        let options = ServeCommand.configurableOptions
        for (key, value) in object {
            if key == "styles" {
                guard case .object(let styles) = value else { throw fail(key, "expected an object of style ids, got \(value.summary)") }
                for (id, entry) in styles { c.configStyles.append(try style(id, entry, folder: folder, fail)) }
                continue
            }
            guard let option = options.first(where: { $0.longName == "--" + key }) else {
                throw fail(key, "unknown setting (the settings are the long option names of `mapsnap serve --help`, and styles)")
            }
            let values: [JSONValue]
            if case .array(let a) = value { values = a } else { values = [value] }
            for v in values {
                guard let text = scalar(v) else { throw fail(key, "expected a string, number or boolean, got \(v.summary)") }
                do { try option.apply(&c, resolved(key, text, folder)) } catch let e as UsageError {
                    throw fail(key, e.message)
                } catch let e as RequestError {
                    throw fail(key, e.reasonText(naming: \.description))
                } catch {
                    throw fail(key, "\(error)")
                }
            }
        }
    }

    /// Paths in the file are relative to its folder.
    static func resolved(_ key: String, _ text: String, _ folder: String) -> String {
        let context = FieldContext(folder: folder)
        switch key {
        case "cache", "tiles", "sprite", "glyphs": return context.resolve(text)
        case "source":
            guard let eq = text.firstIndex(of: "=") else { return text }
            return String(text[...eq]) + context.resolve(String(text[text.index(after: eq)...]))
        case "style":
            guard let eq = text.firstIndex(of: "=") else { return text }
            let ref = String(text[text.index(after: eq)...])
            return ref.contains("/") || ref.hasSuffix(".json") ? String(text[...eq]) + context.resolve(ref) : text
        default: return text
        }
    }

    static func scalar(_ v: JSONValue) -> String? {
        switch v {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
        default: return nil
        }
    }

    static func style(_ id: String, _ value: JSONValue, folder: String, _ fail: (String, String) -> UsageError) throws(UsageError) -> ServeConfig.StyleEntry {
        let key = "styles.\(id)"
        if let problem = ServeConfig.checkID(id) { throw fail(key, problem) }
        guard case .object(let o) = value else { throw fail(key, "expected an object ({\"style\": …, \"tiles\": […]}), got \(value.summary)") }
        var fields = JSONObject()
        var entry = ServeConfig.StyleEntry(id: id, selection: StyleSelection())
        var minZoom = InputLimits.defaultServedTileZooms.lowerBound, maxZoom = InputLimits.defaultServedTileZooms.upperBound
        var zoomsGiven = false
        for (k, v) in o {
            switch k {
            case "style", "tiles", "sources", "sprite", "glyphs":
                fields[k] = v
            case "minzoom", "maxzoom":
                guard let z = v.integerValue, (0...24).contains(z) else { throw fail("\(key).\(k)", "must be a whole number from 0 to 24, got \(v.summary)") }
                if k == "minzoom" { minZoom = z } else { maxZoom = z }
                zoomsGiven = true
            case "bounds":
                var numbers: [Double] = []
                if case .array(let a) = v { numbers = a.compactMap(\.numberValue) }
                if case .string(let s) = v { numbers = s.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
                guard numbers.count == 4 else { throw fail("\(key).bounds", "expected [west, south, east, north], got \(v.summary)") }
                var check = MapRequest()
                check.bounds = BoundingBox(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
                do { try check.validate() } catch { throw fail("\(key).bounds", error.reasonText(naming: \.description)) }
                entry.bounds = check.bounds
            default:
                throw fail("\(key).\(k)", "unknown field (style, tiles, sources, sprite, glyphs, minzoom, maxzoom, bounds)")
            }
        }
        guard fields["style"] != nil else { throw fail("\(key).style", "is required (a built-in name or a style JSON file)") }
        guard minZoom <= maxZoom else { throw fail("\(key).minzoom", "\(minZoom) is above maxzoom \(maxZoom)") }
        if zoomsGiven { entry.zooms = minZoom...maxZoom }
        do {
            entry.selection = try MapRequest(fields: fields, relativeTo: folder).style
        } catch {
            throw fail("\(key).\(error.field.description)", error.reasonText(naming: \.description))
        }
        return entry
    }
}
