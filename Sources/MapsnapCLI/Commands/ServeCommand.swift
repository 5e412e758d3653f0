import Foundation
import MapsnapFormats
import MapsnapKit
import MapsnapServe

/// `mapsnap serve`'s parsed command line.
public struct ServeInvocation: RequestContext, Verbosity, WorkerCount {
    /// Holds the shared data options (`--tiles`, `--source`, `--sprite`) for the styles of the command line.
    public var request = MapRequest(encoding: TilePyramidOptions.defaultEncoding)
    public var config = ServeConfig()
    /// `--style NAME[=STYLE]`, in order.
    var styleArguments: [(id: String, style: StyleReference)] = []
    /// Styles from `--config`, with their own data.
    var configStyles: [ServeConfig.StyleEntry] = []
    public var verbose = false
    public var quiet = false
    public var jobs: Int {
        get { config.jobs }
        set { config.jobs = newValue }
    }
    public init() {}
}

/// `mapsnap serve`: declared like the other commands (option groups, generated help); registered
/// by `main.swift`. A `--config` file's keys are these options' long names without the dashes.
public enum ServeCommand {
    public static let command = Command<ServeInvocation>(
        name: "serve",
        summary: "an HTTP map server: raster tiles, static images (Mapbox and tileserver-gl URLs), TileJSON, WMTS",
        usage: "mapsnap serve [--port 8080] [--bind 127.0.0.1] [--style NAME[=STYLE]]... [--tiles PATH] [--cache PATH] [options]",
        description: """
        Serves raster tiles rendered on demand (as metatiles, byte-identical to `mapsnap tiles`), static images in
        mapsnap's own, tileserver-gl's and the Mapbox Static Images API's URL grammars, TileJSON, WMTS and a preview
        page. Without arguments: the built-in styles on the embedded data at http://127.0.0.1:8080/.
        """,
        groups: [
            OptionGroup("Server", serverOptions),
            OptionGroup("Styles and data", [styleOption] + StyleAndDataOptions.dataOptions()),
            OptionGroup("Rendering", renderingOptions),
            OptionGroup("HTTP", httpOptions),
            GeneralOptions.group(),
        ],
        epilogue: routesHelp + "\n\nExit codes: 0 stopped by SIGTERM or SIGINT, 2 bad options, a port in use or a style that does not load.",
        initial: ServeInvocation(),
        finish: { c in try finish(&c) },
        run: { c, console in run(c, console) })

    static func run(_ c: ServeInvocation, _ console: Console) -> ExitCode {
        Server(config: c.config, word: { command.usageError($0).description }).run(console, quiet: c.quiet)
    }

    static let routesHelp = """
    Routes (zoom is MapLibre's, a 512-px world at zoom 0, except where said; coordinates lon,lat where said):
      GET /                                     preview page: every style as a Leaflet map, a static-image form
      GET /styles/{id}/{z}/{x}/{y}.png, @2x.png 256-px XYZ tiles (512 px @2x), as `mapsnap tiles` renders them
          curl -O http://127.0.0.1:8080/styles/light/15/17029/11955.png
      GET /static?center=LAT,LON&meters=M&size=WxH&scale=N&marker=…&user=…&circle=…&style=ID
          mapsnap's own: the manifest's fields as query parameters (marker/markers, circle/circles)
          curl -o map.png 'http://127.0.0.1:8080/static?center=43.736,7.426&meters=800&marker=43.7371,7.4271'
      POST /static                              one batch-manifest item as JSON (inline geojson for long tracks)
          curl -o map.png -H 'Content-Type: application/json' -d '{"center":[43.736,7.426],"zoom":15}' http://127.0.0.1:8080/static
      GET /styles/{id}/static/{lon},{lat},{zoom}[@{bearing}]/{w}x{h}[@{n}x].png, …/{minx},{miny},{maxx},{maxy}/…, …/auto/…
          tileserver-gl's grammar; its zoom is the 256-px tile zoom (MapLibre zoom + 1); path=, marker=, latlng=1, padding=
          curl -o map.png 'http://127.0.0.1:8080/styles/light/static/7.426,43.736,16/600x400.png?path=7.42,43.73|7.43,43.74'
      GET /styles/v1/{user}/{style}/static/[{overlay}/]{lon},{lat},{zoom}[,{bearing}]|[{bbox}]|auto/{w}x{h}[@2x]
          the Mapbox Static Images API's grammar: pin-s/pin-l, path-…(polyline), geojson(…); padding, attribution, before_layer
          curl -o map.png 'http://127.0.0.1:8080/styles/v1/me/light/static/pin-s-a+e5483f(7.4271,43.7371)/7.426,43.736,15/600x400@2x'
      GET /styles                               the styles, with their URLs (JSON)
      GET /styles/{id}.json                     TileJSON 3.0 (tile URLs from --public-url or X-Forwarded-Proto/Host)
      GET /styles/{id}/wmts.xml                 WMTS 1.0 capabilities (QGIS: Layer > Add WMS/WMTS Layer)
      GET /health                               200 once ready, 503 while starting
      GET /metrics                              Prometheus text: requests, render times, cache hits, queue, renders in flight
    Answers carry Content-Length, a strong ETag (If-None-Match gives 304), Cache-Control: public, max-age=--max-age,
    and Access-Control-Allow-Origin (--cors) on map resources. Errors are one text/plain line naming the parameter:
    400 bad parameter (or ambiguous framing: the connection is closed), 404 unknown style, route or tile outside the
    data, 413 image or body too large (or a body where none is read), 414 URL too long, 503 render queue or body
    budget full (Retry-After), 504 render over --render-timeout; a render that fails is 500, never cached.
    """

