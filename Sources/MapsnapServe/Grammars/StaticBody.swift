import Foundation
import MapsnapFormats
import MapsnapKit

/// `POST /static` with a JSON body: one batch-manifest item (`{"center": [43.736, 7.426],
/// "geojson": {…}, "title": "…"}`), for tracks and GeoJSON too long for a URL. `id` may be left
/// out; `style` is a configured style's id. Errors name the JSON field (`markers[1].lat`).
public enum StaticBody {
    public static func parse(_ body: Data) throws(HTTPError) -> StaticItem.Parsed {
        let value: JSONValue
        do { value = try JSONValue.parse(body) } catch {
            throw .badRequest("body: not valid JSON: \(error.message) (line \(error.line), column \(error.column))")
        }
        guard case .object(let object) = value else { throw .badRequest("body: expected one JSON object (a manifest item), got \(value.summary)") }
        var styleID: String?
        if let style = object["style"] {
            guard case .string(let s) = style else { throw .badRequest("style: expected a style id, got \(style.summary)") }
            styleID = s
        }
        return try StaticItem.read(object, styleID: styleID, names: .asFields)
    }
}
