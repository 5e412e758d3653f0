import Foundation
import MapsnapGeo
import MapsnapFormats
import MapsnapKit

/// `mapsnap tiles`: a tile pyramid to a folder, an MBTiles or a PMTiles file.
struct TilesInvocation: RequestContext, Verbosity, WorkerCount {
    /// Holds the style and data options and the image encoding.
    var request = MapRequest(encoding: TilePyramidOptions.defaultEncoding)
    var pyramid = TilePyramidOptions()
    var sawZoom = false, sawOutput = false
    var verbose = false
    var quiet = false
    var jobs: Int {
        get { pyramid.jobs }
        set { pyramid.jobs = newValue }
    }
}

enum TilesCommand {
    static let command = Command<TilesInvocation>(
        name: "tiles",
        summary: "every XYZ tile of an area and zoom range, to a folder, an MBTiles or a PMTiles file",
        usage: "mapsnap tiles --zoom Z1-Z2 [--bbox W,S,E,N] -o OUTPUT [options]",
        description: """
        Renders every 256-px XYZ tile of a box at each zoom level, as metatiles (labels placed once,
        never cut at tile edges), on all cores.
        """,
        groups: [
            OptionGroup("Pyramid", [
                Option(["--bbox"], .required("W,S,E,N"), help: "west,south,east,north in degrees (default: each region of the data);\nwest > east crosses the antimeridian", field: "bbox") { c, text in
                    c.pyramid.bbox = try FieldText.bounds(text, FieldPath("bbox"))
                },
                Option(["--zoom"], .required("Z1-Z2"), help: "zoom levels, e.g. 12-18, or one level (0-24)", field: "zoom") { c, text in
                    c.pyramid.zooms = try parseZooms(text)
                    c.sawZoom = true
                },
                Option(["-o", "--output"], .required("PATH"), help: "a folder (z/x/y.png, .webp, .jpg), a .mbtiles file (MBTiles 1.3, identical tiles stored once)\nor a .pmtiles file (PMTiles v3, clustered; rendered into OUT.partial.mbtiles first)",
                       field: "output") { c, text in
                    c.pyramid.output = text
                    c.sawOutput = true
                },
                Option(["--scale"], .required("1|2"), help: "2 gives 512-px @2x tiles of the same area (default 1)", field: "scale") { c, text in
                    guard let s = Int(text), s == 1 || s == 2 else { throw UsageError(option: "--scale", message: "must be 1 or 2, got \(text)") }
                    c.pyramid.scale = s
                },
                JobsOptions.option(),
                Option(["--metatile"], .required("N"), help: "tiles per metatile side (default 8)", field: "metatile") { c, text in
                    guard let m = Int(text), TilePyramidOptions.metatileLimit.contains(m) else {
                        throw UsageError(option: "--metatile", message: "must be 1 to 32, got \(text)")
                    }
                    c.pyramid.metatileSize = m
                },
                Option(["--resume"], help: "finish an interrupted run: the same options, skipping the tiles it has", field: "resume") { c, _ in c.pyramid.resume = true },
                Option(["--yes"], help: "go ahead with more than 1,000,000 tiles (at most 20,000,000)", field: "yes") { c, _ in c.pyramid.confirmLarge = true },
                Option(["--shard"], .required("K/N"), help: "render only shard K of N (K from 0), balanced by expected work;\njoin the outputs with `mapsnap merge`", field: "shard") { c, text in
                    c.pyramid.shard = try parseShard(text)
                },
            ] + EncodingOptions.options(pngDefault: "fast: a pyramid's time goes to encoding its tiles", formatHelp: "png (default), webp or jpeg tiles")),
            StyleAndDataOptions.group(),
            GeneralOptions.group(),
        ],
        epilogue: "Exit codes: 0 done, 1 some tiles failed, 2 bad input (the message names the argument).",
        initial: TilesInvocation(),
        finish: { c in
            guard c.sawZoom else { throw UsageError(option: "--zoom", message: "is required, e.g. --zoom 12-16") }
            guard c.sawOutput else { throw UsageError(option: "--output", message: "is required: a folder, a .mbtiles or a .pmtiles file") }
            try c.request.requireImageOutput("tiles")
            c.pyramid.style = c.request.style
            c.pyramid.encoding = c.request.encoding
            try c.pyramid.validate()
        },
        run: { c, console in run(c, console) })

    static func parseZooms(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let a = Int(parts[0]), let b = Int(parts.last!) else {
            throw UsageError(option: "--zoom", message: "'\(text)' is not Z or Z1-Z2 (e.g. 12-18)")
        }
        guard TilePyramidOptions.zoomLimit.contains(a), TilePyramidOptions.zoomLimit.contains(b) else {
            throw UsageError(option: "--zoom", message: "zoom levels must be within 0-24, got \(text)")
        }
        guard a <= b else { throw UsageError(option: "--zoom", message: "'\(text)' goes downwards; write \(b)-\(a)") }
        return a...b
    }

    static func parseShard(_ text: String) throws(UsageError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (0..<n).contains(k) else {
            throw UsageError(option: "--shard", message: "'\(text)' is not K/N with 0 <= K < N (e.g. 0/4)")
        }
        return (k, n)
    }

    static func run(_ c: TilesInvocation, _ console: Console) -> ExitCode {
        let killAfter = InjectedFaults.current.killAfterTiles
        let terminal = console.stderrIsTerminal && !c.quiet
        do {
            let pyramid = try TilePyramid(options: c.pyramid, warnings: console.warnings(quiet: c.quiet))
            let quiet = c.quiet
            pyramid.onPlan = { tiles, metatiles in
                if !quiet { console.info("tiles: \(tiles) tiles in \(metatiles) metatiles to \(c.pyramid.output)") }
            }
            var lastShown = Date.distantPast
            let summary = try pyramid.run { p in
                if let killAfter, p.done >= killAfter { kill(getpid(), SIGKILL) }   // tests: a hard interruption, deterministic
                guard terminal, Date().timeIntervalSince(lastShown) > 0.2 || p.done + p.failed == p.total - p.skipped else { return }
                lastShown = Date()
                let left = Double(p.total - p.skipped - p.done - p.failed) / max(p.tilesPerSecond, 1e-9)
                console.progress(String(format: "tiles %d/%d  %.0f tiles/s  %@ left", p.done + p.skipped, p.total, p.tilesPerSecond,
                                        duration(p.tilesPerSecond > 0 ? left : 0)))
            }
            if terminal { console.progress(nil) }
            console.info(String(format: "tiles: %d written (%d of one colour), %d skipped, %d failed in %.1f s (%.0f tiles/s), %@ → %@",
                                summary.done, summary.uniform, summary.skipped, summary.failed, summary.seconds,
                                summary.tilesPerSecond, bytes(summary.bytes), c.pyramid.output))
            return summary.failed > 0 ? .failure : .success
        } catch {
            if terminal { console.progress(nil) }
            return CommandErrors.report(error, command: command, console)
        }
    }

    static func duration(_ s: Double) -> String {
        let t = Int(min(max(s, 0), 1e9).rounded())
        return t >= 3600 ? String(format: "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60) : String(format: "%d:%02d", t / 60, t % 60)
    }

    static func bytes(_ n: Int) -> String {
        n >= 1 << 20 ? String(format: "%.1f MB", Double(n) / 1_048_576) : String(format: "%.1f kB", Double(n) / 1024)
    }
}
