import Foundation
import MapsnapFormats

/// Reads a batch manifest: JSON Lines (one object per line) or CSV with a header row. An item's
/// keys (CSV columns) are the request's field names (`FieldJSON`), plus `id` (required: the
/// output's name), `title`, `caption` and `address`; relative paths are relative to the
/// manifest's folder. A bad record becomes a failed row that names its line and field; only a
/// manifest that cannot be read at all stops the batch (field `manifest`).
public enum BatchManifest {
    public static func read(_ path: String, defaults: MapRequest) throws(RequestError) -> (items: [BatchItem], errors: [BatchLineError]) {
        let data: Data
        do { data = try InputFile.read(path) } catch { throw RequestError("manifest", error.description) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let bytes = [UInt8](data)
        var records: [(line: Int, record: Result<JSONObject, RequestError>)] = []
        if isJSONLines(bytes, path: path) {
            records = jsonLines(bytes)
        } else {
            records = try csvRecords(bytes, path: path)
        }
        guard !records.isEmpty else { throw RequestError("manifest", "\(path): the manifest has no items") }
        var items: [BatchItem] = []
        var errors: [BatchLineError] = []
        var seen: Set<String> = []
        for (line, record) in records {
            do {
                let object = try record.get()
                let item = try Self.item(object, line: line, folder: folder, defaults: defaults)
                guard seen.insert(item.id).inserted else { throw RequestError("id", "'\(item.id)' is used twice") }
                items.append(item)
            } catch {
                let id = (try? record.get())?["id"]?.stringValue.flatMap { isSafeID($0) ? $0 : nil } ?? "line-\(line)"
                errors.append(BatchLineError(id: id, line: line, message: "\(path):\(line): \(error)"))
            }
        }
        return (items, errors)
    }

    /// JSON Lines when the first non-blank line starts with `{`, or by the file's extension.
    static func isJSONLines(_ bytes: [UInt8], path: String) -> Bool {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ext == "jsonl" || ext == "ndjson" { return true }
        if ext == "csv" { return false }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "{")
    }

    /// One object per line (LF or CRLF; a BOM skipped); blank lines and `#` comments skipped. A
    /// line that is not a JSON object is its own failed record.
    static func jsonLines(_ bytes: [UInt8]) -> [(line: Int, record: Result<JSONObject, RequestError>)] {
        var out: [(Int, Result<JSONObject, RequestError>)] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var slice = bytes[start..<end]
            if slice.last == 0x0D { slice = slice.dropLast() }
            let trimmed = slice.drop { $0 == 0x20 || $0 == 0x09 }
            if !trimmed.isEmpty, trimmed.first != UInt8(ascii: "#") {
                do {
                    let value = try JSONValue.parse(slice)
                    if case .object(let o) = value { out.append((line, .success(o))) } else {
                        out.append((line, .failure(RequestError("item", "expected a JSON object, got \(value.summary)"))))
                    }
                } catch {
                    out.append((line, .failure(RequestError("item", "not valid JSON: \(error.message) (column \(error.column))"))))
                }
            }
            start = end + 1
            line += 1
        }
        return out
    }

    /// CSV with a header row of field names; list fields separate values with `;`. Empty cells are
    /// left out. A malformed record fails alone; a header without `id` stops the batch.
    static func csvRecords(_ bytes: [UInt8], path: String) throws(RequestError) -> [(line: Int, record: Result<JSONObject, RequestError>)] {
        let rows = CSV.recordsOrErrors(bytes)
        guard let first = rows.first else { return [] }
        let header: CSV.Row
        do { header = try first.get() } catch {
            throw RequestError("manifest", "\(path):\(error.line): \(error.reason)")
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.contains("id") else {
            throw RequestError("manifest", "\(path):\(header.line): neither a JSON object nor a CSV header with an 'id' column")
        }
        for name in names where !itemFields.contains(name) && RequestField.named(name) == nil && !FieldJSON.objectFields.contains(name) {
            throw RequestError("manifest", "\(path):\(header.line): unknown column '\(name)' (see the manifest fields in docs/batch.md)")
        }
        return rows.dropFirst().map { result in
            let row: CSV.Row
            switch result {
            case .success(let r): row = r
            case .failure(let e): return (e.line, .failure(RequestError("item", e.reason)))
            }
            guard row.fields.count <= names.count else {
                return (row.line, .failure(RequestError("item", "has \(row.fields.count) fields, the header \(names.count)")))
            }
            let members = zip(names, row.fields).filter { !$0.1.isEmpty }.map { (key: $0.0, value: JSONValue.string($0.1)) }
            return (row.line, .success(JSONObject(members)))
        }
    }

    /// The keys of an item that are not request fields.
    public static let itemFields: Set<String> = ["id", "title", "caption", "address", "lat", "lon"]

    /// Letters, digits, `-`, `_`, `.`; not `.` or `..`; at most 200 characters.
    static func isSafeID(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 200 && s != "." && s != ".." && s.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    }

    /// One item from its record (a manifest line's object, a CSV row, the server's `POST /static`
    /// body); relative paths are relative to `folder`. Errors name the field.
    public static func item(_ o: JSONObject, line: Int, folder: String?, defaults: MapRequest) throws(RequestError) -> BatchItem {
        guard let idValue = o["id"], let id = FieldJSON.scalarText(idValue), !id.isEmpty else { throw RequestError("id", "is required") }
        guard isSafeID(id) else { throw RequestError("id", "'\(id)' may hold only letters, digits, '-', '_' and '.'") }
        let title = try o["title"].map { v throws(RequestError) in try FieldJSON.string(v, FieldPath("title")) }
        let caption = try o["caption"].map { v throws(RequestError) in try FieldJSON.string(v, FieldPath("caption")) }
        if let title { try MapRequest.checkText(title, FieldPath("title")) }
        if let caption { try MapRequest.checkText(caption, FieldPath("caption")) }
        let address = try o["address"].map { v throws(RequestError) in try FieldJSON.bool(v, FieldPath("address")) } ?? false
        let fields = JSONObject(o.filter { !["id", "title", "caption", "address"].contains($0.key) })
        let request = try MapRequest(fields: fields, defaults: defaults, relativeTo: folder)
        return BatchItem(id: id, line: line, request: request, title: title, caption: caption, address: address)
    }
}
