import Foundation

extension FuzzTarget {
    /// A GPX file loaded as `--track walk.gpx` (tracks, routes, waypoints; fixes filtered).
    static let gpx = FuzzTarget("gpx", "GPX track reader, as --track FILE.gpx") { data in
        TrackFileInput.load(data, extension: "gpx")
    }
}
