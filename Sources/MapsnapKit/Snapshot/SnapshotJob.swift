import MapsnapFormats
import MapsnapGeo
import MapsnapRender

/// One request on its way to an image or a document: the one place where a request's overlay
/// files (GPX, CSV and GeoJSON tracks and shapes) are read, for `mapsnap`, a batch item, the
/// server's static images and `Snapshotter.snapshot` alike.
///
/// - `.concurrent` reading starts at once on a thread of its own, while the caller loads the
///   style (`loading`) and, unless the view is fitted to the overlays or the output is a document,
///   while the map under the labels is drawn: only the labels wait for the files. For one image
///   on an otherwise idle machine, as `mapsnap` renders.
/// - `.inLine` reading happens on the caller's thread, once the style is loaded and before the
///   drawing: for workers that already keep every core busy (a batch, the server).
///
/// Either way, an overlay file's error comes before the style's (as if the files were read
/// first), and the files' warnings (an empty track) and reports (fixes the filter dropped) are
/// said once, when the overlays are first needed (never amid the style's), and only when every
/// file could be read. Not for concurrent use; one per request.
public final class SnapshotJob {
    public enum OverlayReading: Sendable {
        case concurrent, inLine
    }

    public let request: MapRequest
    /// Where the files' warnings (once the overlays are needed) and the drawing's go.
    public let warnings: WarningLog
    private let reports: (String) -> Void
    /// The files' warnings, held until the overlays are first needed.
    private let fileWarnings = WarningLog()
    /// The files being read on a thread of their own (`.concurrent`).
    private let reading: PendingResult<Result<ResolvedOverlays, RequestError>>?
    private var read: Result<ResolvedOverlays, RequestError>?
    private var said = false

    /// Starts reading `request`'s overlay files when `overlayFiles` is `.concurrent`. `reports`
    /// hears what the fix filter dropped, per file (`-v`).
    public init(_ request: MapRequest, overlayFiles: OverlayReading = .inLine, warnings: WarningLog = WarningLog(),
                reports: @escaping (String) -> Void = { _ in }) {
        self.request = request
        self.warnings = warnings
        self.reports = reports
        if overlayFiles == .concurrent {
            let fileWarnings = self.fileWarnings
            reading = PendingResult.computing {
                let r = Self.read(request, warnings: fileWarnings)
                Trace.mark("overlay files read")
                return r
            }
        } else {
            reading = nil
        }
    }

    /// The request checked, then its overlays resolved (files read, GCJ-02 converted).
    private static func read(_ request: MapRequest, warnings: WarningLog) -> Result<ResolvedOverlays, RequestError> {
        Result { () throws(RequestError) in
            try request.validate()
            return try request.overlays.resolved(coordinateSystem: request.coordinateSystem, warnings: warnings)
        }
    }

    /// The request's overlays, waited for (or read, in line) the first time; their warnings and
    /// reports are said then. Throws the request's error or the first unreadable file's (its field:
    /// `tracks[1]`, `overlays[0]`), every time it is asked.
    public func overlays() throws(SnapshotError) -> ResolvedOverlays {
        let outcome = read ?? reading?.wait() ?? Self.read(request, warnings: fileWarnings)
        read = outcome
        let done: ResolvedOverlays
        do { done = try outcome.get() } catch { throw .request(error) }
        if !said {
            said = true
            fileWarnings.messages.forEach(warnings.warn)
            done.reports.forEach(reports)
        }
        return done
    }

    /// Whether the overlays are needed before anything is drawn: read in line, a view fitted to
    /// them, or a document (drawn in one pass).
    private var overlaysFirst: Bool {
        if reading == nil || request.vectorFormat != nil { return true }
        if case .fit = request.framing { return true }
        return false
    }

    /// Loads the request's snapshotter with `load` (`Snapshotter(request.style)`, or one kept by a
    /// `SnapshotterCache`) while the files are read. Throws an overlay file's error when the
    /// overlays are needed first or when the style cannot be loaded: an overlay file's error
    /// comes before the style's. The style's own error is returned, for the caller to throw after
    /// checks of its own (`mapsnap` checks its output path between the two).
    public func loading<E>(_ load: () throws(E) -> Snapshotter) throws(SnapshotError) -> Result<Snapshotter, E> {
        let opened = Result { () throws(E) in try load() }
        Trace.mark("style and data open")
        if overlaysFirst { _ = try overlays() }
        if case .failure = opened { _ = try overlays() }
        return opened
    }

    /// The request's image (not yet encoded), drawn by `snapshotter`. With the files still being
    /// read, the map under the labels is drawn meanwhile; an unreadable file then leaves the map
    /// without them and its error is thrown (before the drawing's own, if that failed too).
    public func snapshot(with snapshotter: Snapshotter) throws(SnapshotError) -> Snapshot {
        guard let reading, read == nil, !overlaysFirst else {
            return try snapshotter.snapshot(request, overlays: overlays().overlays, warnings: warnings)
        }
        let snapshot: Snapshot
        do {
            snapshot = try snapshotter.snapshot(request, overlays: [], lateOverlays: { (try? reading.wait().get())?.overlays ?? [] },
                                                warnings: warnings)
        } catch {
            _ = try overlays()
            throw error
        }
        _ = try overlays()
        return snapshot
    }

    /// The request as a one-page PDF or SVG document drawn by `snapshotter`, with `caption` in a
    /// band under the map (as a batch item's title and caption).
    public func document(with snapshotter: Snapshotter, format: VectorFormat,
                         caption: [CaptionBand.Line] = []) throws(SnapshotError) -> VectorSnapshot {
        try snapshotter.document(request, overlays: overlays().overlays, format: format, caption: caption, warnings: warnings)
    }

    /// Draws the request as the next page of `document` (a batch's report), labelled `label`, with
    /// the lines `caption` gives for the chosen camera (an address) in a band under the map.
    /// Throws `SnapshotError`, `RenderError`, or what `caption` throws.
    public func drawPage(with snapshotter: Snapshotter, on document: VectorDocument, label: String? = nil,
                         caption: (Camera) throws -> [CaptionBand.Line] = { _ in [] }) throws {
        let plan = try snapshotter.plan(request, overlays: overlays().overlays, warnings: warnings)
        try snapshotter.drawPage(plan, on: document, caption: try caption(plan.camera), label: label, warnings: warnings)
    }
}
