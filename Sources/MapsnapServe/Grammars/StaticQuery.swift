import MapsnapFormats
import MapsnapKit

/// `GET /static?center=43.736,7.426&meters=800&marker=…`: the query parameters are the request's
/// field names (the manifest's keys, the CLI's words without dashes) with their text forms, read
/// by the manifest's reader. A repeatable field takes one value per parameter (`marker=…&marker=…`;
/// a `;` is part of the value, a title may hold one) and also answers to the singular the CLI
/// uses: `marker` = `markers`, `circle` = `circles`. A single-valued parameter given twice keeps
/// the last value, as on the command line. `style` is a configured style's id.
public enum StaticQuery {
    /// Singular aliases (the CLI's flag words) → the field.
    public static let aliases = ["marker": "markers", "circle": "circles"]

    public static func parse(_ query: [RequestTarget.QueryItem]) throws(HTTPError) -> StaticItem.Parsed {
        var names = RouteFieldNames()
        var object = JSONObject()
        var styleID: String?
        for item in query {
            let field = aliases[item.name] ?? item.name
            if field != item.name { names.fields[field] = item.name }
            if field == "style" { styleID = item.value; continue }
            if field == "access_token" { continue }
            if let repeated = RequestField.named(field), repeated.repeatable {
                var list: [JSONValue] = []
                if case .array(let a)? = object[field] { list = a }
                list.append(.string(item.value))
                object[field] = .array(list)
            } else {
                object[field] = .string(item.value)
            }
        }
        return try StaticItem.read(object, styleID: styleID, names: names)
    }
}
