import Foundation
import MapsnapGeo
import MapsnapFormats

/// Loads a track file for `--track`: `.gpx`, `.geojson` / `.json` or `.csv`, chosen by extension
/// (case-insensitive).
///
/// - GPX: each `trk` and each `rte` becomes a `Track` (a track's `trkseg`s are its segments), its
///   fixes filtered first, track by track; waypoints become markers. The track's `<name>` is its
///   title unless `style` has one.
/// - CSV: the fixes, filtered, become one single-segment track.
/// - GeoJSON: every overlay in the file; lines start from `style` and take their own simplestyle
///   properties. Nothing is filtered (GeoJSON positions carry no accuracy or time).
///
/// Messages and warnings name the file by `path` as given. Segments left empty by the filter are
/// removed. A track with no points, or whose fixes were all filtered out, is not drawn and is not
/// an error: a warning to `warnings` says so and the rest of the map still renders. So does a file
/// with nothing to draw. `startEndMarkers` sets both `startMarker` and `endMarker` of every track.
public enum TrackFile {
    public static func load(path: String, filter: FixFilter, style: Track,
                            startEndMarkers: Bool, warnings: WarningLog) throws(OverlayError) -> TrackLoadResult {
        let name = path
        let kind = (path as NSString).pathExtension.lowercased()
        guard ["gpx", "geojson", "json", "csv"].contains(kind) else { throw .unsupportedFileType(path) }
        let data = try read(path)
        Trace.mark("track file read")

        var style = style
        style.startMarker = startEndMarkers
        style.endMarker = startEndMarkers
        var result = TrackLoadResult()
        switch kind {
        case "gpx":
            let document = try GPXReader.read(data, fileName: name)
            Trace.mark("GPX parsed")
            var report: FixFilterReport?
            func add(_ segments: [[Fix]], title: String?, what: String) {
                let total = segments.reduce(0) { $0 + $1.count }
                guard total > 0 else {
                    warnings.warn("\(name): \(what) has no points")
                    return
                }
                let (kept, filtered) = filterSegments(segments, filter)
                report = report.map { $0 + filtered } ?? filtered
                guard !kept.isEmpty else {
                    warnings.warn("\(name): \(allFixes(total)) of \(what) \(total == 1 ? "was" : "were") filtered out (\(filtered))")
                    return
                }
                var track = style
                track.segments = kept
                track.title = style.title ?? title
                result.overlays.append(.track(track))
            }
            for (i, segments) in document.tracks.enumerated() {
                add(segments, title: document.trackNames[i], what: label("track", i, document.trackNames[i]))
            }
            for (i, fixes) in document.routes.enumerated() {
                add([fixes], title: document.routeNames[i], what: label("route", i, document.routeNames[i]))
            }
            result.overlays += document.waypoints.map(Overlay.marker)
            if let report { result.reports.append(report) }
            if document.tracks.isEmpty && document.routes.isEmpty && document.waypoints.isEmpty {
                warnings.warn("\(name): no track, route or waypoint")
            }
        case "csv":
            let fixes = try CSVFixReader.read(data, fileName: name)
            guard !fixes.isEmpty else {
                warnings.warn("\(name): no fixes")
                return result
            }
            let (kept, report) = filter.apply(fixes)
            result.reports.append(report)
            guard !kept.isEmpty else {
                warnings.warn("\(name): \(allFixes(fixes.count)) \(fixes.count == 1 ? "was" : "were") filtered out (\(report))")
                return result
            }
            var track = style
            track.segments = [kept.map(\.coordinate)]
            result.overlays.append(.track(track))
        default:
            result.overlays = try GeoJSONOverlayReader.read(data, fileName: name, trackStyle: style)
            if result.overlays.isEmpty { warnings.warn("\(name): no features to draw") }
        }
        return result
    }

    /// Filters a track's segments as one sequence (a time going backwards across a segment break is
    /// still a regression) and keeps the segment breaks.
    static func filterSegments(_ segments: [[Fix]], _ filter: FixFilter) -> ([[LatLon]], FixFilterReport) {
        if segments.count == 1 {
            // Most tracks are one segment: no joined copy of the fixes to make.
            let fixes = segments[0]
            var kept: [LatLon] = []
            kept.reserveCapacity(fixes.count)
            let report = filter.forEachKept(fixes) { kept.append(fixes[$0].coordinate) }
            return (kept.isEmpty ? [] : [kept], report)
        }
        var all: [Fix] = []
        var segmentOf: [Int] = []
        for (s, fixes) in segments.enumerated() {
            all += fixes
            segmentOf += repeatElement(s, count: fixes.count)
        }
        let (indices, report) = filter.keptIndices(all)
        var kept: [[LatLon]] = Array(repeating: [], count: segments.count)
        for i in indices { kept[segmentOf[i]].append(all[i].coordinate) }
        return (kept.filter { !$0.isEmpty }, report)
    }

    /// "all 1,234 fixes", or "the only fix".
    private static func allFixes(_ count: Int) -> String {
        count == 1 ? "the only fix" : "all \(FixFilterReport.grouped(count)) fixes"
    }

    private static func label(_ kind: String, _ index: Int, _ name: String?) -> String {
        name.map { "\(kind) \(index + 1) (\($0))" } ?? "\(kind) \(index + 1)"
    }

    private static func read(_ path: String) throws(OverlayError) -> Data {
        do { return try InputFile.read(path) } catch {
            if case .missing = error { throw .noSuchFile(path) }
            throw .unreadableFile(path, reason: error.reason)
        }
    }
}
