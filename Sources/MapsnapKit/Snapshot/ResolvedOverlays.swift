import Foundation
import MapsnapGeo
import MapsnapOverlays
import MapsnapStyle
import MapsnapFormats

/// A request's overlays ready to draw: files read, coordinates in WGS-84. Reading a file may
/// report (fixes dropped by the filter) and warn (an empty track, to the caller's `WarningLog`).
public struct ResolvedOverlays: Sendable {
    /// In the order they were given, files after values, inline GeoJSON last.
    public var overlays: [Overlay] = []
    /// What the fix filter dropped, per file (`-v`).
    public var reports: [String] = []
}

extension OverlayRequest {
    /// Reads the track and GeoJSON files and converts GCJ-02 coordinates to WGS-84. Errors name the
    /// file's field: `tracks[1]`, `overlays[0]`; what will not be drawn goes to `warnings`.
    public func resolved(coordinateSystem: MapRequest.CoordinateSystem, warnings: WarningLog) throws(RequestError) -> ResolvedOverlays {
        var out = ResolvedOverlays()
        out.overlays += polygons.map(Overlay.polygon) + circles.map(Overlay.circle) + tracks.map(Overlay.track)
        if var u = userLocation {
            if reducedAccuracy { u.reducedAccuracy = true }
            out.overlays.append(.userLocation(u))
        }
        out.overlays += markers.map(Overlay.marker)
        var style = Track(segments: [])
        if let color = trackStyle.color { style.color = color }
        for (i, path) in trackFiles.enumerated() {
            do {
                let result = try TrackFile.load(path: path, filter: trackStyle.filter, style: style, startEndMarkers: trackStyle.endpoints,
                                                warnings: warnings)
                out.overlays += result.overlays
                out.reports += result.reports.map { "\(path): \($0)" }
            } catch {
                throw RequestError(FieldPath("tracks").appending(index: i), error.description)
            }
        }
        for (i, path) in geoJSONFiles.enumerated() {
            let field = FieldPath("overlays").appending(index: i)
            let data: Data
            do { data = try InputFile.read(path) } catch { throw RequestError(field, error.description) }
            do { out.overlays += try GeoJSONOverlayReader.read(data, fileName: path) } catch {
                throw RequestError(field, error.description)
            }
        }
        out.overlays += geoJSON
        if coordinateSystem == .gcj02 { out.overlays = out.overlays.map { $0.transformed(by: GCJ02.toWGS84) } }
        return out
    }
}
