import Foundation
import MapsnapKit
@testable import MapsnapServe
import Testing

struct RouteTests {
    func match(_ target: String, method: String = "GET") throws(HTTPError) -> Route {
        try Route.match(HTTPRequest(method: method, target: target))
    }

    @Test func everyRouteHasItsURL() throws {
        let labels = try [
            "/", "/leaflet/leaflet.js", "/health", "/metrics", "/styles", "/styles.json", "/styles/light.json", "/styles/light/wmts.xml",
            "/styles/light/15/17059/11948.png", "/styles/light/15/17059/11948@2x.png", "/styles/light/static/7.4,43.7,15/10x10.png",
            "/styles/v1/me/light/static/7.4,43.7,15/10x10", "/static?center=43.7,7.4",
        ].map { try match($0).label }
        #expect(labels == ["preview", "asset", "health", "metrics", "styles", "styles", "tilejson", "wmts", "tile", "tile",
                           "static_tileserver", "static_mapbox", "static"])
        guard case .tile(let id, let t, let scale, _) = try match("/styles/dark/15/17059/11948@2x.png") else { Issue.record("not a tile"); return }
        #expect(id == "dark" && t == TileID(z: 15, x: 17059, y: 11948) && scale == 2)
        #expect(try Route.match(HTTPRequest(method: "POST", target: "/static", body: Data("{}".utf8))).label == "static")
        #expect(try match("/styles/light/1/2/3.png", method: "OPTIONS").label == "preflight")
        #expect(try match("/health", method: "HEAD").label == "health")
    }

    @Test(arguments: [
        ("GET", "/nope", 404, "no such page: /nope (the routes are listed at /)"),
        ("GET", "/styles/light/15/a/3.png", 404, "tile 15/a/3: not a tile address (whole numbers z/x/y)"),
        ("GET", "/styles/light/15/1/-3.png", 404, "tile 15/1/-3: not a tile address (whole numbers z/x/y)"),
        ("GET", "/styles/light/15/1/99999999999.png", 404, "tile 15/1/99999999999: not a tile address (whole numbers z/x/y)"),
        ("GET", "/styles/light/15/1/3.gif", 404, "tile: /styles/{id}/{z}/{x}/{y}.png or {y}@2x.png (or .webp, .jpg)"),
        ("GET", "/styles/light", 404, "no such page: /styles/light (TileJSON is /styles/{id}.json)"),
        ("GET", "/styles/v1/me/light/tiles/256/1/2/3", 404, "no such page: the Mapbox route is /styles/v1/{user}/{style}/static/[{overlay}/]{position}/{width}x{height}[@2x]"),
        ("PUT", "/static", 405, "PUT is not allowed here (GET and HEAD; POST for /static)"),
        ("POST", "/styles/light.json", 405, "POST is not allowed here (GET and HEAD; POST for /static)"),
    ])
    func refusals(method: String, target: String, status: Int, message: String) {
        #expect(throws: HTTPError(status, message)) { try match(target, method: method) }
    }

    /// Hostile input of every parser: an error, never a crash.
    @Test(arguments: [
        "/styles/v1/u/s/static/geojson(" + String(repeating: "[", count: 5000) + ")/auto/1x1",
        "/styles/v1/u/s/static/path(" + String(repeating: "~", count: 4000) + ")/auto/1x1",
        "/styles/s/static/1e308,1e308,1e308/99999999999999999999x1.png",
        "/styles/s/static/nan,nan,nan@inf,-inf/1x1@99999999999999999999x.png",
        "/styles/s/\u{0}/%00/%00.png", "/static?size=9223372036854775807x9223372036854775807&scale=1e308",
        "/static?circle=0,0,1e309&user=0,0,-0&meters=-inf", "/static?" + String(repeating: "marker=1,1&", count: 2000),
        "/styles/v1/u/s/static/pin-s-" + String(repeating: "9", count: 100) + "(1,1)/0,0,0/1x1",
    ])
    func neverCrashes(target: String) {
        _ = try? match(target)
        _ = try? ServeParsers.requestTarget(Data(target.utf8))
    }
}
