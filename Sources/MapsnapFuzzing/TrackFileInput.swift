import Foundation
import MapsnapFormats
import MapsnapOverlays

/// Loads bytes as `--track FILE` does (`TrackFile.load`: the reader chosen by the extension, fixes
/// filtered with a minimum distance so that geodesy runs too), then derives what overlay
/// painters would: circle rings, point counts.
enum TrackFileInput {
    static func load(_ data: Data, extension ext: String) -> FuzzVerdict {
        ScratchFolder.with { folder in
            FuzzVerdict.of {
                let file = folder.appendingPathComponent("input.\(ext)")
                try data.write(to: file)
                let filter = FixFilter(maxAccuracyMeters: 100, minDistanceMeters: 1, dropTimeRegressions: true)
                let result = try TrackFile.load(path: file.path, filter: filter, style: Track(), startEndMarkers: true, warnings: WarningLog())
                for overlay in result.overlays {
                    switch overlay {
                    case .circle(let circle): _ = circle.ring(segments: 16)
                    case .track(let track): _ = track.pointCount
                    default: break
                    }
                }
                _ = result.reports.map(\.description)
            }
        }
    }
}
