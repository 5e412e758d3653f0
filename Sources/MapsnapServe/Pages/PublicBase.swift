/// The URL clients reach the server at, for the links in TileJSON, WMTS and the preview page:
/// `--public-url` when given (behind a proxy or CDN), else the proxy's `X-Forwarded-Proto` and
/// `X-Forwarded-Host`, else the request's `Host`, else the address the server listens on. Header
/// values that are not a plain host[:port] are ignored (they end up inside JSON and XML).
public enum PublicBase {
    public static func resolve(publicURL: String?, headers: [String: String], listening: String) -> String {
        if let publicURL { return trimmed(publicURL) }
        let proto = headers["x-forwarded-proto"].flatMap { first($0) }.map { $0.lowercased() }
        let scheme = proto == "https" || proto == "http" ? proto! : "http"
        if let host = headers["x-forwarded-host"].flatMap({ first($0) }).flatMap(validHost) { return "\(scheme)://\(host)" }
        if let host = headers["host"].flatMap(validHost) { return "\(scheme)://\(host)" }
        return "http://\(listening)"
    }

    /// The first of a comma-separated list (proxies append theirs).
    static func first(_ value: String) -> String? {
        value.split(separator: ",").first.map { String($0).trimmingSpaces }
    }

    /// `name`, `name:port`, `1.2.3.4:80`, `[::1]:8080`: letters, digits, `.-:[]` only, at most 255 bytes.
    public static func validHost(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.count <= 255,
              text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || ".-:[]".unicodeScalars.contains($0) })
        else { return nil }
        return text
    }

    /// `http(s)://host[:port][/path]` with a host `validHost` accepts and a path of URL characters.
    public static func validURL(_ text: String) -> Bool {
        for scheme in ["http://", "https://"] where text.hasPrefix(scheme) {
            let rest = text.dropFirst(scheme.count)
            let host = rest.prefix { $0 != "/" }
            let path = rest.dropFirst(host.count)
            return validHost(String(host)) != nil && path.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"\"<>\\^`{|}".unicodeScalars.contains($0) }
        }
        return false
    }

    static func trimmed(_ url: String) -> String {
        var u = url
        while u.hasSuffix("/") { u.removeLast() }
        return u
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
