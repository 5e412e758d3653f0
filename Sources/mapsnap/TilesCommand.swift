import Foundation
import MapsnapKit

/// `mapsnap tiles`: a tile pyramid to a folder or an MBTiles file.
struct TilesCommand {
    var options = TilePyramidOptions()
    var quiet = false
    var verbose = false

    static let help = """
    Usage: mapsnap tiles --zoom Z1-Z2 [--bbox W,S,E,N] -o OUTPUT [options]

    Renders every 256-px XYZ tile of a box at each zoom level, as metatiles (labels placed once,
    never cut at tile edges), on all cores.

      --bbox W,S,E,N       west,south,east,north in degrees (default: the tile source's bounds);
                           west > east crosses the antimeridian
      --zoom Z1-Z2         zoom levels, e.g. 12-18, or one level (0-24)
      -o, --output PATH    a folder (z/x/y.png) or a .mbtiles file (MBTiles 1.3, identical tiles stored once)
      --style NAME|PATH    built-in style name or style JSON (default light)
      --tiles PATH         MBTiles for the style's vector source (repeatable)
      --scale 1|2          2 gives 512-px @2x tiles of the same area (default 1)
      --jobs N             worker threads (default: the number of cores)
      --metatile N         tiles per metatile side (default 8)
      --resume             skip tiles the output already has (after an interruption)
      --shard K/N          render only shard K of N (K from 0), balanced by expected work;
                           join the outputs with `mapsnap merge`
      --png fast|balanced|small   PNG compression (default balanced)
      -q, --quiet          only the final summary line; -v adds details

    Exit codes: 0 done, 1 some tiles failed, 2 bad input (the message names the argument).
    """

    mutating func parse(_ args: inout ArgumentList) throws(UsageError) {
        var sawOutput = false, sawZoom = false
        while let word = args.next() {
            let (name, inline) = splitOption(word)
            switch name {
            case "--bbox": options.bbox = try Self.parseBBox(try args.value(for: name, inline: inline))
            case "--zoom": options.zooms = try Self.parseZooms(try args.value(for: name, inline: inline)); sawZoom = true
            case "-o", "--output": options.output = try args.value(for: name, inline: inline); sawOutput = true
            case "--style": options.style = StyleReference(try args.value(for: name, inline: inline))
            case "--tiles": options.tiles.append(try args.value(for: name, inline: inline))
            case "--scale":
                let v = try args.value(for: name, inline: inline)
                guard let s = Int(v), s == 1 || s == 2 else { throw UsageError(option: name, message: "must be 1 or 2, got \(v)") }
                options.scale = s
            case "--jobs":
                let v = try args.value(for: name, inline: inline)
                guard let j = Int(v), j >= 1 else { throw UsageError(option: name, message: "must be a whole number of at least 1, got \(v)") }
                options.jobs = j
            case "--metatile":
                let v = try args.value(for: name, inline: inline)
                guard let m = Int(v), (1...32).contains(m) else { throw UsageError(option: name, message: "must be 1 to 32, got \(v)") }
                options.metatileSize = m
            case "--resume": options.resume = true
            case "--shard": options.shard = try Self.parseShard(try args.value(for: name, inline: inline))
            case "--png":
                let v = try args.value(for: name, inline: inline)
                guard let c = PNGCompression(rawValue: v) else { throw UsageError(option: name, message: "'\(v)' is not one of fast, balanced, small") }
                options.compression = c
            case "-q", "--quiet": quiet = true
            case "-v", "--verbose": verbose = true
            default:
                throw UsageError(option: name, message: name.hasPrefix("-") ? "unknown option (see mapsnap tiles --help)" : "unexpected argument (see mapsnap tiles --help)")
            }
        }
        guard sawZoom else { throw UsageError(option: "--zoom", message: "is required, e.g. --zoom 12-16") }
        guard sawOutput else { throw UsageError(option: "--output", message: "is required: a folder or a .mbtiles file") }
    }

