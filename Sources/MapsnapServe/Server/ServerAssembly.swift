import Foundation
import MapsnapFormats
import MapsnapKit

/// The parts `mapsnap serve` answers with, built from its configuration in two steps: the router
/// at once (so the HTTP layer can answer `/health` 503 while the rest loads), then `services`
/// loads the styles, opens the tile cache, warms the render workers and reads Leaflet. `Server.run`
/// keeps the life cycle around the two (signals, socket, ready, drain); the tests build the same
/// parts and send the router requests in-process, so what they test is what the server runs.
final class ServerAssembly: Sendable {
    let config: ServeConfig
    let metrics = Metrics()
    /// `/metrics`' gauges, filled in as the parts come up (the HTTP layer's by `Server.run`).
    let gauges = LiveGauges()
    let router: Router
    /// Where the preview page's Leaflet files are read from (tests give a folder of their own).
    let leafletFolder: String

    /// A part that did not come up: the error line (without `mapsnap: error: `) and the exit code.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        let exitCode: ExitCode
        var description: String { message }
    }

    /// `listening` is `host:port`, the last resort for absolute links.
    init(config: ServeConfig, listening: String, leafletFolder: String = LeafletAssets.folder) {
        self.config = config
        self.leafletFolder = leafletFolder
        let gauges = self.gauges
        router = Router(metrics: metrics, config: config, listening: listening, gauges: { gauges.read() })
    }

    /// Everything the router needs to answer, in the order a failure is reported: the styles
    /// (exit 2), the tile cache (exit 2), the render workers (exit 1). Warnings go to `console`
    /// unless `quiet`; `word` words a request error as the command line does. Returns once every
    /// worker has loaded the styles; the caller hands the result to `router.ready` when it wants
    /// the server ready.
    func services(console: Console, quiet: Bool, word: @Sendable (RequestError) -> String, gate: RenderGate?) throws(Failure) -> Router.Services {
        let styles = try loadStyles(console: console, quiet: quiet, word: word)
        let disk = try openCache(styles, console: console, quiet: quiet, word: word)
        let render = try startWorkers(styles, console: console, quiet: quiet, gate: gate)
        let memory = TileMemoryCache(capacity: config.memoryCacheBytes)
        gauges.memory = memory
        let leaflet = LeafletAssets.load(from: leafletFolder)
        if !leaflet.available && !quiet {
            console.warning("Leaflet is not installed (\(leafletFolder)): the preview page shows no maps (apt-get install libjs-leaflet)")
        }
        let format = config.encoding.effectiveFormat
        // One log for the server's life: a corrupt source tile is named once, not per request.
        let warnings = console.warnings(quiet: quiet)
        return Router.Services(
            styles: styles, byID: Dictionary(uniqueKeysWithValues: styles.map { ($0.id, $0) }),
            tiles: TileService(memory: memory, disk: disk, render: render, metrics: metrics, metatileSize: config.metatileSize,
                               renderTimeout: config.renderTimeout, maxAge: config.maxAge, format: format, log: { console.error($0) },
                               warnings: warnings),
            statics: StaticService(render: render, metrics: metrics, renderTimeout: config.renderTimeout, maxAge: config.maxAge,
                                   maxImageSide: config.maxImageSide, log: { console.error($0) }, warnings: warnings),
            preview: Data(PreviewPage.html(styles, leaflet: leaflet.available, format: format).utf8), leaflet: leaflet)
    }

    /// The styles, loaded once here to check them and to learn their data; each worker loads its own.
    private func loadStyles(console: Console, quiet: Bool, word: (RequestError) -> String) throws(Failure) -> [ServedStyle] {
        var styles: [ServedStyle] = []
        for entry in config.styles {
            do {
                let snapshotter = try Snapshotter(entry.selection)
                if !quiet {
                    for w in snapshotter.style.warnings.map(\.description) + snapshotter.dataWarnings { console.warning("style '\(entry.id)': \(w)") }
                }
                styles.append(ServedStyle(entry: entry, snapshotter: snapshotter))
            } catch {
                throw Failure(message: "style '\(entry.id)': \(word(error))", exitCode: .badInput)
            }
        }
        return styles
    }

    /// `--cache`'s MBTiles files, when given; a cache of other tiles is refused.
    private func openCache(_ styles: [ServedStyle], console: Console, quiet: Bool, word: (RequestError) -> String) throws(Failure) -> TileDiskCache? {
        guard let path = config.cache else { return nil }
        do {
            let disk = try TileDiskCache(path: path, styles: styles, metatileSize: config.metatileSize, encoding: config.encoding)
            disk.onError = { if !quiet { console.warning("--cache: \($0)") } }
            return disk
        } catch {
            throw Failure(message: word(error), exitCode: .badInput)
        }
    }

    /// The render workers, warm: each has loaded every style.
    private func startWorkers(_ styles: [ServedStyle], console: Console, quiet: Bool, gate: RenderGate?) throws(Failure) -> RenderService {
        let render: RenderService
        do {
            render = try RenderService(workers: config.jobs, queueLimit: config.renderQueue, styles: styles.map(\.selection),
                                       encoding: config.encoding, gate: gate)
        } catch {
            throw Failure(message: "--jobs: \(error)", exitCode: .failure)
        }
        if let shortfall = render.shortfall, !quiet { console.warning("--jobs: \(shortfall)") }
        render.waitUntilWarm()
        gauges.render = render
        return render
    }
}
