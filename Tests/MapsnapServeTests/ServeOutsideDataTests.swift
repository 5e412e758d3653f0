import Foundation
import Testing

/// A static image whose view shows none of the data is 404 with the message naming the regions
/// (and a swap of latitude and longitude), never a 200 with a blank map.
@Suite(.serialized)
struct ServeOutsideDataTests {
    @Test func aViewOutsideTheDataIs404() throws {
        let server = try ServerProcess(["--style", "light"])
        let swapped = try HTTPTestClient.get(server.port, "/static?center=7.426,43.736&size=100x100")
        #expect(swapped.status == 404)
        #expect(swapped.text.hasPrefix("the view around 7.426,43.736 (lat,lon) is outside the data, which covers andorra ("), "\(swapped.text)")
        #expect(swapped.text.hasSuffix("; latitude and longitude look swapped: 43.736,7.426 lies in monaco\n"), "\(swapped.text)")
        let post = try HTTPTestClient.get(server.port, "/static", method: "POST", headers: ["Content-Type": "application/json"],
                                          body: Data(#"{"center": [10, 10], "size": [100, 100]}"#.utf8))
        #expect(post.status == 404 && post.text.contains("is outside the data"), "\(post.status) \(post.text)")
        server.stop()
    }
}