    static let styleOption = Option<ServeInvocation>(
        ["--style"], .required("NAME[=STYLE]"),
        help: "serve a style under the id NAME: a built-in (light, dark, bright), or STYLE, a built-in name or a\nstyle JSON file (repeatable; default: every built-in style)",
        field: "style") { c, text in
        let (id, ref) = try parseStyleArgument(text)
        c.styleArguments.removeAll { $0.id == id }
        c.styleArguments.append((id, ref))
    }

    static let serverOptions: [Option<ServeInvocation>] = [
        Option(["--port"], .required("N"), help: "TCP port (default 8080; 0 picks a free one, printed at start)", field: "port") { c, t in
            c.config.port = try integer(t, "--port", 0...65535)
        },
        Option(["--bind"], .required("ADDRESS"), help: "address to listen on (default 127.0.0.1; 0.0.0.0 or :: for every interface)", field: "bind") { c, t in
            guard !t.isEmpty else { throw UsageError(option: "--bind", message: "needs an address") }
            c.config.bind = t
        },
        Option(["--public-url"], .required("URL"), help: "the URL clients reach the server at (behind a proxy or CDN), for TileJSON and WMTS", field: "public-url") { c, t in
            guard t.hasPrefix("http://") || t.hasPrefix("https://"), PublicBase.validURL(t) else {
                throw UsageError(option: "--public-url", message: "'\(t)' is not an http:// or https:// URL")
            }
            c.config.publicURL = t
        },
        Option(["--cache"], .required("PATH"), help: "keep rendered tiles across restarts: NAME.mbtiles (one style; @2x tiles in\nNAME@2x.mbtiles) or a folder ({style}.mbtiles, {style}@2x.mbtiles)", field: "cache") { c, t in
            c.config.cache = t
        },
        Option(["--config"], .required("FILE.json"), help: "styles, their data and limits from a JSON file (keys: the long option names; see docs/serve.md)", field: "config") { c, t in
            try ServeConfigFile.apply(t, to: &c)
        },
    ]

