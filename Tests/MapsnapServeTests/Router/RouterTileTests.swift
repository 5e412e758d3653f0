import Foundation
import MapsnapKit
@testable import MapsnapServe
import Testing

/// In-process: tiles through the router: a PNG with a strong ETag, 304 for a matching
/// If-None-Match, 404 for a tile the style does not serve (each reason in its words).
struct RouterTileTests {
    static let tile = ServeEndToEndTests.tile
    static var target: String { "/styles/light/\(tile.z)/\(tile.x)/\(tile.y)" }

    @Test func aTileIsAnImageWithAStrongETag() throws {
        let server = try InProcessServer.shared.get()
        for (suffix, side) in [(".png", 256), ("@2x.png", 512)] {
            let r = server.send(Self.target + suffix)
            #expect(r.status == 200 && r.header("Content-Type") == "image/png", "\(r.status) \(r.bodyText)")
            #expect(pngSize(r.body).map { [$0.width, $0.height] } == [side, side])
            #expect(r.header("ETag") == EntityTag.of(r.body) && r.header("Cache-Control") == "public, max-age=600")
        }
    }

    @Test func aMatchingIfNoneMatchIs304WithTheCachingHeaders() throws {
        let server = try InProcessServer.shared.get()
        let tile = server.send(Self.target + ".png")
        let tag = try #require(tile.header("ETag"))
        let r = server.send(Self.target + ".png", headers: ["If-None-Match": "\"other\", \(tag)"])
        #expect(r.status == 304 && r.body.isEmpty)
        #expect(r.header("ETag") == tag && r.header("Cache-Control") == "public, max-age=600" && r.header("Access-Control-Allow-Origin") == "*")
        #expect(r.header("Content-Type") == nil)
        let other = server.send(Self.target + ".png", headers: ["If-None-Match": "\"other\""])
        #expect(other.status == 200 && other.body == tile.body)
    }

    @Test(arguments: [
        ("/styles/light/3/8/0.png", "tile 3/8/0 of 'light': outside the world at zoom 3"),
        ("/styles/light/16/34118/23898.webp", "tile 16/34118/23898: this server draws png tiles, /styles/{id}/{z}/{x}/{y}.png (mapsnap serve --format)"),
        ("/styles/nope/16/34118/23898.png", "style 'nope' is not served (styles: light)"),
        ("/styles/light/15/a/3.png", "tile 15/a/3: not a tile address (whole numbers z/x/y)"),
    ])
    func aTileNotServedIs404(target: String, message: String) throws {
        let r = try InProcessServer.shared.get().send(target)
        #expect(r.status == 404 && r.bodyText == message + "\n" && r.header("Cache-Control") == "no-store")
    }
}
