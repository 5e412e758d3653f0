/// What `TrackFile.load` made of one file: the overlays to draw and how the fixes were filtered
/// (one report for the file, GPX tracks and routes added up; none for GeoJSON, which has no fixes).
/// What will not be drawn goes to the caller's `WarningLog` instead.
public struct TrackLoadResult: Sendable, Equatable {
    public var overlays: [Overlay]
    public var reports: [FixFilterReport]

    public init(overlays: [Overlay] = [], reports: [FixFilterReport] = []) {
        self.overlays = overlays
        self.reports = reports
    }
}
