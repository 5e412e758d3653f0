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
            // The overlay files are read on a thread of their own while the style loads and, when
            // they can wait, while the map under the labels is drawn (SnapshotJob).
            let job = SnapshotJob(c.request, overlayFiles: .concurrent, warnings: warnings, reports: { if c.verbose { console.info($0) } })
            let opened = try job.loading { try Snapshotter(c.request.style) }
            try OutputPath.checkWritable(c.output)
            let snapshotter = try opened.get()
            snapshotter.concurrentLabels = true
            snapshotter.reportLoadWarnings(to: warnings)
            let loaded = Date()
            let camera: Camera, data: Data, rendered: Date
            if let format = c.request.vectorFormat {
                // Cairo writes a document as it draws it: its encoding is part of the render.
                let document = try job.document(with: snapshotter, format: format, caption: c.captionLines)
                (camera, data, rendered) = (document.camera, document.data, Date())
            } else {
                let snapshot = try job.snapshot(with: snapshotter)
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
