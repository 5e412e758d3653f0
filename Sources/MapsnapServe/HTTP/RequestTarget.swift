/// A request target split the way every route needs it: the path into `/`-separated segments and
/// the query into name/value pairs, both percent-decoded only after splitting (so an encoded `/`
/// inside a Mapbox GeoJSON overlay, `%2F`, stays inside its segment). Query values decode `+` as
/// a space (HTML forms), path segments do not. Repeated query names keep every value, in order.
public struct RequestTarget: Sendable, Equatable {
    /// Decoded path segments: `/styles/light/14/1/2.png` → `["styles", "light", "14", "1", "2.png"]`
    /// (`/` alone → `[]`; a trailing slash gives a last empty segment).
    public var segments: [String]
    public var query: [QueryItem]

    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// Splits and decodes `raw` (origin form `/path?query`; an absolute URL's scheme and host are
    /// dropped). Malformed escapes or bytes that are not UTF-8 are a 400 naming the part.
    public init(parsing raw: String) throws(HTTPError) {
        var text = Substring(raw)
        if let fragment = text.firstIndex(of: "#") { text = text[..<fragment] }
        for scheme in ["http://", "https://"] where text.lowercased().hasPrefix(scheme) {
            text = text.dropFirst(scheme.count)
            text = text.firstIndex(of: "/").map { text[$0...] } ?? "/"
        }
        guard text.first == "/" else { throw .badRequest("the request target must start with '/', got '\(Self.shown(raw))'") }
        let path: Substring, query: Substring?
        if let q = text.firstIndex(of: "?") {
            path = text[..<q]
            query = text[text.index(after: q)...]
        } else {
            (path, query) = (text, nil)
        }
        segments = []
        for part in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            segments.append(try PercentDecoding.decode(part, plusIsSpace: false, what: "the path"))
        }
        if segments == [""] { segments = [] }
        self.query = []
        for pair in (query ?? "").split(separator: "&") where !pair.isEmpty {
            let eq = pair.firstIndex(of: "=")
            let name = try PercentDecoding.decode(eq.map { pair[..<$0] } ?? pair, plusIsSpace: true, what: "a query parameter's name")
            let value = try eq.map { e throws(HTTPError) in
                try PercentDecoding.decode(pair[pair.index(after: e)...], plusIsSpace: true, what: "query parameter '\(Self.shown(name))'")
            } ?? ""
            self.query.append(QueryItem(name: name, value: value))
        }
    }

    /// Every value of the query parameter `name`, in order.
    public func values(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }

    /// Text from a request for a message: at most 60 characters, control characters replaced.
    static func shown<S: StringProtocol>(_ s: S) -> String {
        let cleaned = String(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return cleaned.count > 60 ? String(cleaned.prefix(57)) + "..." : cleaned
    }
}
