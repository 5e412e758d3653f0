import MapsnapKit
@testable import MapsnapServe
import Testing

struct TileserverStaticURLTests {
    func parse(_ path: String, _ query: String = "") throws(HTTPError) -> TileserverStaticURL {
        let t = try RequestTarget(parsing: "/" + path + (query.isEmpty ? "" : "?" + query))
        return try TileserverStaticURL.parse(styleID: "light", segments: t.segments, query: t.query)
    }

    /// tileserver-gl's static zoom is the 256-px tile zoom: z is drawn at MapLibre zoom z − 1.
    @Test func zoomIsTheTileGridsZoom() throws {
        let a = try parse("7.426,43.736,16@45,0/600x400@2x.png")
        #expect(a.request.zoom == 15 && a.request.bearing == 45 && a.request.pixelRatio == 2)
        #expect(a.request.center == LatLon(43.736, 7.426))
        #expect(try parse("0,0,0/10x10.png").request.zoom == 0)
        #expect(try parse("0,0,25/10x10.png").request.zoom == 24)
    }

    @Test func boxesAutoAndRawMeters() throws {
        let box = try parse("7.41,43.725,7.44,43.745/600x400.png", "padding=0.25")
        #expect(box.request.bounds == BoundingBox(west: 7.41, south: 43.725, east: 7.44, north: 43.745))
        #expect(box.request.padding == 400 * 0.25 / 1.5)
        #expect(try parse("7.41,43.725,7.44,43.745/600x400.png").request.padding == 400 * 0.1 / 1.2)
        let raw = try parse("raw/826371.5,5424600.2,16/100x100.png")
        #expect(abs(raw.request.center!.longitude - 7.4234) < 1e-3 && abs(raw.request.center!.latitude - 43.7355) < 1e-3)
        let auto = try parse("auto/600x400.png", "path=7.42,43.73|7.43,43.74&marker=7.4271,43.7371")
        #expect(auto.request.fit && auto.request.overlays.tracks.count == 1 && auto.request.overlays.markers.count == 1)
    }

    @Test func pathsAndMarkers() throws {
        let u = try parse("7.4,43.7,15/100x100.png", "stroke=blue&path=width:6|stroke:red|7.42,43.73|7.43,43.74&path=fill:%23f008|enc:_p~iF~ps|U_ulLnnqC_mqNvxq`@&latlng=0")
        let line = u.request.overlays.tracks[0], area = u.request.overlays.polygons[0]
        #expect(line.width == 6 && line.color == Color.parse("red") && line.segments == [[LatLon(43.73, 7.42), LatLon(43.74, 7.43)]])
        #expect(area.fillColor == Color.parse("#f008") && area.strokeColor == Color.parse("blue") && area.rings[0].count == 4)
        let swapped = try parse("7.4,43.7,15/100x100.png", "latlng=1&marker=43.7371,7.4271")
        #expect(swapped.request.overlays.markers[0].coordinate == LatLon(43.7371, 7.4271))
    }

    @Test(arguments: [
        ("7.4,43.7,26/100x100.png", "", "zoom (in the path): must be between 0 and 25 (tileserver-gl's 256-px zoom), got 26"),
        ("7.4,43.7,15/100x100.gif", "", "format 'gif': png, webp, jpg or jpeg"),
        ("7.4,43.7,15/100x100@9x.png", "", "scale (in the path): must be between 1 and 4, got 9"),
        ("7.4,95,15/100x100.png", "", "center (in the path): latitude 95 is outside -90...90"),
        ("7.4,43.7,15@1,2,3/100x100.png", "", "position (in the path): '@1,2,3' is not @{bearing}[,{pitch}]"),
        ("7.4,43.7,15@0,70/100x100.png", "", "pitch (in the path): must be 0 to 60 degrees, got 70"),
        ("auto/100x100.png", "", "auto (in the path): needs at least one path or marker to fit"),
        ("7.4,43.7,15/100x100.png", "marker=7.4,43.7|pin.png", "marker 1: marker icons are not supported (the server reads no file or URL a request names); give marker={lon},{lat} for a balloon pin"),
        ("7.4,43.7,15/100x100.png", "path=7.4,43.7", "path 1: a path needs at least 2 points, got 1"),
        ("7.4,43.7,15/100x100.png", "path=7.4,95|7.5,43", "path 1: latitude 95 is outside -90...90"),
        ("7.4,43.7,15/100x100.png", "path=linecap:round|7.4,43|7.5,43", "path 1: linecap: not supported by mapsnap (line caps are not supported)"),
        ("7.4,43.7,15/100x100.png", "maxzoom=3", "maxzoom: not supported by mapsnap (a zoom limit for auto is not supported)"),
        ("7.4,43.7,15/100x100.png", "width=0", "width: width '0' is not a number of points from 0 to 100"),
        ("7.41,43.725,7.44,43.745/600x400.png", "padding=x", "padding: 'x' is not a fraction of the image from 0 to 10 (default 0.1)"),
        ("7.4,43.7,15", "", "expected /styles/{id}/static/[raw/]{lon},{lat},{zoom}[@{bearing}[,{pitch}]]|{minx},{miny},{maxx},{maxy}|auto/{width}x{height}[@{n}x].png"),
    ])
    func messagesNameTheURLsOwnParts(path: String, query: String, message: String) {
        #expect(throws: HTTPError(400, message)) { try parse(path, query) }
    }
}
