import Foundation
import MapsnapFormats
import MapsnapKit
import Testing
#if canImport(FoundationXML)
import FoundationXML
import MapsnapTestSupport
#endif

/// End to end on loopback: the built `mapsnap serve` on a free port, every route, its headers,
/// its errors; tiles equal to `mapsnap tiles`, static images of every grammar equal to `mapsnap`.
@Suite(.serialized)
struct ServeEndToEndTests {
    /// A Monaco tile with streets, and its metatile's neighbour (`--metatile 2` keeps debug renders short).
    static let tile = TileID(z: 16, x: 34118, y: 23898)
    static let neighbour = TileID(z: 16, x: 34119, y: 23898)

    func png(_ r: HTTPTestClient.Response, _ w: Int, _ h: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 200, "\(r.status): \(r.text)", sourceLocation: sourceLocation)
        #expect(r.header("Content-Type") == "image/png", sourceLocation: sourceLocation)
        #expect(pngSize(r.body).map { [$0.width, $0.height] } == [w, h], sourceLocation: sourceLocation)
        #expect(r.header("Content-Length") == String(r.body.count), sourceLocation: sourceLocation)
    }

    func error(_ r: HTTPTestClient.Response, _ status: Int, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == status, sourceLocation: sourceLocation)
        #expect(r.text == message + "\n", sourceLocation: sourceLocation)
        #expect(r.header("Content-Type") == "text/plain; charset=utf-8", sourceLocation: sourceLocation)
    }

    @Test func everyRouteAnswersWithItsHeaders() throws {
        let server = try ServerProcess(["--style", "light", "--metatile", "2", "--jobs", "2", "--max-age", "600", "--max-body", "4096"])
        let p = server.port
        let t = Self.tile

        // Tiles: PNG, length, strong ETag, caching and CORS headers; HEAD; 304; keep-alive.
        let tile = try HTTPTestClient.get(p, "/styles/light/\(t.z)/\(t.x)/\(t.y).png")
        png(tile, 256, 256)
        #expect(tile.header("ETag") == "\"" + TileHash.hex(tile.body) + "\"")
        #expect(tile.header("Cache-Control") == "public, max-age=600" && tile.header("Access-Control-Allow-Origin") == "*")
        png(try HTTPTestClient.get(p, "/styles/light/\(t.z)/\(t.x)/\(t.y)@2x.png"), 512, 512)
        let head = try HTTPTestClient.get(p, "/styles/light/\(t.z)/\(t.x)/\(t.y).png", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty && head.header("Content-Length") == String(tile.body.count) && head.header("ETag") == tile.header("ETag"))
        let connection = try HTTPTestClient(port: p)
        let notModified = try connection.request("GET", "/styles/light/\(t.z)/\(t.x)/\(t.y).png", headers: ["If-None-Match": tile.header("ETag")!])
        #expect(notModified.status == 304 && notModified.body.isEmpty && notModified.header("ETag") == tile.header("ETag"))
        let again = try connection.request("GET", "/styles/light/\(t.z)/\(t.x)/\(t.y).png", headers: ["If-None-Match": "\"other\""])
        #expect(again.status == 200 && again.body == tile.body)   // the same connection, kept alive

        // Metadata: the styles, TileJSON (links from X-Forwarded-*), WMTS (well-formed XML), the preview page and Leaflet.
        let list = try HTTPTestClient.get(p, "/styles")
        #expect(list.status == 200 && list.text.contains("\"id\": \"light\"") && list.header("Content-Type") == "application/json")
        let tileJSON = try HTTPTestClient.get(p, "/styles/light.json", headers: ["X-Forwarded-Proto": "https", "X-Forwarded-Host": "maps.example.org"])
        #expect(tileJSON.text.contains("\"tilejson\": \"3.0.0\"") && tileJSON.text.contains("\"https://maps.example.org/styles/light/{z}/{x}/{y}.png\""))
        #expect(tileJSON.header("Vary") == "Host, X-Forwarded-Host, X-Forwarded-Proto")
        let hostile = try HTTPTestClient.get(p, "/styles/light.json", headers: ["X-Forwarded-Host": "x\"><script>"])
        #expect(hostile.text.contains("\"http://127.0.0.1/styles/light/{z}/{x}/{y}.png\""))   // an odd header is ignored: the Host
        let wmts = try HTTPTestClient.get(p, "/styles/light/wmts.xml")
        #expect(wmts.status == 200 && XMLParser(data: wmts.body).parse(), "WMTS is not well-formed XML")
        #expect(wmts.text.contains("template=\"http://127.0.0.1/styles/light/{TileMatrix}/{TileCol}/{TileRow}.png\""))
        let page = try HTTPTestClient.get(p, "/")
        #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8" && page.text.contains("styles/\" + encodeURIComponent(s.id)"))
        let leaflet = try HTTPTestClient.get(p, "/leaflet/leaflet.js")
        if FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js") {
            #expect(leaflet.status == 200 && leaflet.text.contains("Leaflet"))
            #expect(page.text.contains("<script src=\"leaflet/leaflet.js\"></script>"))
        }

        // Static images of every grammar.
        png(try HTTPTestClient.get(p, "/styles/light/static/7.426,43.736,16/300x200@2x.png?path=7.42,43.73|7.43,43.74&marker=7.4271,43.7371"), 600, 400)
        png(try HTTPTestClient.get(p, "/styles/v1/someone/light/static/pin-s-a+e5483f(7.4271,43.7371)/7.426,43.736,15/300x200?access_token=pk.x"), 300, 200)
        png(try HTTPTestClient.get(p, "/static?center=43.736,7.426&meters=800&size=300x200&marker=43.7371,7.4271&circle=43.7368,7.4252,150"), 300, 200)
        let body = #"{"center": [43.736, 7.426], "zoom": 15, "size": "300x200", "geojson": {"type": "LineString", "coordinates": [[7.42, 43.73], [7.43, 43.74]]}}"#
        png(try HTTPTestClient.get(p, "/static", method: "POST", headers: ["Content-Type": "application/json"], body: Data(body.utf8)), 300, 200)

        // Every error status, with its message in the route's words.
        error(try HTTPTestClient.get(p, "/static?center=95,7.4"), 400, "center: latitude 95 is outside -90...90")
        error(try HTTPTestClient.get(p, "/styles/v1/me/light/static/7.4,95,15/300x200"), 400, "position: latitude 95 is outside -90...90")
        error(try HTTPTestClient.get(p, "/styles/light/static/7.4,43.7,30/300x200.png"), 400, "zoom (in the path): must be between 0 and 25 (tileserver-gl's 256-px zoom), got 30")
        error(try HTTPTestClient.get(p, "/static?center=43.7,7.4&tracks=/etc/passwd"), 400, "tracks: the server reads no files a request names; send the track inline as a GeoJSON LineString in geojson")
        error(try HTTPTestClient.get(p, "/styles/dark/15/1/1.png"), 404, "style 'dark' is not served (styles: light)")
        error(try HTTPTestClient.get(p, "/styles/light/21/1/1.png"), 404, "tile 21/1/1 of 'light': zoom 21 is outside 0-20")
        error(try HTTPTestClient.get(p, "/styles/light/10/1/1.png"), 404, "tile 10/1/1 of 'light': outside the data (only background there)")
        error(try HTTPTestClient.get(p, "/nowhere"), 404, "no such page: /nowhere (the routes are listed at /)")
        error(try HTTPTestClient.get(p, "/health", method: "DELETE"), 405, "DELETE is not allowed here (GET and HEAD; POST for /static)")
        error(try HTTPTestClient.get(p, "/static?center=43.7,7.4&size=3000x3000&scale=2"), 413, "size: 3000x3000 at scale 2 is 6000 pixels across, more than the 4096 this server draws")
        error(try HTTPTestClient.get(p, "/static", method: "POST", body: Data(count: 5000)), 413, "the request body is 5000 bytes, more than the 4096 bytes this server reads")
        error(try HTTPTestClient.get(p, "/static?x=" + String(repeating: "a", count: 20000)), 414, "the request target is 20010 bytes, more than the 16384 this server reads")
        let preflight = try HTTPTestClient.get(p, "/static", method: "OPTIONS")
        #expect(preflight.status == 204 && preflight.header("Access-Control-Allow-Methods") == "GET, HEAD, POST, OPTIONS")
        // Headers too large for libmicrohttpd's buffer: it answers for itself; nothing is left in flight.
        _ = try? HTTPTestClient.get(p, "/health", headers: ["X-Big": String(repeating: "b", count: 100_000)])
        // Every request above ends (libmicrohttpd reports a closed connection's last request a moment later).
        try server.waitForMetric("mapsnap_http_requests_in_flight 1")

        let metrics = try HTTPTestClient.get(p, "/metrics").text
        for line in ["mapsnap_http_requests_total{route=\"tile\",status=\"200\"} 4", "mapsnap_http_requests_total{route=\"tile\",status=\"304\"} 1",
                     "mapsnap_http_requests_total{route=\"static\",status=\"400\"} 2", "mapsnap_http_requests_total{route=\"static_mapbox\",status=\"200\"} 1",
                     "mapsnap_tile_cache_total{result=\"miss\"} 2", "mapsnap_render_seconds_count{kind=\"metatile\"} 2",
                     "mapsnap_render_seconds_count{kind=\"static\"} 4", "mapsnap_render_queue_depth 0", "mapsnap_renders_in_flight 0",
                     "# TYPE mapsnap_render_seconds histogram"] {
            #expect(metrics.split(separator: "\n").contains(Substring(line)), "\(line) in\n\(metrics)")
        }
        #expect(server.stop() == 0)
    }

    /// A tile served on demand is the same bytes as the tile from `mapsnap tiles`, at both scales.
    @Test func tilesEqualThoseOfMapsnapTiles() throws {
        let dir = try ServerProcess.scratch()
        let server = try ServerProcess(["--style", "light", "--metatile", "2", "--jobs", "2"])
        let box = "7.4180,43.7320,7.4235,43.7355"
        for scale in [1, 2] {
            let out = dir.appendingPathComponent("tiles\(scale)").path
            let r = try ServerProcess.run(["tiles", "--bbox", box, "--zoom", "16", "--metatile", "2", "--scale", "\(scale)", "--jobs", "2", "-o", out])
            #expect(r.status == 0, "\(r.stderr)")
            let xs = try FileManager.default.contentsOfDirectory(atPath: out + "/16").filter { Int($0) != nil }
            var compared = 0
            for x in xs {
                for file in try FileManager.default.contentsOfDirectory(atPath: "\(out)/16/\(x)") where file.hasSuffix(".png") {
                    let y = file.dropLast(4)
                    let served = try HTTPTestClient.get(server.port, "/styles/light/16/\(x)/\(y)\(scale == 2 ? "@2x" : "").png")
                    #expect(served.status == 200)
                    #expect(served.body == (try Data(contentsOf: URL(fileURLWithPath: "\(out)/16/\(x)/\(file)"))), "tile 16/\(x)/\(y) at scale \(scale)")
                    compared += 1
                }
            }
            #expect(compared >= 4)
        }
        server.stop()
    }

    /// The same view asked in every grammar is the same image as `mapsnap --center … --zoom …`.
    @Test func staticImagesOfEveryGrammarEqualTheCommandLine() throws {
        let dir = try ServerProcess.scratch()
        let server = try ServerProcess(["--style", "light", "--jobs", "2"])
        let p = server.port
        func cli(_ arguments: [String]) throws -> Data {
            let out = dir.appendingPathComponent(UUID().uuidString + ".png").path
            let r = try ServerProcess.run(arguments + ["-o", out])
            #expect(r.status == 0, "\(r.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let view = try cli(["--center", "43.736,7.426", "--zoom", "15", "--size", "300x200"])
        #expect(try HTTPTestClient.get(p, "/styles/light/static/7.426,43.736,16/300x200.png").body == view, "tileserver-gl (zoom 16 = MapLibre 15)")
        #expect(try HTTPTestClient.get(p, "/styles/v1/me/light/static/7.426,43.736,15/300x200").body == view, "Mapbox")
        #expect(try HTTPTestClient.get(p, "/static?center=43.736,7.426&zoom=15&size=300x200").body == view, "GET /static")
        let post = #"{"center": [43.736, 7.426], "zoom": 15, "size": [300, 200]}"#
        #expect(try HTTPTestClient.get(p, "/static", method: "POST", body: Data(post.utf8)).body == view, "POST /static")

        let rotated = try cli(["--center", "43.736,7.426", "--zoom", "15.5", "--bearing", "30", "--size", "200x200", "--scale", "2"])
        #expect(try HTTPTestClient.get(p, "/styles/light/static/7.426,43.736,16.5@30/200x200@2x.png").body == rotated)
        #expect(try HTTPTestClient.get(p, "/styles/v1/me/light/static/7.426,43.736,15.5,30/200x200@2x").body == rotated)

        let marked = try cli(["--center", "43.736,7.426", "--meters", "600", "--size", "300x200", "--marker", "43.7371,7.4271,#2a7de1,,7",
                              "--user", "43.7362,7.4240,35", "--circle", "43.7368,7.4252,150"])
        #expect(try HTTPTestClient.get(p, "/static?center=43.736,7.426&meters=600&size=300x200&marker=43.7371,7.4271,%232a7de1,,7&user=43.7362,7.4240,35&circle=43.7368,7.4252,150").body == marked)
        let pin = ##"{"center": [43.736, 7.426], "zoom": 15, "size": "300x200", "markers": [{"lat": 43.7371, "lon": 7.4271, "color": "#2a7de1", "glyph": "7", "size": "large"}]}"##
        #expect(try HTTPTestClient.get(p, "/styles/v1/me/light/static/pin-l-7+2a7de1(7.4271,43.7371)/7.426,43.736,15/300x200").body
                == (try HTTPTestClient.get(p, "/static", method: "POST", body: Data(pin.utf8))).body, "a Mapbox pin is the manifest's marker")
        server.stop()
    }

    /// tileserver-gl's static zoom is the tile zoom: a 256x256 image at a tile's centre and zoom z
    /// shows tile z/x/y (a style without labels, so only placement could differ; the attribution
    /// line at the bottom is left out), and zooms z − 1 and z + 1 do not.
    @Test func tileserverStaticZoomShowsTheTileOfThatZoom() throws {
        let dir = try ServerProcess.scratch()
        let light = try JSONValue.parse(Data(contentsOf: ServerProcess.repositoryRoot.appendingPathComponent("styles/light.json")))
        guard case .object(var style) = light, case .array(let layers)? = style["layers"] else { Issue.record("no layers"); return }
        style["layers"] = .array(layers.filter { $0.objectValue?["type"]?.stringValue != "symbol" })
        style["sprite"] = nil
        let file = dir.appendingPathComponent("flat.json")
        try Data(JSONValue.object(style).compactText.utf8).write(to: file)
        let server = try ServerProcess(["--style", "flat=\(file.path)", "--tiles", "data", "--metatile", "2", "--jobs", "2"])
        let t = Self.tile
        let n = Double(1 << t.z)
        let center = WebMercator.unprojectUnit(Point(x: (Double(t.x) + 0.5) / n, y: (Double(t.y) + 0.5) / n))
        let tilePath = dir.appendingPathComponent("tile.png").path
        try HTTPTestClient.get(server.port, "/styles/flat/\(t.z)/\(t.x)/\(t.y).png").body.write(to: URL(fileURLWithPath: tilePath))
        let expected = try RasterImage(pngFile: tilePath)
        var fractions: [Int: Double] = [:]
        for z in [t.z - 1, t.z, t.z + 1] {
            let r = try HTTPTestClient.get(server.port, "/styles/flat/static/\(center.longitude),\(center.latitude),\(z)/256x256.png")
            let path = dir.appendingPathComponent("static-\(z).png").path
            try r.body.write(to: URL(fileURLWithPath: path))
            fractions[z] = try ImageComparison(actual: RasterImage(pngFile: path), expected: expected, channelTolerance: 24, rows: 232).differentFraction
        }
        #expect(fractions[t.z]! < 0.01, "\(fractions)")
        #expect(fractions[t.z - 1]! > 0.2 && fractions[t.z + 1]! > 0.2, "\(fractions)")
        server.stop()
    }
}

extension JSONValue {
    var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
}
