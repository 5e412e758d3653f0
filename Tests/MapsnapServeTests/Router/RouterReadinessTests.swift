import Foundation
@testable import MapsnapServe
import Testing

/// In-process: until the styles are loaded (`ServerAssembly` built, its services not yet handed to
/// the router) only `/health`, `/metrics` and preflights answer; every map route is 503 with
/// Retry-After. A target that is no route is 404 either way: it needs nothing loaded.
struct RouterReadinessTests {
    @Test(arguments: [
        ("GET", "/"), ("GET", "/leaflet/leaflet.js"), ("GET", "/styles"), ("GET", "/styles/light.json"), ("GET", "/styles/light/wmts.xml"),
        ("GET", "/styles/light/16/34118/23898.png"), ("GET", "/static?center=43.736,7.426"), ("POST", "/static"),
        ("GET", "/styles/light/static/7.426,43.736,16/64x48.png"), ("GET", "/styles/v1/me/light/static/7.426,43.736,15/64x48"),
    ])
    func mapRoutesAre503UntilReady(method: String, target: String) {
        let r = InProcessServer().send(target, method: method, body: method == "POST" ? "{}" : "")
        #expect(r.status == 503 && r.header("Retry-After") == "1" && r.bodyText == "starting: the styles are loading\n", "\(r.status) \(r.bodyText)")
    }

    @Test func healthMetricsAndPreflightsAnswerWhileStarting() {
        let server = InProcessServer()
        let health = server.send("/health")
        #expect(health.status == 503 && health.header("Retry-After") == "1")
        #expect(server.send("/static", method: "OPTIONS").status == 204)
        #expect(server.send("/nowhere").status == 404)
        #expect(server.send("/styles/light/15/a/3.png").status == 404)
        let metrics = server.send("/metrics")
        #expect(metrics.status == 200 && metrics.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(metrics.header("Cache-Control") == "no-store")
        // Every answer is counted under its route's label, a target that is no route under its shape's.
        let lines = metrics.bodyText.split(separator: "\n")
        for line in ["mapsnap_http_requests_total{route=\"health\",status=\"503\"} 1", "mapsnap_http_requests_total{route=\"preflight\",status=\"204\"} 1",
                     "mapsnap_http_requests_total{route=\"other\",status=\"404\"} 1", "mapsnap_http_requests_total{route=\"tile\",status=\"404\"} 1",
                     "mapsnap_render_workers 0"] {
            #expect(lines.contains(Substring(line)), "\(line) in\n\(metrics.bodyText)")
        }
    }

    @Test func readyOnceTheServicesAreHandedOver() throws {
        let server = try InProcessServer.shared.get()
        let health = server.send("/health")
        #expect(health.status == 200 && health.bodyText == "ok\n" && health.header("Retry-After") == nil)
        // The gauges read the parts the assembly brought up.
        let lines = server.send("/metrics").bodyText.split(separator: "\n")
        #expect(lines.contains(Substring("mapsnap_render_workers 2")))
        #expect(lines.contains(Substring("mapsnap_tile_cache_capacity_bytes \(server.assembly.config.memoryCacheBytes)")))
    }
}
