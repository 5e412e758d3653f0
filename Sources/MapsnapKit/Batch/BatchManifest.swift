import Foundation

/// Reads a batch manifest: JSON Lines (one object per line) or CSV with a header row. Each item
/// sets what a snapshot can (center, meters or zoom or fit, size, scale, style, bearing,
/// overlays) with the CLI's names, plus `title`, `caption`, `address`. A bad line becomes a
/// failed row; only an unreadable file stops the batch.
public enum BatchManifest {
    public static func read(_ path: String, defaults: SnapshotOptions) throws(BatchError) -> (items: [BatchItem], errors: [BatchLineError]) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .manifest("\(path): no such file") }
        guard let text = String(data: data, encoding: .utf8) else { throw .manifest("\(path): not UTF-8 text") }
        let lines = text.components(separatedBy: "\n").map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard let first = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw .manifest("\(path): the manifest is empty")
        }
        var records: [(line: Int, fields: [String: Any]?, error: String?)] = []
        if lines[first].trimmingCharacters(in: .whitespaces).hasPrefix("{") || path.lowercased().hasSuffix(".jsonl") {
            for (i, raw) in lines.enumerated() {
                let l = raw.trimmingCharacters(in: .whitespaces)
                guard !l.isEmpty, !l.hasPrefix("#") else { continue }
                do {
                    guard let object = try JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any] else {
                        records.append((i + 1, nil, "not a JSON object")); continue
                    }
                    records.append((i + 1, object, nil))
                } catch {
                    records.append((i + 1, nil, "not valid JSON"))
                }
            }
        } else {
            let header = CSV.fields(lines[first]).map { $0.trimmingCharacters(in: .whitespaces) }
            guard header.contains("id") else {
                throw .manifest("\(path):\(first + 1): neither a JSON object nor a CSV header with an 'id' column")
            }
            for i in (first + 1)..<lines.count {
                let l = lines[i]
                guard !l.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                let values = CSV.fields(l)
                guard values.count <= header.count else { records.append((i + 1, nil, "has \(values.count) fields, the header \(header.count)")); continue }
                var object: [String: Any] = [:]
                for (k, v) in zip(header, values) where !v.isEmpty { object[k] = v }
                records.append((i + 1, object, nil))
            }
        }
        var items: [BatchItem] = []
        var errors: [BatchLineError] = []
        var seen: Set<String> = []
        for r in records {
            let fallbackID = "line-\(r.line)"
            guard let fields = r.fields else {
                errors.append(.init(id: fallbackID, line: r.line, message: "\(path):\(r.line): \(r.error!)")); continue
            }
            do {
                let item = try BatchItemParser(fields: fields, line: r.line, folder: folder, defaults: defaults).item()
                guard seen.insert(item.id).inserted else { throw BatchItemParser.Problem(field: "id", message: "'\(item.id)' is used twice") }
                items.append(item)
            } catch {
                let id = (fields["id"] as? String).flatMap { BatchItemParser.isSafeID($0) ? $0 : nil } ?? fallbackID
                errors.append(.init(id: id, line: r.line, message: "\(path):\(r.line): \(error)"))
            }
        }
        return (items, errors)
    }
}

/// Just enough CSV (RFC 4180): commas, double-quoted fields with "" escapes.
enum CSV {
    static func fields(_ line: String) -> [String] {
        var out: [String] = [], current = "", quoted = false
        var chars = line.makeIterator()
        while let c = chars.next() {
            if quoted {
                if c == "\"" {
                    if let n = chars.next() {
                        if n == "\"" { current.append("\"") } else { quoted = false; if n == "," { out.append(current); current = "" } else { current.append(n) } }
                    } else { quoted = false }
                } else { current.append(c) }
            } else if c == "\"" { quoted = true } else if c == "," { out.append(current); current = "" } else { current.append(c) }
        }
        out.append(current)
        return out
    }

    static func escape(_ s: String) -> String {
        s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }
}

/// Turns one manifest record into an item; errors name the field.
struct BatchItemParser {
    let fields: [String: Any]
    let line: Int
    let folder: String
    let defaults: SnapshotOptions

    struct Problem: Error, CustomStringConvertible {
        let field: String
        let message: String
        var description: String { "\(field): \(message)" }
    }

    static func isSafeID(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 200 && s != "." && s != ".." && s.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    }

    func string(_ key: String) -> String? {
        switch fields[key] {
        case let s as String: return s
        case let n as NSNumber: return n.stringValue
        default: return nil
        }
    }

    func number(_ key: String) throws(Problem) -> Double? {
        guard let v = fields[key] else { return nil }
        if let n = v as? NSNumber, !(v is Bool) { return n.doubleValue }
        if let s = v as? String, let d = Double(s.trimmingCharacters(in: .whitespaces)), !d.isNaN { return d }
        throw Problem(field: key, message: "\(v) is not a number")
    }

    func bool(_ key: String) -> Bool {
        if let b = fields[key] as? Bool { return b }
        if let s = string(key)?.lowercased() { return ["true", "yes", "1"].contains(s) }
        return false
    }