    static func parseBBox(_ text: String) throws(UsageError) -> BoundingBox {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 4 else { throw UsageError(option: "--bbox", message: "'\(text)' is not W,S,E,N (west,south,east,north in degrees)") }
        var v: [Double] = []
        for p in parts {
            guard let d = Double(p), !d.isNaN else { throw UsageError(option: "--bbox", message: "'\(p)' is not a number") }
            v.append(d)
        }
        return BoundingBox(west: v[0], south: v[1], east: v[2], north: v[3])
    }

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

    func run() -> ExitCode {
        let killAfter = ProcessInfo.processInfo.environment["MAPSNAP_TEST_KILL_AFTER_TILES"].flatMap(Int.init)
        let terminal = Console.stderrIsTerminal && !quiet
        do {
            let pyramid = try TilePyramid(options: options)
            let isQuiet = quiet
            pyramid.onWarning = { if !isQuiet { Console.warning($0) } }
            var lastShown = Date.distantPast
            let summary = try pyramid.run { p in
                if let killAfter, p.done >= killAfter { kill(getpid(), SIGKILL) }   // tests: a hard interruption, deterministic
                guard terminal, Date().timeIntervalSince(lastShown) > 0.2 || p.done + p.failed == p.total - p.skipped else { return }
                lastShown = Date()
                let left = Double(p.total - p.skipped - p.done - p.failed) / max(p.tilesPerSecond, 1e-9)
                Console.progress(String(format: "tiles %d/%d  %.0f tiles/s  %@ left", p.done + p.skipped, p.total, p.tilesPerSecond,
                                        Self.duration(p.tilesPerSecond > 0 ? left : 0)))
            }
            if terminal { Console.progress(nil) }
            Console.info(String(format: "tiles: %d written (%d of one colour), %d skipped, %d failed in %.1f s (%.0f tiles/s), %@ → %@",
                                summary.done, summary.uniform, summary.skipped, summary.failed, summary.seconds,
                                summary.tilesPerSecond, Self.bytes(summary.bytes), options.output))
            return summary.failed > 0 ? .failure : .success
        } catch {
            if terminal { Console.progress(nil) }
            Console.error(error.description)
            if case .failed = error { return .failure }
            return .badInput
        }
    }

    static func duration(_ s: Double) -> String {
        let t = Int(s.rounded())
        return t >= 3600 ? String(format: "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60) : String(format: "%d:%02d", t / 60, t % 60)
    }

    static func bytes(_ n: Int) -> String {
        n >= 1 << 20 ? String(format: "%.1f MB", Double(n) / 1_048_576) : String(format: "%.1f kB", Double(n) / 1024)
    }
}

/// `mapsnap merge A.mbtiles B.mbtiles … -o ALL.mbtiles`
struct MergeCommand {
    var inputs: [String] = []
    var output: String?

    static let help = """
    Usage: mapsnap merge SHARD.mbtiles ... -o ALL.mbtiles

    Joins the MBTiles written by `mapsnap tiles --shard K/N` into one file (a new file; identical
    tiles stored once; bounds and zoom range the union of the inputs').
    """

    mutating func parse(_ args: inout ArgumentList) throws(UsageError) {
        while let word = args.next() {
            let (name, inline) = splitOption(word)
            switch name {
            case "-o", "--output": output = try args.value(for: name, inline: inline)
            default:
                guard !name.hasPrefix("-") else { throw UsageError(option: name, message: "unknown option (see mapsnap merge --help)") }
                inputs.append(word)
            }
        }
        guard output != nil else { throw UsageError(option: "--output", message: "is required: the merged .mbtiles file") }
        guard !inputs.isEmpty else { throw UsageError(option: "merge", message: "give the .mbtiles files to merge") }
    }

    func run() -> ExitCode {
        do {
            let s = try TileMerge.merge(inputs, into: output!)
            Console.info("merge: \(s.tiles) tiles from \(s.inputs) files → \(output!)")
            return .success
        } catch {
            Console.error(error.description)
            return .badInput
        }
    }
}