    static let renderingOptions: [Option<ServeInvocation>] = [
        JobsOptions.option(),
        Option(["--queue"], .required("N"), help: "renders admitted at once, running or waiting (default \(InputLimits.defaultRenderQueue)); more get 503", field: "queue") { c, t in
            c.config.renderQueue = try integer(t, "--queue", InputLimits.renderQueue)
        },
        Option(["--render-timeout"], .required("S"), help: "seconds a request waits for its render before 504 (default \(MessageNumber.format(InputLimits.defaultRenderTimeoutSeconds)))", field: "render-timeout") { c, t in
            c.config.renderTimeout = try seconds(t, "--render-timeout", InputLimits.renderTimeoutSeconds)
        },
        Option(["--metatile"], .required("N"), help: "tiles per metatile side (default 8, as mapsnap tiles)", field: "metatile") { c, t in
            c.config.metatileSize = try integer(t, "--metatile", InputLimits.metatile)
        },
    ] + EncodingOptions.options(pngDefault: "fast, as mapsnap tiles", formatHelp: "png (default), webp or jpeg tiles (the URLs end in .png, .webp, .jpg)") + [
        Option(["--memory-cache"], .required("MB"), help: "megabytes of encoded tiles kept in memory (default \(InputLimits.defaultTileMemoryCacheBytes >> 20))", field: "memory-cache") { c, t in
            c.config.memoryCacheBytes = try integer(t, "--memory-cache", 0...(InputLimits.tileMemoryCacheBytes.upperBound >> 20)) << 20
        },
        Option(["--max-image-side"], .required("PX"), help: "device pixels either side of a static image may have (default \(InputLimits.defaultServedImageSide)); more get 413", field: "max-image-side") { c, t in
            c.config.maxImageSide = try integer(t, "--max-image-side", InputLimits.servedImageSide)
        },
    ]

    static let httpOptions: [Option<ServeInvocation>] = [
        Option(["--http-threads"], .required("N"), help: "threads answering HTTP; they never render (default: the number of cores)", field: "http-threads") { c, t in
            c.config.http.threads = try integer(t, "--http-threads", InputLimits.httpThreads)
        },
        Option(["--http-model"], .required("suspend|thread-per-connection"), help: "suspend connections while they wait for a render (default), or one blocking thread each", field: "http-model") { c, t in
            guard let m = HTTPSettings.Model(rawValue: t) else {
                throw UsageError(option: "--http-model", message: "'\(t)' is not one of suspend, thread-per-connection")
            }
            c.config.http.model = m
        },
        Option(["--connections"], .required("N"), help: "connections open at once (default \(InputLimits.defaultHTTPConnections)); a sixteenth of them is kept for\nclients that hold none yet", field: "connections") { c, t in
            c.config.http.connectionLimit = try integer(t, "--connections", InputLimits.httpConnections)
        },
        Option(["--connections-per-client"], .required("N"), help: "connections one client (IP address) may hold (default: a quarter of --connections;\nbehind a proxy, --connections)", field: "connections-per-client") { c, t in
            c.config.http.connectionsPerClient = try integer(t, "--connections-per-client", InputLimits.connectionsPerClient)
        },
        Option(["--header-timeout"], .required("S"), help: "seconds a request head may take to arrive (default \(InputLimits.defaultHeaderTimeoutSeconds)); slower connections are closed", field: "header-timeout") { c, t in
            c.config.http.headerSeconds = try integer(t, "--header-timeout", InputLimits.headerTimeoutSeconds)
        },
        Option(["--idle-timeout"], .required("S"), help: "seconds an idle keep-alive connection stays open (default \(InputLimits.defaultConnectionIdleSeconds))", field: "idle-timeout") { c, t in
            c.config.http.idleSeconds = try integer(t, "--idle-timeout", InputLimits.connectionIdleSeconds)
        },
        Option(["--max-body"], .required("BYTES"), help: "bytes a POST /static body may have (default \(InputLimits.defaultRequestBodyBytes)); more get 413; other routes take none", field: "max-body") { c, t in
            c.config.http.maxBodyBytes = try integer(t, "--max-body", InputLimits.requestBodyBytes)
        },
        Option(["--body-memory"], .required("MB"), help: "megabytes of request bodies held at once, across connections (default \(InputLimits.defaultRequestBodyMemoryBytes >> 20));\na body that does not fit gets 503", field: "body-memory") { c, t in
            c.config.http.bodyMemoryBytes = try integer(t, "--body-memory", InputLimits.requestBodyMemoryMiB) << 20
        },
        Option(["--max-url"], .required("BYTES"), help: "bytes a request target may have (default \(InputLimits.defaultRequestTargetBytes)); more get 414", field: "max-url") { c, t in
            c.config.http.maxTargetBytes = try integer(t, "--max-url", InputLimits.requestTargetBytes)
        },
        Option(["--max-age"], .required("S"), help: "Cache-Control max-age of tiles, images and metadata (default \(InputLimits.defaultMaxAgeSeconds))", field: "max-age") { c, t in
            c.config.maxAge = try integer(t, "--max-age", InputLimits.maxAgeSeconds)
        },
        Option(["--cors"], .required("ORIGIN|none"), help: "Access-Control-Allow-Origin of map resources (default *)", field: "cors") { c, t in
            guard t == "none" || t == "*" || PublicBase.validURL(t) else {
                throw UsageError(option: "--cors", message: "'\(t)' is not *, none or an origin such as https://example.org")
            }
            c.config.cors = t == "none" ? nil : t
        },
        Option(["--shutdown-grace"], .required("S"), help: "seconds SIGTERM waits for requests in flight (default \(MessageNumber.format(InputLimits.defaultShutdownGraceSeconds)))", field: "shutdown-grace") { c, t in
            c.config.shutdownGrace = try seconds(t, "--shutdown-grace", InputLimits.shutdownGraceSeconds)
        },
    ]

