import Dispatch
import Foundation
import MapsnapFormats
import MapsnapKit
#if canImport(Glibc)
import Glibc
#endif

/// `mapsnap serve`'s life: listen (so `/health` can say 503 while starting), load the styles,
/// warm the render workers, answer; on SIGTERM or SIGINT stop accepting connections, let the
/// requests in flight and their renders finish (at most `shutdownGrace` seconds), write the tile
/// cache out, exit 0.
/// A port in use or a style that does not load is exit 2 with one line naming it.
public final class Server {
    let config: ServeConfig
    /// Words a request error as the command line does (`--source openmaptiles: …`).
    let word: @Sendable (RequestError) -> String

    public init(config: ServeConfig, word: @escaping @Sendable (RequestError) -> String) {
        self.config = config
        self.word = word
    }

    public func run(_ console: Console, quiet: Bool) -> ExitCode {
        signal(SIGPIPE, SIG_IGN)
        let stop = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for sig in [SIGTERM, SIGINT] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        // Tests only (`InjectedFaults`): renders (or readiness) wait for SIGUSR1, so a test can see
        // the server busy (or starting) without depending on how long anything takes.
        let faults = InjectedFaults.current
        let gate = faults.holdRenders ? RenderGate() : nil
        let readyGate = faults.holdReady ? RenderGate() : nil
        if gate != nil || readyGate != nil {
            signal(SIGUSR1, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
            source.setEventHandler { gate?.openGate(); readyGate?.openGate() }
            source.resume()
            sources.append(source)
        }
        defer { sources.forEach { $0.cancel() } }

        let socket: ListeningSocket
        do { socket = try ListeningSocket.open(host: config.bind, port: config.port) } catch {
            console.error("\(error.description.contains("in use") ? "--port" : "--bind"): \(error)")
            return .badInput
        }
        let host = config.bind.contains(":") ? "[\(config.bind)]" : config.bind
        let listening = "\(host):\(socket.port)"
        let metrics = Metrics()
        let live = LiveGauges()
        let router = Router(metrics: metrics, config: config, listening: listening, gauges: { live.read() })
        var settings = config.http
        settings.threads = max(1, settings.threads)
        let http = MicroHTTPServer(settings: settings, handler: { router.handle($0) },
                                   refused: { _, target, status in metrics.request(route: Route.label(forTarget: target), status: status) })
        guard http.start(socket) else {
            close(socket.fd)
            if let reason = MicroHTTPServer.loadError {
                console.error("mapsnap serve needs libmicrohttpd (Debian's libmicrohttpd12): \(reason)")
            } else {
                console.error("--port: libmicrohttpd could not start on \(listening)")
            }
            return .failure
        }
        live.http = http
        console.out("mapsnap serve: listening on http://\(listening)/ (loading \(config.styles.count) style\(config.styles.count == 1 ? "" : "s"))")

        // The styles, loaded once here to check them and to learn their data; each worker loads its own.
        var styles: [ServedStyle] = []
        for entry in config.styles {
            do {
                let snapshotter = try Snapshotter(entry.selection)
                if !quiet {
                    for w in snapshotter.style.warnings.map(\.description) + snapshotter.dataWarnings { console.warning("style '\(entry.id)': \(w)") }
                }
                styles.append(ServedStyle(entry: entry, snapshotter: snapshotter))
            } catch {
                console.error("style '\(entry.id)': \(word(error))")
                http.stop()
                return .badInput
            }
        }
        var disk: TileDiskCache?
        if let path = config.cache {
            do {
                disk = try TileDiskCache(path: path, styles: styles, metatileSize: config.metatileSize, encoding: config.encoding)
                disk?.onError = { if !quiet { console.warning("--cache: \($0)") } }
            } catch {
                console.error(word(error))
                http.stop()
                return .badInput
            }
        }
        let render: RenderService
        do {
            render = try RenderService(workers: config.jobs, queueLimit: config.renderQueue, styles: styles.map(\.selection),
                                       encoding: config.encoding, gate: gate)
        } catch {
            console.error("--jobs: \(error)")
            http.stop()
            return .failure
        }
        if let shortfall = render.shortfall, !quiet { console.warning("--jobs: \(shortfall)") }
        render.waitUntilWarm()
        live.render = render
        let memory = TileMemoryCache(capacity: config.memoryCacheBytes)
        live.memory = memory
        let leaflet = LeafletAssets.load()
        if !leaflet.available && !quiet {
            console.warning("Leaflet is not installed (\(LeafletAssets.folder)): the preview page shows no maps (apt-get install libjs-leaflet)")
        }
        readyGate?.wait()
        router.ready(Router.Services(
            styles: styles, byID: Dictionary(uniqueKeysWithValues: styles.map { ($0.id, $0) }),
            tiles: TileService(memory: memory, disk: disk, render: render, metrics: metrics, metatileSize: config.metatileSize,
                               renderTimeout: config.renderTimeout, maxAge: config.maxAge,
                               format: config.encoding.effectiveFormat, log: { console.error($0) }),
            statics: StaticService(render: render, metrics: metrics, renderTimeout: config.renderTimeout, maxAge: config.maxAge,
                                   maxImageSide: config.maxImageSide, log: { console.error($0) }),
            preview: Data(PreviewPage.html(styles, leaflet: leaflet.available, format: config.encoding.effectiveFormat).utf8), leaflet: leaflet))
        console.out("mapsnap serve: ready: http://\(listening)/ (styles: \(styles.map(\.id).joined(separator: ", ")); \(config.jobs) render workers)")

        stop.wait()
        http.quiesce()
        if !quiet { console.info("mapsnap serve: stopping: no new connections; finishing \(http.requestsInFlight) requests in flight") }
        let deadline = Date().addingTimeInterval(config.shutdownGrace)
        // Bounded: the grace period (the render time limit answers every waiting request first).
        // Renders too: a metatile's requests are answered before the rest of its tiles are encoded
        // and written to the cache.
        while (http.requestsInFlight > 0 || render.admittedCount > 0) && Date() < deadline { usleep(10_000) }
        let left = http.requestsInFlight
        if left == 0 {
            http.stop()
        } else if !quiet {
            console.warning("\(left) requests still in flight after \(MessageNumber.format(config.shutdownGrace)) s; exiting anyway")
        }
        disk?.close()
        if !quiet { console.info("mapsnap serve: stopped") }
        return .success
    }
}

/// The gauges of `/metrics`, read from the parts as they come up.
final class LiveGauges: @unchecked Sendable {
    private let lock = NSLock()
    private var _http: MicroHTTPServer?
    private var _render: RenderService?
    private var _memory: TileMemoryCache?

