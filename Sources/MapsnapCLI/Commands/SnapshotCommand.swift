import Foundation
import MapsnapFormats
import MapsnapKit
import MapsnapRender

/// `mapsnap [snapshot] [options]`: one image (PNG, WebP or JPEG) or document (PDF, SVG) of one view.
struct SnapshotInvocation: RequestContext, Verbosity {
    var request = MapRequest()
    /// `map.png` in the working folder: the command runs from anywhere.
    var output = "map.png"
    /// A caption band under the map, as a batch item's `title` and `caption` draw it.
    var title: String?
    var caption: String?
    var verbose = false
    var quiet = false
}

enum SnapshotCommand {
    static let command = Command<SnapshotInvocation>(
        name: "snapshot",
        summary: "one map image of a view (the default command)",
        usage: "mapsnap [snapshot] [options]",
        description: "Renders one map of a view (PNG, WebP, JPEG, or PDF and SVG with vector lines and text), offline, from vector tiles and a MapLibre style.",
        groups: [
            ViewOptions.group(), OverlayOptions.group(), DecorationOptions.group(), StyleAndDataOptions.group(),
            OptionGroup("Output", [
                Option(["-o", "--output"], .required("FILE"),
                       help: "file to write (default map.png in the working folder): .png, .webp, .jpg, or .pdf, .svg\n(vector lines, fills and text; labels by system fonts); written atomically",
                       field: "output") { c, text in
                    try EncodingOptions.checkOutputName(text, option: "-o")
                    c.output = text
                },
                Option(["--title"], .required("TEXT"), help: "a title in a band under the map (as a batch item's title)", field: "title") { c, text in
                    try MapRequest.checkText(text, FieldPath("title"))
                    c.title = text
                },
                Option(["--caption"], .required("TEXT"), help: "a caption in the band under the map, below the title", field: "caption") { c, text in
                    try MapRequest.checkText(text, FieldPath("caption"))
                    c.caption = text
                },
            ] + EncodingOptions.options(pngDefault: "fast", formatHelp: "png, webp, jpeg, pdf or svg (default: the output's extension)")),
            GeneralOptions.group(),
        ],
        epilogue: """
        Exit codes: 0 written, 1 rendering failed, 2 bad input (the message names the argument).
        Map data © OpenMapTiles © OpenStreetMap contributors (ODbL).
        """,
        initial: SnapshotInvocation(),
        finish: { c in
            try EncodingOptions.applyOutput(c.output, option: "-o", to: &c.request)
            try c.request.validate()
        },
        run: { c, console in run(c, console) })

    static func run(_ c: SnapshotInvocation, _ console: Console) -> ExitCode {
        let start = Date()
        TextEngine.warmUpSystemFonts()
        let warnings = console.warnings(quiet: c.quiet)
        do {
            Trace.mark("command line read")
            // The overlay files (a long GPX track) are read on a thread of their own while the
            // style and data load and, unless the view is fitted to them or the output is a
            // document, while the map under the labels is drawn: only the labels wait for them.
            // Their warnings wait too, in a log of their own, to be said when the files are first
            // needed (not amid the style's) and only when all of them could be read.
            let overlayWarnings = WarningLog()
            let reading = PendingResult.computing {
                let r = Result { () throws(RequestError) in
                    try c.request.overlays.resolved(coordinateSystem: c.request.coordinateSystem, warnings: overlayWarnings)
                }
                Trace.mark("overlay files read")
                return r
            }
            var read: ResolvedOverlays?
            func overlays() throws(RequestError) -> ResolvedOverlays {
                if let read { return read }
                let done = try reading.wait().get()
                overlayWarnings.messages.forEach(warnings.warn)
                if c.verbose { done.reports.forEach(console.info) }
                read = done
                return done
            }
            let opened = Result { () throws(RequestError) in try Snapshotter(c.request.style) }
            Trace.mark("style and data open")
            // A view fitted to the overlays and a document (drawn in one pass) need them first.
            if case .fit = c.request.framing { _ = try overlays() }
            if c.request.vectorFormat != nil { _ = try overlays() }
            // An error in an overlay file comes first, as it would have with the files read first.
            if case .failure = opened { _ = try overlays() }
            try OutputPath.checkWritable(c.output)
            let snapshotter = try opened.get()
            snapshotter.concurrentLabels = true
            snapshotter.reportLoadWarnings(to: warnings)
            let loaded = Date()
            let camera: Camera, data: Data, rendered: Date
            if let format = c.request.vectorFormat {
                // Cairo writes a document as it draws it: its encoding is part of the render.
                let document = try snapshotter.document(c.request, overlays: try overlays().overlays, format: format,
                                                        caption: c.captionLines, warnings: warnings)
                (camera, data, rendered) = (document.camera, document.data, Date())
            } else {
                let snapshot: Snapshot
                if let read {
                    snapshot = try snapshotter.snapshot(c.request, overlays: read.overlays, warnings: warnings)
                } else {
                    // Unreadable files leave the map without them; the error is then reported below
                    // and nothing is written.
                    do {
                        snapshot = try snapshotter.snapshot(c.request, overlays: [], lateOverlays: { (try? reading.wait().get())?.overlays ?? [] },
                                                            warnings: warnings)
                    } catch {
                        _ = try overlays()   // here too, an overlay file's error first
                        throw error
                    }
                    _ = try overlays()
                }
                rendered = Date()
                let captioned = try snapshotter.captioned(snapshot, lines: c.captionLines)
                // One image: a second core, when there is one, compresses half of it.
                (camera, data) = (snapshot.camera, try captioned.encoded(threads: ProcessInfo.processInfo.activeProcessorCount))
            }
            let encoded = Date()
            Trace.mark("encoded")
            do { try AtomicFile.write(data, to: c.output) } catch { throw UsageError(option: "--output", message: "\(error)") }
            Trace.mark("written")
            if c.verbose {
                let cam = camera
                console.info(String(format: "camera: center %@, zoom %.3f, %@ at scale %g, bearing %g; %.0f m across the shorter side",
                                    cam.center.description, cam.zoom, cam.size.description, cam.pixelRatio, cam.bearing, cam.metersAcrossShorterSide))
                console.info(snapshotter.textEngineSummary(c.request.textEngine, document: c.request.vectorFormat))
                console.info(String(format: "load %.1f ms, render %.1f ms, encode %.1f ms, write %.1f ms; %d bytes → %@",
                                    loaded.timeIntervalSince(start) * 1000, rendered.timeIntervalSince(loaded) * 1000,
                                    encoded.timeIntervalSince(rendered) * 1000, Date().timeIntervalSince(encoded) * 1000,
                                    data.count, c.output))
            }
            return .success
        } catch {
            return CommandErrors.report(error, command: command, console)
        }
    }
}

extension SnapshotInvocation {
    /// The caption band's lines: the title, then the caption.
    var captionLines: [CaptionBand.Line] {
        (title.map { [CaptionBand.Line($0, .title)] } ?? []) + (caption.map { [CaptionBand.Line($0, .body)] } ?? [])
    }
}

/// Checks before rendering that the output can be written, so a bad path fails fast.
enum OutputPath {
    static func checkWritable(_ path: String) throws(UsageError) {
        if let problem = OutputFile.problem(path) { throw UsageError(option: "--output", message: problem.description) }
    }
}
