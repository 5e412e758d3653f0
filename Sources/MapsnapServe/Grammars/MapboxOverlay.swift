import MapsnapFormats
import MapsnapKit

/// One overlay of the Mapbox Static Images API's `{overlay}` path segment (a comma-separated
/// list, drawn in order):
///
/// - `pin-s|pin-l[-{label}][+{color}]({lon},{lat})`: a small or large balloon; the label is a
///   letter or a number 0–99 (drawn inside it); the colour 3 or 6 hex digits.
/// - `path-{strokeWidth}+{strokeColor}-{strokeOpacity}+{fillColor}-{fillOpacity}({polyline})`:
///   a Google-encoded polyline (precision 5), every style part optional; with a fill colour it is
///   a filled area (closed), else a line.
/// - `geojson({…})`: GeoJSON styled with simplestyle-spec, as `--overlay` reads it.
///
/// Not supported, refused by name: `url-{url}(…)` markers (their image would be fetched from the
/// internet) and Maki icon labels (`pin-s-bus`).
public enum MapboxOverlay: Sendable, Equatable {
    case pin(Marker)
    case line(Track)
    case area(PolygonOverlay)
    case geojson(JSONValue)

    /// The overlays of the segment, each with its text (for messages).
    public static func parseList(_ text: String) throws(HTTPError) -> [(overlay: MapboxOverlay, text: String)] {
        var out: [(MapboxOverlay, String)] = []
        for (n, item) in try split(text).enumerated() {
            let shown = "overlay \(n + 1) (\(RequestTarget.shown(item.name)))"
            out.append((try parse(name: item.name, content: item.content, shown), String(item.name)))
        }
        return out
    }

    /// `a(…),b(…)`: commas inside the parentheses (coordinates, GeoJSON) do not separate items;
    /// parentheses inside JSON strings do not count.
    static func split(_ text: String) throws(HTTPError) -> [(name: Substring, content: Substring)] {
        var items: [(Substring, Substring)] = []
        var i = text.startIndex
        while i < text.endIndex {
            guard let open = text[i...].firstIndex(of: "(") else {
                throw .badRequest("overlay \(items.count + 1) ('\(RequestTarget.shown(text[i...]))'): expected NAME(…) (pin-s(lon,lat), path(polyline), geojson({…}))")
            }
            let name = text[i..<open]
            var depth = 0, inString = false, escaped = false
            var close: String.Index?
            var j = open
            while j < text.endIndex {
                let c = text[j]
                if inString {
                    if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                } else if c == "\"" {
                    inString = true
                } else if c == "(" {
                    depth += 1
                } else if c == ")" {
                    depth -= 1
                    if depth == 0 { close = j; break }
                }
                j = text.index(after: j)
            }
            guard let close else { throw .badRequest("overlay \(items.count + 1) (\(RequestTarget.shown(name))): '(' is never closed") }
            items.append((name, text[text.index(after: open)..<close]))
            i = text.index(after: close)
            if i < text.endIndex {
                guard text[i] == "," else { throw .badRequest("overlay \(items.count) (\(RequestTarget.shown(name))): expected ',' after ')'") }
                i = text.index(after: i)
                guard i < text.endIndex else { throw .badRequest("overlay \(items.count + 1): missing after the last ','") }
            }
        }
        guard !items.isEmpty else { throw .badRequest("overlay: empty") }
        return items
    }

    static func parse(name: Substring, content: Substring, _ shown: String) throws(HTTPError) -> MapboxOverlay {
        if name == "geojson" {
            do { return .geojson(try JSONValue.parse(String(content))) } catch {
                throw .badRequest("\(shown): not valid JSON: \(error.message) (column \(error.column))")
            }
        }
        if name.hasPrefix("url-") {
            throw .badRequest("\(shown): url- markers are not supported (the server fetches nothing from the internet); use pin-s or pin-l")
        }
        if name.hasPrefix("pin-s") || name.hasPrefix("pin-l") { return .pin(try pin(name, content, shown)) }
        if name == "path" || name.hasPrefix("path-") || name.hasPrefix("path+") { return try path(name, content, shown) }
        throw .badRequest("\(shown): unknown overlay (pin-s, pin-l, path, geojson; url- markers are not supported)")
    }