    var http: MicroHTTPServer? { get { lock.withLock { _http } } set { lock.withLock { _http = newValue } } }
    var render: RenderService? { get { lock.withLock { _render } } set { lock.withLock { _render = newValue } } }
    var memory: TileMemoryCache? { get { lock.withLock { _memory } } set { lock.withLock { _memory = newValue } } }

    func read() -> [(name: String, help: String, value: Double)] {
        let (h, r, m) = lock.withLock { (_http, _render, _memory) }
        let running = r?.runningCount ?? 0, admitted = r?.admittedCount ?? 0
        return [
            ("mapsnap_render_queue_depth", "Renders admitted and waiting for a worker.", Double(admitted - running)),
            ("mapsnap_renders_in_flight", "Renders running on a worker now.", Double(running)),
            ("mapsnap_render_queue_limit", "Renders admitted at most (running or waiting); more are answered 503.", Double(r?.queueLimit ?? 0)),
            ("mapsnap_render_workers", "Render worker threads.", Double(r?.workerCount ?? 0)),
            ("mapsnap_http_requests_in_flight", "HTTP requests received and not yet answered completely (this one included).", Double(h?.requestsInFlight ?? 0)),
            ("mapsnap_http_connections_open", "HTTP connections open (this one included).", Double(h?.connections.openCount ?? 0)),
            ("mapsnap_http_body_bytes", "Bytes of request bodies reserved by the requests being read (at most --body-memory).", Double(h?.bodies.bytes ?? 0)),
            ("mapsnap_http_header_timeouts_total", "Connections closed because a request head was not complete within --header-timeout.", Double(h?.connections.headerTimeouts ?? 0)),
            ("mapsnap_http_reserve_refusals_total", "Connections refused because only the slots kept for new clients were left and the client held one already.", Double(h?.connections.refusedForReserve ?? 0)),
            ("mapsnap_tile_cache_bytes", "Bytes of encoded tiles in the memory cache.", Double(m?.bytes ?? 0)),
            ("mapsnap_tile_cache_entries", "Tiles in the memory cache.", Double(m?.count ?? 0)),
            ("mapsnap_tile_cache_capacity_bytes", "The memory cache's size limit.", Double(m?.capacity ?? 0)),
        ]
    }
}
