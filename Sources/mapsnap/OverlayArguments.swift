import Foundation
import MapsnapFormats
import MapsnapKit

/// The overlay options of `mapsnap` (markers, user location, circles, tracks, GeoJSON files) and
/// what reading them reported.
struct OverlayArguments {
    var overlays: [Overlay] = []
    var trackFiles: [String] = []
    var geoJSONFiles: [String] = []
    var filter = FixFilter()
    var trackEndpoints = true
    var trackColor: Color?
    var reducedAccuracy = false

    static let help = """
    Overlays (coordinates latitude first; GeoJSON files use [lon, lat] as RFC 7946 says):
      --marker LAT,LON[,COLOR[,TITLE[,GLYPH]]]  a balloon pin; GLYPH is 1-2 characters (repeatable)
      --user LAT,LON,ACCURACY_M[,HEADING]       the user's location with its GPS accuracy circle
      --reduced-accuracy                        show --user as an approximate location (circle only)
      --circle LAT,LON,RADIUS_M[,COLOR]         a geofence circle, geodesic (repeatable)
      --track FILE                              a track from .gpx, .geojson or .csv (lat,lon[,accuracy_m][,time]) (repeatable)
      --overlay FILE.geojson                    GeoJSON styled with simplestyle-spec properties (repeatable)
      --track-color COLOR                       colour of --track lines (default blue)
      --no-track-endpoints                      no start/end dots on tracks
      --accuracy-limit M|none                   drop fixes with accuracy worse than M meters (default 100)
      --min-distance M                          drop fixes closer than M meters to the last kept one (default off)
      --keep-time-regressions                   keep fixes whose time goes backwards or repeats (default: dropped)
      --coords wgs84|gcj02                      datum of overlay coordinates and --center (gcj02: mainland China maps)
    """

    /// Reads one option if it is an overlay option; false when it is not one.
    mutating func parse(_ name: String, _ inline: String?, _ args: inout ArgumentList) throws(UsageError) -> Bool {
        switch name {
        case "--marker":
            overlays.append(.marker(try Self.marker(try args.value(for: name, inline: inline), option: name)))
        case "--user":
            overlays.append(.userLocation(try Self.user(try args.value(for: name, inline: inline), option: name)))
        case "--reduced-accuracy":
            reducedAccuracy = true
        case "--circle":
            overlays.append(.circle(try Self.circle(try args.value(for: name, inline: inline), option: name)))
        case "--track":
            trackFiles.append(try args.value(for: name, inline: inline))
        case "--overlay":
            geoJSONFiles.append(try args.value(for: name, inline: inline))
        case "--track-color":
            trackColor = try Self.color(try args.value(for: name, inline: inline), option: name)
        case "--no-track-endpoints":
            trackEndpoints = false
        case "--accuracy-limit":
            let v = try args.value(for: name, inline: inline)
            if v == "none" { filter.maxAccuracyMeters = nil } else {
                filter.maxAccuracyMeters = try Self.meters(v, option: name, what: "accuracy limit")
            }
        case "--min-distance":
            let v = try parseNumber(try args.value(for: name, inline: inline), option: name)
            guard v >= 0, v.isFinite else { throw UsageError(option: name, message: "must be 0 or more meters, got \(MessageNumber.format(v))") }
            filter.minDistanceMeters = v > 0 ? v : nil
        case "--keep-time-regressions":
            filter.dropTimeRegressions = false
        default:
            return false
        }
        return true
    }

    /// Loads the files named by --track and --overlay. Warnings (an empty track) go to `warn`,
    /// filtering reports to `report`.
    mutating func loadFiles(warn: (String) -> Void, report: (String) -> Void) throws(UsageError) {
        if reducedAccuracy {
            overlays = overlays.map {
                if case .userLocation(var u) = $0 { u.reducedAccuracy = true; return .userLocation(u) }
                return $0
            }
        }
        var style = Track(segments: [])
        if let trackColor { style.color = trackColor }
        for path in trackFiles {
            do {
                let result = try TrackFile.load(path: path, filter: filter, style: style, startEndMarkers: trackEndpoints)
                overlays += result.overlays
                result.warnings.forEach(warn)
                result.reports.forEach { report("\(path): \($0)") }
            } catch {
                throw UsageError(option: "--track", message: error.description)
            }
        }
        for path in geoJSONFiles {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError(option: "--overlay", message: "\(path): no such file")
            }
            do { overlays += try GeoJSONOverlayReader.read(data, fileName: path) } catch {
                throw UsageError(option: "--overlay", message: error.description)
            }
        }
    }

    // MARK: values (parsed by MapsnapKit's OverlaySpec, shared with batch manifests)

    static func spec<T>(_ option: String, _ parse: () throws(OverlaySpec.Problem) -> T) throws(UsageError) -> T {
        do { return try parse() } catch { throw UsageError(option: option, message: error.message) }
    }
    static func meters(_ text: String, option: String, what: String) throws(UsageError) -> Double {
        try spec(option) { () throws(OverlaySpec.Problem) in try OverlaySpec.meters(text, what: what) }
    }
    static func color(_ text: String, option: String) throws(UsageError) -> Color {
        try spec(option) { () throws(OverlaySpec.Problem) in try OverlaySpec.color(text) }
    }
    static func marker(_ text: String, option: String) throws(UsageError) -> Marker {
        try spec(option) { () throws(OverlaySpec.Problem) in try OverlaySpec.marker(text) }
    }
    static func user(_ text: String, option: String) throws(UsageError) -> UserLocation {
        try spec(option) { () throws(OverlaySpec.Problem) in try OverlaySpec.user(text) }
    }
    static func circle(_ text: String, option: String) throws(UsageError) -> GeoCircle {
        try spec(option) { () throws(OverlaySpec.Problem) in try OverlaySpec.circle(text) }
    }
}
