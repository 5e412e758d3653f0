/// What `TrackFile.load` made of one file: the overlays to draw, how the fixes were filtered (one
/// report for the file, GPX tracks and routes added up; none for GeoJSON, which has no fixes) and
/// warnings for what will not be drawn, each starting with the file's name.
public struct TrackLoadResult: Sendable, Equatable {
    public var overlays: [Overlay]
    public var reports: [FixFilterReport]
    public var warnings: [String]

    public init(overlays: [Overlay] = [], reports: [FixFilterReport] = [], warnings: [String] = []) {
        self.overlays = overlays
        self.reports = reports
        self.warnings = warnings
    }
}
