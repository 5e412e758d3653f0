import Foundation
import MapsnapKit
@testable import MapsnapServe
import Testing

/// `GET /static` and `POST /static`: the manifest's fields, read by the manifest's reader.
struct StaticItemTests {
    func query(_ q: String) throws(HTTPError) -> StaticItem.Parsed {
        try StaticQuery.parse(try RequestTarget(parsing: "/static?" + q).query)
    }

    @Test func queryParametersAreTheManifestsFields() throws {
        let p = try query("center=43.736,7.426&meters=500&size=300x200&scale=2&marker=43.7371,7.4271&markers=43.73,7.42,blue&markers=43.74,7.43&circle=43.7,7.4,150&user=43.7362,7.4240,35&style=dark&coords=gcj02&title=Visit&address=true&access_token=x")
        let r = p.item.request
        #expect(p.styleID == "dark" && r.center == LatLon(43.736, 7.426) && r.meters == 500 && r.pixelRatio == 2)
        #expect(r.overlays.markers.count == 3 && r.overlays.circles.count == 1 && r.overlays.userLocation?.accuracyMeters == 35)
        #expect(r.coordinateSystem == .gcj02 && p.item.title == "Visit" && p.item.address)
        #expect(try query("zoom=3&zoom=5").item.request.zoom == 5)   // the last value wins, as on the command line
    }

    @Test func theBodyIsOneManifestItem() throws {
        let body = #"{"center": [43.736, 7.426], "zoom": 15, "style": "light", "geojson": {"type": "LineString", "coordinates": [[7.42, 43.73], [7.43, 43.74]]}, "caption": "09:14"}"#
        let p = try StaticBody.parse(Data(body.utf8))
        #expect(p.styleID == "light" && p.item.request.zoom == 15 && p.item.request.overlays.geoJSON.count == 1 && p.item.caption == "09:14")
    }

    @Test(arguments: [
        ("center=95,7", "center: latitude 95 is outside -90...90"),
        ("marker=95,7", "marker: latitude 95 is outside -90...90"),
        ("markers=43,7&markers=95,7", "markers: latitude 95 is outside -90...90"),
        ("meters=5&zoom=3", "zoom: give either meters or zoom, not both"),
        ("tracks=/etc/passwd", "tracks: the server reads no files a request names; send the track inline as a GeoJSON LineString in geojson"),
        ("sprite=/tmp/s", "sprite: the server reads no files a request names; the sprite is chosen by the style id"),
        ("marker-icons=43,7,/etc/x.png", "marker-icons: the server reads no files a request names; icon markers are not served (markers draw balloons)"),
        ("frobnicate=1", "frobnicate: unknown parameter (see the manifest fields in docs/batch.md; the server reads no files)"),
        ("size=0x10", "size: each side must be 1 to 16384 pixels, got 0x10"),
        ("format=pdf", "format: pdf is a document for snapshots and batches; served images are png, webp or jpeg"),
        ("geojson=%7B", "geojson: not valid JSON: line 1, column 2: expected an object key (a string in double quotes), found the end of the input"),
    ])
    func queryErrorsNameTheParameter(q: String, message: String) {
        #expect(throws: HTTPError(400, message)) { try query(q) }
    }

    @Test(arguments: [
        (#"{"markers": ["43,7", {"lat": 95, "lon": 7}]}"#, "markers[1].lat: latitude 95 is outside -90...90"),
        (#"{"markers": [{"lat": 43, "lon": 7, "icon": "/etc/x.png"}]}"#, "markers[0].icon: the server reads no files a request names; icon markers are not served"),
        (#"{"overlays": ["/etc/x.geojson"]}"#, "overlays: the server reads no files a request names; send the GeoJSON inline in geojson"),
        (#"{"style": 3}"#, "style: expected a style id, got 3"),
        (#"[1]"#, "body: expected one JSON object (a manifest item), got [1]"),
        (#"{"center": "#, "body: not valid JSON: expected a value, found the end of the input (line 1, column 12)"),
    ])
    func bodyErrorsNameTheField(body: String, message: String) {
        #expect(throws: HTTPError(400, message)) { try StaticBody.parse(Data(body.utf8)) }
    }
}
