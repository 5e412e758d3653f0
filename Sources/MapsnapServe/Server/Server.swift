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
        let signals = ServerSignals()
        defer { signals.cancel() }

        let socket: ListeningSocket
        do { socket = try ListeningSocket.open(host: config.bind, port: config.port) } catch {
            console.error("\(error.description.contains("in use") ? "--port" : "--bind"): \(error)")
            return .badInput
        }
        let host = config.bind.contains(":") ? "[\(config.bind)]" : config.bind
        let listening = "\(host):\(socket.port)"
        let assembly = ServerAssembly(config: config, listening: listening)
        let router = assembly.router, metrics = assembly.metrics
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
        assembly.gauges.http = http
        console.out("mapsnap serve: listening on http://\(listening)/ (loading \(config.styles.count) style\(config.styles.count == 1 ? "" : "s"))")

        let services: Router.Services
        do { services = try assembly.services(console: console, quiet: quiet, word: word, gate: signals.renderGate) } catch {
            console.error(error.message)
            http.stop()
            return error.exitCode
        }
        let styles = services.styles, render = services.tiles.render
        signals.readyGate?.wait()
        router.ready(services)
        console.out("mapsnap serve: ready: http://\(listening)/ (styles: \(styles.map(\.id).joined(separator: ", ")); \(config.jobs) render workers)")

        signals.stop.wait()
        drain(http, render, console, quiet: quiet)
        services.tiles.disk?.close()
        if !quiet { console.info("mapsnap serve: stopped") }
        return .success
    }

    /// Stops accepting connections and waits, at most `shutdownGrace` seconds, for the requests in
    /// flight and the renders admitted (the render time limit answers every waiting request
    /// first; a metatile's requests are answered before the rest of its tiles are encoded and
    /// written to the cache, so renders are waited for too).
    private func drain(_ http: MicroHTTPServer, _ render: RenderService, _ console: Console, quiet: Bool) {
        http.quiesce()
        if !quiet { console.info("mapsnap serve: stopping: no new connections; finishing \(http.requestsInFlight) requests in flight") }
        let deadline = Date().addingTimeInterval(config.shutdownGrace)
        while (http.requestsInFlight > 0 || render.admittedCount > 0) && Date() < deadline { usleep(10_000) }
        let left = http.requestsInFlight
        if left == 0 {
            http.stop()
        } else if !quiet {
            console.warning("\(left) requests still in flight after \(MessageNumber.format(config.shutdownGrace)) s; exiting anyway")
        }
    }
}
