import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapOverlays
import MapsnapRender

/// One field of a map request by name, with how its text form is read: the table every front
/// end shares. A CLI option declares which field it fills (`--meters` → `meters`), a manifest's
/// keys and CSV columns are field names, and so are the server's query parameters; so a value is
/// read, checked and worded the same everywhere.
public struct RequestField: Sendable {
    /// The field's name: a manifest key, a query parameter, the root of its error paths.
    public let name: String
    /// Given more than once, the values add up (markers) instead of the last one winning.
    public let repeatable: Bool
    /// The form of the value, for help texts: `LAT,LON`.
    public let valueForm: String
    let read: @Sendable (inout MapRequest, String, FieldPath, FieldContext) throws(RequestError) -> Void

    /// Sets the field from its text form. `context.folder` resolves relative paths (a manifest's
    /// folder); errors carry this field's path (with the index of a repeated value).
    public func apply(_ text: String, to request: inout MapRequest, context: FieldContext = FieldContext()) throws(RequestError) {
        try read(&request, text, FieldPath(name), context)
    }
}

/// What reading a field needs besides its text.
public struct FieldContext: Sendable {
    /// Relative file paths are relative to this folder (nil: the current folder).
    public var folder: String?
    public init(folder: String? = nil) { self.folder = folder }

    /// `path` as given, or inside `folder` when it is relative.
    public func resolve(_ path: String) -> String {
        guard let folder, !path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: folder).appendingPathComponent(path).path
    }
}

extension RequestField {
    /// Every field, by name.
    public static func named(_ name: String) -> RequestField? { byName[name] }

    public static let all: [RequestField] = camera + image + styleAndData + overlays + decorations
    private static let byName: [String: RequestField] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    private static func field(_ name: String, _ form: String, repeatable: Bool = false,
                              _ read: @escaping @Sendable (inout MapRequest, String, FieldPath, FieldContext) throws(RequestError) -> Void) -> RequestField {
        RequestField(name: name, repeatable: repeatable, valueForm: form, read: read)
    }

    static let camera: [RequestField] = [
        field("center", "LAT,LON") { r, t, f, _ throws(RequestError) in r.center = try FieldText.latLon(t, f) },
        field("meters", "M") { r, t, f, _ throws(RequestError) in r.meters = try FieldText.number(t, f) },
        field("zoom", "Z") { r, t, f, _ throws(RequestError) in r.zoom = try FieldText.number(t, f) },
        field("fit", "true|false") { r, t, f, _ throws(RequestError) in r.fit = try FieldText.bool(t, f) },
        field("bounds", "W,S,E,N") { r, t, f, _ throws(RequestError) in r.bounds = try FieldText.bounds(t, f) },
        field("padding", "PT") { r, t, f, _ throws(RequestError) in r.padding = try FieldText.number(t, f) },
        field("bearing", "DEG") { r, t, f, _ throws(RequestError) in r.bearing = try FieldText.number(t, f) },
        field("pitch", "DEG") { r, t, f, _ throws(RequestError) in r.pitch = try FieldText.number(t, f) },
    ]

