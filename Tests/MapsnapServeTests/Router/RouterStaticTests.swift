import Foundation
@testable import MapsnapServe
import Testing

/// In-process: static images in the three grammars (mapsnap's own as a query and as a body,
/// tileserver-gl's, the Mapbox API's). Each route names a field in its own words, also when the
/// refusal comes late, from the render worker or the image size limit.
struct RouterStaticTests {
    static let post = #"{"center": [43.736, 7.426], "zoom": 15, "size": [64, 48]}"#

    @Test(arguments: [
        ("GET", "/static?center=43.736,7.426&zoom=15&size=64x48", "", 64, 48),
        ("POST", "/static", post, 64, 48),
        ("GET", "/styles/light/static/7.426,43.736,16/64x48@2x.png", "", 128, 96),
        ("GET", "/styles/v1/me/light/static/7.426,43.736,15/64x48", "", 64, 48),
    ])
    func everyGrammarDrawsItsImage(method: String, target: String, body: String, width: Int, height: Int) throws {
        let r = try InProcessServer.shared.get().send(target, method: method, body: body)
        #expect(r.status == 200 && r.header("Content-Type") == "image/png", "\(r.status) \(r.bodyText)")
        #expect(pngSize(r.body).map { [$0.width, $0.height] } == [width, height])
        // Answered later, from a worker: still finished as every answer (ETag, caching, CORS).
        #expect(r.header("ETag") == EntityTag.of(r.body) && r.header("Cache-Control") == "public, max-age=600")
        #expect(r.header("Access-Control-Allow-Origin") == "*")
    }

    @Test(arguments: [
        // The style has no such layer: found by the worker, worded by the route.
        ("GET", "/static?center=43.736,7.426&zoom=15&size=64x48&before-layer=nope", "", 400, "before-layer: the style has no layer 'nope'"),
        ("POST", "/static", #"{"center": [43.736, 7.426], "zoom": 15, "size": [64, 48], "before-layer": "nope"}"#, 400, "before-layer: the style has no layer 'nope'"),
        ("GET", "/styles/v1/me/light/static/7.426,43.736,15/64x48?before_layer=nope", "", 400, "before_layer: the style has no layer 'nope'"),
        // Larger than --max-image-side: the size in the route's words.
        ("GET", "/styles/light/static/7.426,43.736,16/3000x3000@2x.png", "", 413,
         "size (in the path): 3000x3000 at scale 2 is 6000 pixels across, more than the 4096 this server draws"),
        ("GET", "/static?center=43.736,7.426&size=64x48&style=nope", "", 404, "style 'nope' is not served (styles: light)"),
    ])
    func refusalsNameTheFieldInTheRoutesWords(method: String, target: String, body: String, status: Int, message: String) throws {
        let r = try InProcessServer.shared.get().send(target, method: method, body: body)
        #expect(r.status == status && r.bodyText == message + "\n" && r.header("Cache-Control") == "no-store", "\(r.status) \(r.bodyText)")
    }
}