    /// `pin-s-a+f00(lon,lat)`.
    static func pin(_ name: Substring, _ content: Substring, _ shown: String) throws(HTTPError) -> Marker {
        var rest = name.dropFirst(5)
        var m = Marker(coordinate: try lonLat(content, shown), size: name.hasPrefix("pin-l") ? .large : .small)
        if let plus = rest.firstIndex(of: "+") {
            m.color = try hexColor(rest[rest.index(after: plus)...], shown)
            rest = rest[..<plus]
        }
        if !rest.isEmpty {
            guard rest.first == "-", rest.count > 1 else { throw .badRequest("\(shown): expected pin-s[-LABEL][+COLOR]") }
            let label = String(rest.dropFirst())
            let isNumber = label.count <= 2 && label.allSatisfy { ("0"..."9").contains($0) }
            let isLetter = label.count == 1 && label.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
            guard isNumber || isLetter else {
                throw .badRequest("\(shown): label '\(RequestTarget.shown(label))': Maki icons are not supported (a letter a-z or a number 0-99)")
            }
            m.glyph = label
        }
        return m
    }

    /// `path-5+f44-0.5+00f-0.25(polyline)`.
    static func path(_ name: Substring, _ content: Substring, _ shown: String) throws(HTTPError) -> MapboxOverlay {
        let parts = name.split(separator: "+", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { throw .badRequest("\(shown): expected path-WIDTH+COLOR-OPACITY+FILL-OPACITY(polyline)") }
        var width: Double?
        if parts[0] != "path" {
            guard parts[0].hasPrefix("path-") else { throw .badRequest("\(shown): expected path-WIDTH") }
            width = try number(parts[0].dropFirst(5), "stroke width", shown, 0.1...100)
        }
        let stroke = parts.count > 1 ? try colorAndOpacity(parts[1], "stroke", shown) : nil
        let fill = parts.count > 2 ? try colorAndOpacity(parts[2], "fill", shown) : nil
        let points: [LatLon]
        do { points = try GooglePolyline.decode(String(content)) } catch { throw .badRequest("\(shown): \(error)") }
        guard points.count >= 2 else { throw .badRequest("\(shown): a path needs at least 2 points, the polyline has \(points.count)") }
        if let fill {
            var ring = points
            if ring.first != ring.last { ring.append(ring[0]) }
            var area = PolygonOverlay(rings: [ring], fillColor: fill.color, fillOpacity: fill.opacity ?? 1)
            if let stroke { area.strokeColor = stroke.color; area.strokeOpacity = stroke.opacity ?? 1 }
            if let width { area.strokeWidth = width }
            return .area(area)
        }
        var line = Track(segments: [points], casingColor: nil)
        if let stroke { line.color = stroke.color; line.opacity = stroke.opacity ?? 1 }
        if let width { line.width = width }
        return .line(line)
    }

    static func colorAndOpacity(_ text: Substring, _ what: String, _ shown: String) throws(HTTPError) -> (color: Color, opacity: Double?) {
        let pieces = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let color = try hexColor(pieces[0], shown)
        return (color, pieces.count > 1 ? try number(pieces[1], "\(what) opacity", shown, 0...1) : nil)
    }

    /// 3 or 6 hexadecimal digits, no `#`.
    static func hexColor(_ text: Substring, _ shown: String) throws(HTTPError) -> Color {
        guard text.count == 3 || text.count == 6, text.allSatisfy(\.isHexDigit), let c = Color.parse("#" + text) else {
            throw .badRequest("\(shown): colour '\(RequestTarget.shown(text))' is not 3 or 6 hexadecimal digits")
        }
        return c
    }

    static func number(_ text: Substring, _ what: String, _ shown: String, _ range: ClosedRange<Double>) throws(HTTPError) -> Double {
        guard let v = Double(text), range.contains(v) else {
            throw .badRequest("\(shown): \(what) '\(RequestTarget.shown(text))' is not a number from \(MessageNumber.format(range.lowerBound)) to \(MessageNumber.format(range.upperBound))")
        }
        return v
    }

    /// `lon,lat` (longitude first, as everywhere in this API).
    static func lonLat(_ text: Substring, _ shown: String) throws(HTTPError) -> LatLon {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lon = Double(parts[0]), let lat = Double(parts[1]) else {
            throw .badRequest("\(shown): '\(RequestTarget.shown(text))' is not {lon},{lat}")
        }
        return LatLon(lat, lon)
    }
}
