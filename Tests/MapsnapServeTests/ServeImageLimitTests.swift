import Foundation
import Testing

/// An image larger than its format's encoder takes is refused 413 before anything is drawn (a
/// 16384-px JPEG was drawn whole, 2 GiB, then refused by the encoder and answered 500), in every
/// grammar; so is one over `--max-image-side`. `/metrics` shows that no render ran.
@Suite(.serialized)
struct ServeImageLimitTests {
    @Test func imagesTooLargeForTheirFormatAre413BeforeAnyRender() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1", "--max-image-side", "32000"])
        let p = server.port
        let jpeg = try HTTPTestClient.get(p, "/static?center=43.736,7.426&zoom=15&size=8192x100&scale=2&format=jpeg")
        #expect(jpeg.status == 413)
        #expect(jpeg.text == "format: JPEG images are at most 16383 pixels a side; this one is 16384\n")
        #expect(jpeg.header("Cache-Control") == "no-store")
        let webp = try HTTPTestClient.get(p, "/styles/light/static/7.426,43.736,16/8192x100@2x.webp")
        #expect(webp.status == 413)
        #expect(webp.text == "format: WebP images are at most 16383 pixels a side; this one is 16384\n")
        let post = #"{"center": [43.736, 7.426], "zoom": 15, "size": [100, 16384], "format": "jpeg"}"#
        let posted = try HTTPTestClient.get(p, "/static", method: "POST", body: Data(post.utf8))
        #expect(posted.status == 413 && posted.text.hasPrefix("format: JPEG images are at most 16383 pixels a side"), "\(posted.status) \(posted.text)")
        let scale = try HTTPTestClient.get(p, "/static?center=43.736,7.426&zoom=15&size=16384x16384&scale=2")
        #expect(scale.status == 413 && scale.text == "scale: 16384x16384 at scale 2 is 32768 pixels across, over the 32000 an image may have\n")
        // A request that is wrong rather than too large is still 400.
        #expect(try HTTPTestClient.get(p, "/static?center=43.736,7.426&zoom=15&size=0x10").status == 400)
        let metrics = try HTTPTestClient.get(p, "/metrics").text.split(separator: "\n")
        #expect(metrics.contains("mapsnap_render_seconds_count{kind=\"static\"} 0"), "no image was drawn")
        #expect(server.stop() == 0)
    }

    /// The server's own limit, below the format's, is checked before admission as well.
    @Test func imagesOverMaxImageSideAre413() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1", "--max-image-side", "1000"])
        let r = try HTTPTestClient.get(server.port, "/static?center=43.736,7.426&zoom=15&size=600x100&scale=2&format=jpeg")
        #expect(r.status == 413 && r.text == "size: 600x100 at scale 2 is 1200 pixels across, more than the 1000 this server draws\n")
        #expect(server.stop() == 0)
    }
}
