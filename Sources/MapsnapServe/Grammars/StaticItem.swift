import Foundation
import MapsnapFormats
import MapsnapKit

/// mapsnap's own static-image routes read a batch-manifest item: `GET /static?…` from its query
/// parameters (named as the manifest's fields, each value in its text form, as a CSV manifest's
/// cells are) and `POST /static` from a JSON body (one JSON Lines manifest item). Both go through
/// the manifest's item reader (`BatchManifest.item`) and so through `MapRequest(fields:)`: one
/// grammar, one set of checks and messages.
///
/// What the server must never do decides which fields it takes: it reads no file a client names
/// (no `tracks`, `overlays`, `tiles`, `sources`, `sprite`, icon markers; a track goes inline as
/// `geojson`), and `style` is the id of a configured style, never a path.
public enum StaticItem {
    /// The fields a client may send: a manifest item's keys (the request model's fields, inline
    /// `geojson`, the item's own `id`, `title`, …), less those that name files and those that only
    /// filter a track file's fixes. Derived, so a field the model gains is served without a list
    /// here to keep in step (`StaticFieldsTests`).
    public static let allowedFields: Set<String> = Set(RequestField.all.map(\.name))
        .union(inlineFields).union(BatchManifest.itemFields)
        .subtracting(fileFields.keys).subtracting(trackFileFilters)

    /// Keys a manifest item reads only in their JSON form, beside `RequestField`'s text forms
    /// (MapsnapKit's `FieldJSON.objectFields`, less `sources`, which names files).
    static let inlineFields: Set<String> = ["geojson"]

    /// The fix filters of track files (GPX, CSV): with no file to read they would filter nothing,
    /// so a client that sends one is told it is not a parameter here (an inline `geojson` track
    /// is drawn as given).
    static let trackFileFilters: Set<String> = ["accuracy-limit", "min-distance", "keep-time-regressions"]

    /// Fields that name files: refused with what to send instead.
    static let fileFields: [String: String] = [
        "tracks": "send the track inline as a GeoJSON LineString in geojson",
        "overlays": "send the GeoJSON inline in geojson",
        "marker-icons": "icon markers are not served (markers draw balloons)",
        "tiles": "the data is chosen by the style id",
        "sources": "the data is chosen by the style id",
        "sprite": "the sprite is chosen by the style id",
        "glyphs": "the glyphs are chosen by the style id",
    ]

    /// What a static-image request asks for: the style id (nil: the default style) and the item.
    public struct Parsed: Sendable {
        public var styleID: String?
        public var item: BatchItem
        /// How this request names its fields in messages.
        public var names: RouteFieldNames
    }

    /// Reads `fields` (without `style`, which the caller resolves): refuses file fields, then the
    /// manifest's item reader. Errors are worded by `names`.
    static func read(_ fields: JSONObject, styleID: String?, names: RouteFieldNames) throws(HTTPError) -> Parsed {
        for (key, value) in fields {
            if let instead = fileFields[key] {
                throw .badRequest("\(names.name(FieldPath(key))): the server reads no files a request names; \(instead)")
            }
            guard allowedFields.contains(key) else {
                throw .badRequest("\(names.name(FieldPath(key))): unknown parameter (see the manifest fields in docs/batch.md; the server reads no files)")
            }
            if key == "markers" { try refuseIcons(value, names) }
        }
        var record = fields
        record["style"] = nil
        if record["id"] == nil { record["id"] = .string("static") }
        do {
            let item = try BatchManifest.item(record, line: 1, folder: nil, defaults: MapRequest())
            try check(item.request, names)
            return Parsed(styleID: styleID, item: item, names: names)
        } catch {
            throw names.refusal(error)
        }
    }

    /// Markers given as objects may name an `icon` file: refused.
    private static func refuseIcons(_ value: JSONValue, _ names: RouteFieldNames) throws(HTTPError) {
        guard case .array(let list) = value else { return }
        for (i, m) in list.enumerated() {
            if case .object(let o) = m, o["icon"] != nil {
                throw .badRequest("\(names.name(FieldPath("markers").appending(index: i))).icon: the server reads no files a request names; icon markers are not served")
            }
        }
    }

    /// Whatever the fields were, the request reads no file (a second line of defence).
    static func check(_ r: MapRequest, _ names: RouteFieldNames) throws(RequestError) {
        let o = r.overlays
        guard r.style.tiles.isEmpty, r.style.sources.isEmpty, r.style.sprite == nil, r.style.glyphs == nil, o.trackFiles.isEmpty, o.geoJSONFiles.isEmpty,
              !o.markers.contains(where: { $0.icon != nil }) else {
            throw RequestError("style", "the server reads no files a request names")
        }
        try r.requireImageOutput("served images")
    }
}
