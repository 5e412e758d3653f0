import Foundation
@testable import MapsnapServe
import Testing

/// In-process: the CORS header goes on the answers of the map resources (their errors included),
/// with the configured origin, and on no other answer.
struct RouterCORSTests {
    /// The routes a page on another origin may fetch: tiles, images and what describes them.
    static let mapResources: Set<String> = ["tile", "static", "static_tileserver", "static_mapbox", "tilejson", "wmts", "styles", "preflight"]

    /// One request of every route, by the label it is counted under; errors where an answer is
    /// enough (the header does not depend on the status).
    static let requests: [(label: String, method: String, target: String)] = [
        ("health", "GET", "/health"), ("metrics", "GET", "/metrics"), ("preview", "GET", "/"), ("asset", "GET", "/leaflet/leaflet.js"),
        ("styles", "GET", "/styles"), ("tilejson", "GET", "/styles/light.json"), ("wmts", "GET", "/styles/light/wmts.xml"),
        ("tile", "GET", "/styles/light/3/8/0.png"), ("tile", "GET", "/styles/light/15/a/3.png"),
        ("static", "GET", "/static?center=95,7.426"), ("static", "POST", "/static"),
        ("static_tileserver", "GET", "/styles/light/static/7.426,95,16/64x48.png"),
        ("static_mapbox", "GET", "/styles/v1/me/light/static/7.426,95,15/64x48"),
        ("preflight", "OPTIONS", "/styles/light/16/34118/23898.png"), ("other", "GET", "/nowhere"), ("other", "GET", "/styles/light"),
    ]

    @Test func mapResourcesAndOnlyThoseCarryTheHeader() throws {
        #expect(Router.corsRoutes == Self.mapResources)
        #expect(Set(Self.requests.map(\.label)).isSuperset(of: Self.mapResources), "a map resource without a request here")
        let server = try InProcessServer.shared.get()
        for (label, method, target) in Self.requests {
            let r = server.send(target, method: method, body: method == "POST" ? "[1]" : "")
            let expected = Self.mapResources.contains(label) ? "*" : nil
            #expect(r.header("Access-Control-Allow-Origin") == expected, "\(method) \(target) (\(label)): \(r.status) \(r.bodyText)")
        }
    }

    @Test(arguments: [String?.some("https://maps.example.org"), nil])
    func theHeaderIsTheConfiguredOrigin(cors: String?) {
        let server = InProcessServer(InProcessServer.config(cors: cors))
        for target in ["/styles/light.json", "/static"] {   // answered 503 while starting, still a map resource
            #expect(server.send(target).header("Access-Control-Allow-Origin") == cors)
        }
        #expect(server.send("/static", method: "OPTIONS").header("Access-Control-Allow-Origin") == cors)
        #expect(server.send("/health").header("Access-Control-Allow-Origin") == nil)
    }
}