    /// A list field: a JSON array, or one value (CSV cells separate several with `;`).
    func list(_ key: String) -> [Any] {
        switch fields[key] {
        case let a as [Any]: return a
        case let s as String: return s.split(separator: ";").map { String($0).trimmingCharacters(in: .whitespaces) }
        case let v?: return [v]
        case nil: return []
        }
    }

    func spec<T>(_ field: String, _ parse: () throws(OverlaySpec.Problem) -> T) throws(Problem) -> T {
        do { return try parse() } catch { throw Problem(field: field, message: error.message) }
    }

    /// Objects like {"lat": …, "lon": …, …} become the CLI's text form.
    func text(_ value: Any, keys: [String]) -> String {
        if let s = value as? String { return s }
        if let a = value as? [Any] { return a.map { "\($0)" }.joined(separator: ",") }
        if let o = value as? [String: Any] {
            var parts = keys.map { k in o[k].map { "\($0)" } ?? "" }
            while parts.last == "" { parts.removeLast() }
            return parts.joined(separator: ",")
        }
        return "\(value)"
    }

    func item() throws(Problem) -> BatchItem {
        guard let id = string("id"), !id.isEmpty else { throw Problem(field: "id", message: "is required") }
        guard Self.isSafeID(id) else { throw Problem(field: "id", message: "'\(id)' may hold only letters, digits, '-', '_' and '.'") }
        var o = defaults
        if let c = fields["center"] {
            let t = text(c, keys: ["lat", "lon"])
            do { o.center = try LatLon(parsing: t) } catch { throw Problem(field: "center", message: error.description) }
        } else if let lat = try number("lat"), let lon = try number("lon") {
            do { o.center = try LatLon(validatingLatitude: lat, longitude: lon) } catch { throw Problem(field: "lat/lon", message: error.description) }
        }
        if let m = try number("meters") { o.framing = .meters(m) }
        if let z = try number("zoom") { o.framing = .zoom(z) }
        if let s = fields["size"] {
            let t = (s as? [Any]).map { $0.map { "\($0)" }.joined(separator: "x") } ?? "\(s)"
            let p = t.lowercased().split(separator: "x")
            guard p.count == 2, let w = Int(p[0]), let h = Int(p[1]) else { throw Problem(field: "size", message: "'\(t)' is not WIDTHxHEIGHT") }
            o.size = ImageSize(width: w, height: h)
        }
        if let s = try number("scale") { o.scale = s }
        if let b = try number("bearing") { o.bearing = b }
        if let s = string("style") { o.style = StyleReference(s.contains("/") && !s.hasPrefix("/") ? folder + "/" + s : s) }
        if string("poi") == "none" { o.hidePOILabels = true }
        if let c = string("coords") {
            guard let cs = SnapshotOptions.CoordinateSystem(rawValue: c.lowercased()) else { throw Problem(field: "coords", message: "'\(c)' is not one of wgs84, gcj02") }
            o.coordinateSystem = cs
        }
        for m in list("markers") { o.overlays.append(.marker(try spec("markers") { () throws(OverlaySpec.Problem) in try OverlaySpec.marker(text(m, keys: ["lat", "lon", "color", "title", "glyph"])) })) }
        if let u = fields["user"] {
            var user = try spec("user") { () throws(OverlaySpec.Problem) in try OverlaySpec.user(text(u, keys: ["lat", "lon", "accuracy", "heading"])) }
            if let obj = u as? [String: Any], obj["reduced"] as? Bool == true { user.reducedAccuracy = true }
            o.overlays.append(.userLocation(user))
        }
        for c in list("circles") { o.overlays.append(.circle(try spec("circles") { () throws(OverlaySpec.Problem) in try OverlaySpec.circle(text(c, keys: ["lat", "lon", "radius", "color"])) })) }
        if let g = fields["geojson"] {
            do {
                let data = try JSONSerialization.data(withJSONObject: g)
                o.overlays += try GeoJSONOverlayReader.read(data, fileName: "geojson")
            } catch let e as OverlayError {
                throw Problem(field: "geojson", message: e.description)
            } catch {
                throw Problem(field: "geojson", message: "not a GeoJSON object")
            }
        }
        let tracks = list("tracks").map { "\($0)" }.map { $0.hasPrefix("/") ? $0 : folder + "/" + $0 }
        let fit = bool("fit") || (o.center == nil && (!o.overlays.isEmpty || !tracks.isEmpty))
        if fit {
            let meters: Double = if case .meters(let m) = o.framing { m } else { 800 }
            o.framing = .fit(padding: try number("padding") ?? 40, fallbackMeters: meters)
        }
        do { try o.validate() } catch {
            // "--meters: must be …" → field "meters", message "must be …"
            let d = error.description
            let message = d.range(of: ": ").map { String(d[$0.upperBound...]) } ?? d
            throw Problem(field: error.option ?? "options", message: message)
        }
        return BatchItem(id: id, line: line, options: o, title: string("title"), caption: string("caption"),
                         address: bool("address"), trackFiles: tracks)
    }
}