    static let image: [RequestField] = [
        field("size", "WxH") { r, t, f, _ throws(RequestError) in r.size = try FieldText.size(t, f) },
        field("scale", "N") { r, t, f, _ throws(RequestError) in r.pixelRatio = try FieldText.number(t, f) },
        // An image format, or a vector document (the last one given wins).
        field("format", "png|webp|jpeg|pdf|svg") { r, t, f, _ throws(RequestError) in
            if let document = VectorFormat(rawValue: t.lowercased()) {
                (r.vectorFormat, r.encoding.format) = (document, nil)
                return
            }
            guard let image = t.lowercased() == "jpg" ? .jpeg : ImageEncoding.Format(rawValue: t.lowercased()) else {
                let names = ImageEncoding.Format.allCases.map(\.rawValue) + VectorFormat.allCases.map(\.rawValue)
                throw RequestError(f, "'\(t)' is not one of \(names.joined(separator: ", "))")
            }
            (r.vectorFormat, r.encoding.format) = (nil, image)
        },
        field("quality", "1-100") { r, t, f, _ throws(RequestError) in
            let q = try FieldText.number(t, f)
            guard q == q.rounded(), (1...100).contains(q) else { throw RequestError(f, "must be a whole number from 1 to 100, got '\(t)'") }
            r.encoding.quality = Int(q)
        },
        // A compression, `palette`, or both: `palette,small`.
        field("png", "fast|balanced|small|palette") { r, t, f, _ throws(RequestError) in
            var palette = false
            for word in t.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                if word.lowercased() == "palette" { palette = true; continue }
                guard let c = PNGCompression(rawValue: word.lowercased()) else {
                    throw RequestError(f, "'\(word)' is not one of fast, balanced, small, palette")
                }
                r.encoding.pngCompression = c
            }
            r.encoding.palette = palette
        },
    ]

    static let styleAndData: [RequestField] = [
        field("style", "NAME|PATH") { r, t, _, c in
            let ref = StyleReference(t)
            if case .file(let path) = ref { r.style.style = .file(c.resolve(path)) } else { r.style.style = ref }
        },
        field("tiles", "PATH", repeatable: true) { r, t, _, c in r.style.tiles.append(c.resolve(t)) },
        field("sources", "NAME=PATH", repeatable: true) { r, t, f, c throws(RequestError) in
            let (name, path) = try FieldText.source(t, f)
            r.style.sources[name] = c.resolve(path)
        },
        field("sprite", "PATH") { r, t, _, c in r.style.sprite = c.resolve(t) },
        field("glyphs", "DIR") { r, t, _, c in r.style.glyphs = c.resolve(t) },
        field("text-engine", "auto|glyphs|pango") { r, t, f, _ throws(RequestError) in r.textEngine = try FieldText.choice(t, f) },
        field("poi", "show|none|true|false") { r, t, f, _ throws(RequestError) in
            r.hidePointsOfInterest = try FieldText.switchWord(t, f, words: ["show", "none"], on: "show", off: "none") == "none"
        },
    ]

    static let overlays: [RequestField] = [
        field("markers", "LAT,LON[,COLOR[,TITLE[,GLYPH]]]", repeatable: true) { r, t, f, _ throws(RequestError) in
            r.overlays.markers.append(try FieldText.marker(t, f.appending(index: r.overlays.markers.count)))
        },
        field("marker-icons", "LAT,LON,PATH.png[,ANCHOR[,SCALE]]", repeatable: true) { r, t, _, c throws(RequestError) in
            let path = FieldPath("markers").appending(index: r.overlays.markers.count)
            var m = try FieldText.markerIcon(t, path)
            if let icon = m.icon { m.icon?.path = c.resolve(icon.path) }
            try MapRequest.checkIconScale(m, path)
            r.overlays.markers.append(m)
        },
        field("user", "LAT,LON,ACCURACY_M[,HEADING]") { r, t, f, _ throws(RequestError) in
            r.overlays.userLocation = try FieldText.user(t, f)
        },
        field("reduced-accuracy", "true|false") { r, t, f, _ throws(RequestError) in
            r.overlays.reducedAccuracy = try FieldText.bool(t, f)
        },
        field("circles", "LAT,LON,RADIUS_M[,COLOR]", repeatable: true) { r, t, f, _ throws(RequestError) in
            r.overlays.circles.append(try FieldText.circle(t, f.appending(index: r.overlays.circles.count)))
        },
        field("tracks", "FILE", repeatable: true) { r, t, _, c in r.overlays.trackFiles.append(c.resolve(t)) },
        field("overlays", "FILE.geojson", repeatable: true) { r, t, _, c in r.overlays.geoJSONFiles.append(c.resolve(t)) },
        field("track-color", "COLOR") { r, t, f, _ throws(RequestError) in r.overlays.trackStyle.color = try FieldText.color(t, f) },
        field("track-endpoints", "true|false") { r, t, f, _ throws(RequestError) in r.overlays.trackStyle.endpoints = try FieldText.bool(t, f) },
        field("accuracy-limit", "M|none") { r, t, f, _ throws(RequestError) in
            r.overlays.trackStyle.filter.maxAccuracyMeters = t == "none" ? nil : try FieldText.meters(t, f, what: "accuracy limit")
        },
        field("min-distance", "M") { r, t, f, _ throws(RequestError) in
            let v = try FieldText.number(t, f)
            try MapRequest.checkMinDistance(v, f)
            r.overlays.trackStyle.filter.minDistanceMeters = v > 0 ? v : nil
        },
        field("keep-time-regressions", "true|false") { r, t, f, _ throws(RequestError) in
            r.overlays.trackStyle.filter.dropTimeRegressions = !(try FieldText.bool(t, f))
        },
        field("before-layer", "LAYER") { r, t, f, _ throws(RequestError) in
            guard !t.isEmpty else { throw RequestError(f, "needs a style layer id") }
            r.overlaysBelowLayer = t
        },
        field("coords", "wgs84|gcj02") { r, t, f, _ throws(RequestError) in r.coordinateSystem = try FieldText.choice(t, f) },
    ]

    static let decorations: [RequestField] = [
        // Switches take true/false too (JSON booleans in manifests, 1/0 in query strings).
        field("scale-bar", "metric|imperial|true|false") { r, t, f, _ throws(RequestError) in
            r.decorations.scaleBar = try FieldText.switchWord(t, f, words: ["metric", "imperial"], on: "metric", off: nil)
                .flatMap(ScaleBarUnits.init(rawValue:))
        },
        field("compass", "auto|on|off") { r, t, f, _ throws(RequestError) in
            let word = try FieldText.switchWord(t, f, words: ["auto", "on", "off"], on: "on", off: "off",
                                                aliases: ["always": "on", "never": "off"])
            r.decorations.compass = word.flatMap(Decorations.CompassMode.init(rawValue:)) ?? .off
        },
        field("attribution", "true|false") { r, t, f, _ throws(RequestError) in r.decorations.attribution = try FieldText.bool(t, f) },
        field("collision-boxes", "show|none|true|false") { r, t, f, _ throws(RequestError) in
            r.decorations.collisionBoxes = try FieldText.switchWord(t, f, words: ["show", "none"], on: "show", off: "none") == "show"
        },
    ]
}
