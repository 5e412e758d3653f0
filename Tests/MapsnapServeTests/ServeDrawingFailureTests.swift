import Foundation
import Testing

/// A drawing context that fails mid-render is a 500 naming what was drawn, for static images and
/// tiles alike, never a 200 with a partial picture; a failed tile is not cached. See
/// `DrawingFailures` and the command-line side in `DrawingFailureTests`.
@Suite(.serialized)
struct ServeDrawingFailureTests {
    @Test func aFailedDrawingIs500WithTheMessage() throws {
        let server = try ServerProcess(["--style", "light", "--metatile", "2", "--inject-fault", "break-drawing-at=layer 'landuse-residential'"])
        let p = server.port
        let image = try HTTPTestClient.get(p, "/static?center=43.736,7.426&meters=800&size=200x150")
        #expect(image.status == 500)
        #expect(image.text.contains("drawing failed at layer 'landuse-residential'"), "\(image.text)")
        for _ in 0..<2 {   // twice: the failure is not cached
            let tile = try HTTPTestClient.get(p, "/styles/light/16/34118/23898.png")
            #expect(tile.status == 500, "\(tile.status)")
            #expect(tile.text.contains("drawing failed at layer 'landuse-residential'"), "\(tile.text)")
            #expect(tile.header("Cache-Control") == "no-store", "\(tile.header("Cache-Control") ?? "none")")
        }
    }
}