    /// Every option a `--config` key may name.
    static var configurableOptions: [Option<ServeInvocation>] {
        serverOptions.filter { $0.longName != "--config" } + [styleOption] + StyleAndDataOptions.dataOptions() + renderingOptions + httpOptions
    }

    /// `NAME`, or `NAME=STYLE` (a built-in name or a style file); a lone path serves under its file name.
    static func parseStyleArgument(_ text: String) throws(UsageError) -> (String, StyleReference) {
        var id = text, ref = StyleReference(text)
        if let eq = text.firstIndex(of: "=") {
            id = String(text[..<eq])
            ref = StyleReference(String(text[text.index(after: eq)...]))
        } else if case .file(let path) = ref {
            id = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        }
        if let problem = ServeConfig.checkID(id) { throw UsageError(option: "--style", message: problem) }
        if case .named(let name) = ref, !ResourceLocator.builtInStyles.contains(name) {
            throw UsageError(option: "--style", message: "'\(name)' is not a built-in style (\(ResourceLocator.builtInStyles.joined(separator: ", "))); give NAME=PATH.json for a file")
        }
        return (id, ref)
    }

    /// The styles: those of `--config`, then those of the command line with the shared data
    /// options (a later one replaces an earlier one of the same id); none given: every built-in.
    static func finish(_ c: inout ServeInvocation) throws {
        try c.request.requireImageOutput("served tiles and images")
        // Else a body --max-body allows could never be read.
        if c.config.http.bodyMemoryBytes < c.config.http.maxBodyBytes {
            throw UsageError(option: "--body-memory", message: "\(c.config.http.bodyMemoryBytes >> 20) MB is less than --max-body \(c.config.http.maxBodyBytes) bytes: give at least \((c.config.http.maxBodyBytes + (1 << 20) - 1) >> 20)")
        }
        c.config.encoding = c.request.encoding
        try c.config.encoding.validate()
        var entries = c.configStyles
        var arguments = c.styleArguments
        if entries.isEmpty && arguments.isEmpty {
            guard ResourceLocator.location != nil else { throw UsageError(option: "--style", message: "no style given, and \(ResourceLocator.notFoundReason)") }
            arguments = ResourceLocator.builtInStyles.map { ($0, .named($0)) }
        }
        for (id, ref) in arguments {
            var selection = c.request.style
            selection.style = ref
            entries.removeAll { $0.id == id }
            entries.append(ServeConfig.StyleEntry(id: id, selection: selection))
        }
        guard !entries.isEmpty else { throw UsageError(option: "--style", message: "no style to serve (no built-in style was found)") }
        c.config.styles = entries
    }

    static func integer(_ text: String, _ flag: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let v = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(v) else {
            throw UsageError(option: flag, message: "must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(text)")
        }
        return v
    }

    static func seconds(_ text: String, _ flag: String, _ range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite, range.contains(v) else {
            throw UsageError(option: flag, message: "must be a number of seconds from \(MessageNumber.format(range.lowerBound)) to \(MessageNumber.format(range.upperBound)), got \(text)")
        }
        return v
    }
}
