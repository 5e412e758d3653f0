import Foundation
import MapsnapFormats
import MapsnapKit

/// `mapsnap [snapshot] [options]`: one PNG of one view.
struct SnapshotCommand {
    var options = SnapshotOptions()
    var output = "output/map.png"
    var verbose = false
    var quiet = false
    var overlayArguments = OverlayArguments()
    var fit = false
    var padding = 40.0
    var sawMeters = false, sawZoom = false

    static var help: String { """
    Usage: mapsnap [snapshot] [options]

    Renders one PNG map of a view, offline, from vector tiles and a MapLibre style.

    View:
      --center LAT,LON     center, latitude first (default: the style's or the data's center)
      --meters M           ground meters across the image's shorter side (default 800)
      --zoom Z             MapLibre zoom 0-24 (512-px world at zoom 0) instead of --meters
      --size WxH           image size in points (default 1024x768; each side 1-16384)
      --scale N            pixel ratio 1-4: the same map with N times the pixels (default 1)
      --bearing DEG        rotate the map: the heading, in degrees clockwise from north, points up

    Camera and decorations:
      --fit                choose center and zoom so every overlay shows (ignores --center; a lone
                           point is shown with --meters around it); implied by overlays without --center
      --padding PT         free margin around overlays with --fit (default 40)
      --scale-bar [metric|imperial]  a scale bar, bottom-left
      --compass            a north arrow, top-right (shown anyway when --bearing is not 0)
      --poi show|none      none hides the base map's points of interest (default show)

    \(OverlayArguments.help)

    Style and data:
      --style NAME|PATH    built-in style name (light, dark, bright) or a style JSON file (default light)
      --tiles PATH         MBTiles archive to use for the style's vector source (repeatable)
      --source NAME=PATH   MBTiles for the style source NAME (styles with remote sources; repeatable)
      --sprite PATH        local sprite (PATH.json + PATH.png, @2x too) instead of the style's
      --no-attribution     do not draw the data credit (the data's licence asks for it)

    Output:
      -o, --output FILE    PNG file to write (default output/map.png); written atomically
      --png fast|balanced|small   PNG compression: speed against size (default balanced)
      -v, --verbose        print timings and the camera
      -q, --quiet          no warnings
      -h, --help           this help
      --version            the version

    Exit codes: 0 written, 1 rendering failed, 2 bad input (the message names the argument).
    Map data © OpenMapTiles © OpenStreetMap contributors (ODbL).
    """ }

    mutating func parse(_ args: inout ArgumentList) throws(UsageError) {
        while let word = args.next() {
            let (name, inline) = splitOption(word)
            if try overlayArguments.parse(name, inline, &args) { continue }
            switch name {
            case "--fit": fit = true
            case "--padding":
                let p = try parseNumber(try args.value(for: name, inline: inline), option: name)
                guard p >= 0, p.isFinite else { throw UsageError(option: name, message: "must be 0 or more points, got \(MessageNumber.format(p))") }
                padding = p
            case "--coords":
                let v = try args.value(for: name, inline: inline)
                guard let c = SnapshotOptions.CoordinateSystem(rawValue: v.lowercased()) else {
                    throw UsageError(option: name, message: "'\(v)' is not one of wgs84, gcj02")
                }
                options.coordinateSystem = c
            case "--poi":
                let v = try args.value(for: name, inline: inline)
                guard v == "none" || v == "show" else { throw UsageError(option: name, message: "'\(v)' is not one of show, none") }
                options.hidePOILabels = v == "none"
            case "--scale-bar":
                var v = inline ?? "metric"
                if inline == nil, let next = args.peek(), ScaleBarUnits(rawValue: next) != nil { v = args.next()! }
                guard let units = ScaleBarUnits(rawValue: v) else { throw UsageError(option: name, message: "'\(v)' is not one of metric, imperial") }
                options.scaleBar = units
            case "--compass": options.compass = .always
            case "--center":
                let v = try args.value(for: name, inline: inline)
                do { options.center = try LatLon(parsing: v) } catch { throw UsageError(option: name, message: error.description) }
            case "--meters":
                let m = try parseNumber(try args.value(for: name, inline: inline), option: name)
                guard m > 0, m.isFinite else { throw UsageError(option: name, message: "must be greater than 0, got \(MessageNumber.format(m))") }
                options.framing = .meters(m); sawMeters = true
            case "--zoom":
                let z = try parseNumber(try args.value(for: name, inline: inline), option: name)
                guard SnapshotOptions.zoomRange.contains(z) else { throw UsageError(option: name, message: "must be between 0 and 24, got \(MessageNumber.format(z))") }
                options.framing = .zoom(z); sawZoom = true
            case "--size":
                options.size = try Self.parseSize(try args.value(for: name, inline: inline), option: name)
            case "--scale":
                let s = try parseNumber(try args.value(for: name, inline: inline), option: name)
                guard SnapshotOptions.scaleRange.contains(s) else { throw UsageError(option: name, message: "must be between 1 and 4, got \(MessageNumber.format(s))") }
                options.scale = s
            case "--bearing":
                let b = try parseNumber(try args.value(for: name, inline: inline), option: name)
                guard b.isFinite else { throw UsageError(option: name, message: "must be a finite number of degrees") }
                options.bearing = b
            case "--style":
                options.style = StyleReference(try args.value(for: name, inline: inline))
            case "--tiles":
                options.tiles.append(try args.value(for: name, inline: inline))
            case "--source":
                let v = try args.value(for: name, inline: inline)
                guard let eq = v.firstIndex(of: "="), eq != v.startIndex, v.index(after: eq) != v.endIndex else {
                    throw UsageError(option: name, message: "'\(v)' is not NAME=PATH.mbtiles")
                }
                options.sources[String(v[..<eq])] = String(v[v.index(after: eq)...])
            case "--sprite":
                options.sprite = try args.value(for: name, inline: inline)
            case "--no-attribution":
                options.attribution = false
            case "-o", "--output":
                output = try args.value(for: name, inline: inline)
                guard output.lowercased().hasSuffix(".png") else { throw UsageError(option: name, message: "'\(output)' must end in .png") }
            case "--png":
                let v = try args.value(for: name, inline: inline)
                guard let c = PNGCompression(rawValue: v) else { throw UsageError(option: name, message: "'\(v)' is not one of fast, balanced, small") }
                options.compression = c
            case "-v", "--verbose": verbose = true
            case "-q", "--quiet": quiet = true
            default:
                throw UsageError(option: name, message: name.hasPrefix("-") ? "unknown option (see mapsnap --help)" : "unexpected argument (see mapsnap --help)")
            }
        }
        if sawMeters && sawZoom { throw UsageError(option: "--zoom", message: "give either --meters or --zoom, not both") }
        if fit && sawZoom { throw UsageError(option: "--fit", message: "give either --fit or --zoom, not both") }
    }

