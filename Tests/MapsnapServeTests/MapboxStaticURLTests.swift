import MapsnapKit
@testable import MapsnapServe
import Testing

struct MapboxStaticURLTests {
    func parse(_ path: String, _ query: String = "") throws(HTTPError) -> MapboxStaticURL {
        let t = try RequestTarget(parsing: "/" + path + (query.isEmpty ? "" : "?" + query))
        return try MapboxStaticURL.parse(user: "me", styleID: "light", segments: t.segments, query: t.query)
    }

    @Test func positionsAndSizes() throws {
        let a = try parse("7.426,43.736,15.5,30/600x400@2x", "access_token=pk.x&logo=false&attribution=false")
        #expect(a.request.center == LatLon(43.736, 7.426) && a.request.zoom == 15.5 && a.request.bearing == 30)
        #expect(a.request.size == ImageSize(width: 600, height: 400) && a.request.pixelRatio == 2 && !a.request.decorations.attribution)
        let pitched = try parse("7.426,43.736,15.5,30,45/600x400")
        #expect(pitched.request.bearing == 30 && pitched.request.pitch == 45)
        let b = try parse("%5B7.41,43.725,7.44,43.745%5D/300x200", "padding=20,20,20,20")
        #expect(b.request.bounds == BoundingBox(west: 7.41, south: 43.725, east: 7.44, north: 43.745) && b.request.padding == 20)
        let c = try parse("pin-s(7.4,43.7),path-3(_p~iF~ps|U_ulLnnqC)/auto/300x200", "before_layer=water")
        #expect(c.request.fit && c.request.overlays.markers.count == 1 && c.request.overlays.tracks.count == 1)
        #expect(c.request.overlaysBelowLayer == "water")
        #expect(c.request.framing == .fit(padding: MapRequest.defaultPadding, fallbackMeters: MapRequest.defaultMeters))
    }

    @Test(arguments: [
        ("7.4,43.7,15/300x200", "addlayer=%7B%7D", "addlayer: not supported by mapsnap (adding style layers is not supported)"),
        ("7.4,43.7,15/300x200", "setfilter=x", "setfilter: not supported by mapsnap (style layer filters are not supported)"),
        ("7.4,43.7,15/300x200", "zoom=3", "zoom: unknown parameter (this route takes padding, attribution, before_layer, logo, access_token)"),
        ("7.4,43.7,15/300x200", "padding=1,2", "padding: '1,2': different paddings per side are not supported (give one number of points)"),
        ("7.4,43.7,15/300x200", "attribution=maybe", "attribution: 'maybe' is not true or false"),
        ("7.4,95,15/300x200", "", "position: latitude 95 is outside -90...90"),
        ("7.4,43.7,30/300x200", "", "position (zoom): must be between 0 and 24, got 30"),
        ("7.4,43.7,15,0,65/300x200", "", "position (pitch): must be 0 to 60 degrees, got 65"),
        ("7.4,43.7/300x200", "", "position: '7.4,43.7' is not {lon},{lat},{zoom}[,{bearing}[,{pitch}]], [{minlon},{minlat},{maxlon},{maxlat}] or auto"),
        ("[1,2,3]/300x200", "", "position: '[1,2,3]' is not [minlon,minlat,maxlon,maxlat]"),
        ("auto/300x200", "", "position: auto needs at least one overlay to fit"),
        ("7.4,43.7,15/300by200", "", "size: '300by200' is not WIDTHxHEIGHT (e.g. 1024x768)"),
        ("7.4,43.7,15/0x200", "", "size: each side must be 1 to 16384 pixels, got 0x200"),
        ("pin-s(7.4,95)/7.4,43.7,15/300x200", "", "overlay 1 (pin-s): latitude 95 is outside -90...90"),
        ("geojson(%7B%22type%22%3A%22Point%22%7D)/7.4,43.7,15/300x200", "", "overlay 1 (geojson): geojson: coordinates: missing (a Point has coordinates)"),
        ("a/b/c/d/e", "", "expected /styles/v1/{user}/{style}/static/[{overlay}/]{lon},{lat},{zoom}|[{bbox}]|auto/{width}x{height}[@2x] (5 parts after static/; encode '/' inside an overlay as %2F)"),
    ])
    func messagesNameTheURLsOwnParts(path: String, query: String, message: String) {
        #expect(throws: HTTPError(400, message)) { try parse(path, query) }
    }
}
