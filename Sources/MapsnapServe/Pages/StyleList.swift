import MapsnapFormats
import MapsnapKit

/// `/styles`: every style with its id, name and the URLs of its TileJSON, tiles and WMTS
/// capabilities (as tileserver-gl's `/styles.json`).
enum StyleList {
    static func document(_ styles: [ServedStyle], base: String, format: ImageEncoding.Format = .png) -> JSONValue {
        .array(styles.map { s in
            .object(JSONObject([
                ("id", .string(s.id)),
                ("name", .string(s.name)),
                ("url", .string("\(base)/styles/\(s.id).json")),
                ("tiles", .string("\(base)/styles/\(s.id)/{z}/{x}/{y}.\(format.fileExtension)")),
                ("wmts", .string("\(base)/styles/\(s.id)/wmts.xml")),
            ]))
        })
    }
}