    /// --fit, or overlays without a center: fit the camera to them.
    mutating func applyFraming() {
        let hasOverlays = !overlayArguments.overlays.isEmpty
        if fit || (hasOverlays && options.center == nil && !sawZoom) {
            let meters: Double = if case .meters(let m) = options.framing { m } else { 800 }
            options.framing = .fit(padding: padding, fallbackMeters: meters)
        }
        options.overlays = overlayArguments.overlays
    }

    static func parseSize(_ text: String, option: String) throws(UsageError) -> ImageSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw UsageError(option: option, message: "'\(text)' is not WIDTHxHEIGHT (e.g. 1024x768)")
        }
        guard (1...SnapshotOptions.maxSide).contains(w), (1...SnapshotOptions.maxSide).contains(h) else {
            throw UsageError(option: option, message: "each side must be 1 to \(SnapshotOptions.maxSide) pixels, got \(text)")
        }
        return ImageSize(width: w, height: h)
    }

    mutating func run() -> ExitCode {
        let start = Date()
        let warnings = WarningLog(sink: quiet ? nil : { Console.warning($0) })
        do {
            let (isQuiet, isVerbose) = (quiet, verbose)
            try overlayArguments.loadFiles(warn: { if !isQuiet { Console.warning($0) } },
                                           report: { if isVerbose { Console.info($0) } })
            applyFraming()
            try options.validate()
            try OutputPath.checkWritable(output)
            let snapshotter = try Snapshotter(style: options.style, tiles: options.tiles, sources: options.sources, sprite: options.sprite)
            if !quiet { for w in snapshotter.style.warnings { Console.warning("--style: \(w)") } }
            let loaded = Date()
            let snapshot = try snapshotter.snapshot(options, warnings: warnings)
            let rendered = Date()
            let png = try snapshot.pngData()
            let encoded = Date()
            do { try AtomicFile.write(png, to: output) } catch { throw UsageError(option: "--output", message: "\(error)") }
            if verbose {
                let c = snapshot.camera
                Console.info(String(format: "camera: center %@, zoom %.3f, %@ at scale %g, bearing %g; %.0f m across the shorter side",
                                    c.center.description, c.zoom, c.size.description, c.pixelRatio, c.bearing, c.metersAcrossShorterSide))
                Console.info(String(format: "load %.1f ms, render %.1f ms, encode %.1f ms, write %.1f ms; %d bytes → %@",
                                    loaded.timeIntervalSince(start) * 1000, rendered.timeIntervalSince(loaded) * 1000,
                                    encoded.timeIntervalSince(rendered) * 1000, Date().timeIntervalSince(encoded) * 1000,
                                    png.count, output))
            }
            return .success
        } catch let e as UsageError {
            Console.error(e.description); return .badInput
        } catch let e as SnapshotError {
            Console.error(e.description)
            if case .render = e { return .failure }
            return .badInput
        } catch let e as RenderError {
            Console.error(e.description); return .failure
        } catch {
            Console.error("\(error)"); return .failure
        }
    }
}

/// Checks before rendering that the output can be written, so a bad path fails fast.
enum OutputPath {
    static func checkWritable(_ path: String) throws(UsageError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            throw UsageError(option: "--output", message: "\(path): folder \(folder) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw UsageError(option: "--output", message: "\(path): folder \(folder) is not writable")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw UsageError(option: "--output", message: "\(path) is a folder")
        }
    }
}
