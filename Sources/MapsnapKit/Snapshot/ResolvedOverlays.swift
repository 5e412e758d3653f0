import Foundation
import MapsnapGeo
import MapsnapOverlays
import MapsnapStyle
import MapsnapFormats

/// A request's overlays ready to draw: files read, coordinates in WGS-84. Reading a file may
/// warn (an empty track) and report (fixes dropped by the filter).
public struct ResolvedOverlays: Sendable {
    /// In the order they were given, files after values, inline GeoJSON last.
    public var overlays: [Overlay] = []
    public var warnings: [String] = []
    /// What the fix filter dropped, per file (`-v`).
    public var reports: [String] = []
}

extension OverlayRequest {
    /// At most this many overlay files are read at once, each on a thread of its own.
    static let filesReadAtOnce = 4

    /// Reads the track and GeoJSON files and converts GCJ-02 coordinates to WGS-84. Errors name the
    /// file's field: `tracks[1]`, `overlays[0]`.
    public func resolved(coordinateSystem: MapRequest.CoordinateSystem) throws(RequestError) -> ResolvedOverlays {
        var out = ResolvedOverlays()
        out.overlays += polygons.map(Overlay.polygon) + circles.map(Overlay.circle) + tracks.map(Overlay.track)
        if var u = userLocation {
            if reducedAccuracy { u.reducedAccuracy = true }
            out.overlays.append(.userLocation(u))
        }
        out.overlays += markers.map(Overlay.marker)
        var style = Track(segments: [])
        if let color = trackStyle.color { style.color = color }
        let trackStyle = trackStyle
        var reads: [() -> Result<ResolvedOverlays, RequestError>] = []
        for (i, path) in trackFiles.enumerated() {
            reads.append { [style] in
                Result { () throws(RequestError) in
                    do throws(OverlayError) {
                        let result = try TrackFile.load(path: path, filter: trackStyle.filter, style: style, startEndMarkers: trackStyle.endpoints)
                        return ResolvedOverlays(overlays: result.overlays, warnings: result.warnings,
                                                reports: result.reports.map { "\(path): \($0)" })
                    } catch {
                        throw RequestError(FieldPath("tracks").appending(index: i), error.description)
                    }
                }
            }
        }
        for (i, path) in geoJSONFiles.enumerated() {
            reads.append {
                Result { () throws(RequestError) in
                    let field = FieldPath("overlays").appending(index: i)
                    let data: Data
                    do throws(InputFile.Problem) { data = try InputFile.read(path) } catch { throw RequestError(field, error.description) }
                    do throws(OverlayError) { return ResolvedOverlays(overlays: try GeoJSONOverlayReader.read(data, fileName: path)) } catch {
                        throw RequestError(field, error.description)
                    }
                }
            }
        }
        // A few files are read at once on a machine with cores to spare (a long track beside a
        // GeoJSON file); the first error in the files' order is the one reported, as when read
        // one after the other.
        let concurrently = reads.count > 1 && reads.count <= Self.filesReadAtOnce && ProcessInfo.processInfo.activeProcessorCount > 1
        let results = concurrently ? reads.map { PendingResult.computing($0) }.map { $0.wait() } : reads.map { $0() }
        for result in results {
            let read = try result.get()
            out.overlays += read.overlays
            out.warnings += read.warnings
            out.reports += read.reports
        }
        out.overlays += geoJSON
        if coordinateSystem == .gcj02 { out.overlays = out.overlays.map { $0.transformed(by: GCJ02.toWGS84) } }
        return out
    }
}
