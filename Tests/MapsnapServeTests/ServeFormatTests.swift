import Foundation
import MapsnapKit
import Testing

/// End to end: a server of WebP tiles, and static images in the format their URL ends in.
@Suite(.serialized)
struct ServeFormatTests {
    static let tile = ServeEndToEndTests.tile

    @Test func webpTilesAndStaticImagesOfEveryFormat() throws {
        let server = try ServerProcess(["--style", "light", "--metatile", "2", "--jobs", "2", "--format", "webp"])
        let p = server.port, t = Self.tile
        let tile = try HTTPTestClient.get(p, "/styles/light/\(t.z)/\(t.x)/\(t.y).webp")
        #expect(tile.status == 200 && tile.header("Content-Type") == "image/webp", "\(tile.status): \(tile.text)")
        #expect(tile.body.prefix(4) == Data("RIFF".utf8) && tile.body.dropFirst(8).prefix(4) == Data("WEBP".utf8))
        let png = try HTTPTestClient.get(p, "/styles/light/\(t.z)/\(t.x)/\(t.y).png")
        #expect(png.status == 404 && png.text.contains("this server draws webp tiles"), "\(png.text)")
        let tileJSON = try HTTPTestClient.get(p, "/styles/light.json")
        #expect(tileJSON.text.contains("{z}/{x}/{y}.webp") && tileJSON.text.contains("\"format\": \"webp\""), "\(tileJSON.text)")

        for (ending, type) in [("png", "image/png"), ("jpg", "image/jpeg"), ("webp", "image/webp")] {
            let r = try HTTPTestClient.get(p, "/styles/light/static/7.426,43.736,15/60x40.\(ending)")
            #expect(r.status == 200 && r.header("Content-Type") == type, "\(ending): \(r.status) \(r.text)")
        }
        let jpeg = try HTTPTestClient.get(p, "/static?center=43.736,7.426&size=60x40&format=jpeg&quality=50")
        #expect(jpeg.status == 200 && jpeg.header("Content-Type") == "image/jpeg" && jpeg.body.prefix(2) == Data([0xff, 0xd8]))
        let bad = try HTTPTestClient.get(p, "/static?center=43.736,7.426&size=60x40&quality=50")
        #expect(bad.status == 400 && bad.text.contains("quality"), "\(bad.text)")
        let gif = try HTTPTestClient.get(p, "/styles/light/static/7.426,43.736,15/60x40.gif")
        #expect(gif.status == 400 && gif.text.contains("png, webp, jpg or jpeg"), "\(gif.text)")
    }
}
