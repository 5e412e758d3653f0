import MapsnapFormats
import Testing
@testable import MapsnapRender

@Suite struct SpriteSheetTests {
    @Test(arguments: [
        (#"{"x": 0, "y": 12, "width": 21, "height": 21, "pixelRatio": 2}"#, true),
        (#"{"x": 0, "y": 12, "width": 21, "height": 21, "pixelRatio": 1, "sdf": true, "content": [1, 2, 3, 4]}"#, true),
        (#"{"x": 0, "y": 12, "width": 21, "height": 21, "pixelRatio": 1, "sdf": null}"#, true),
        (#"{"x": 0, "y": 12, "width": 21, "height": 21}"#, false),
        (#"{"x": 0.5, "y": 12, "width": 21, "height": 21, "pixelRatio": 1}"#, false),
        (#"{"x": "0", "y": 12, "width": 21, "height": 21, "pixelRatio": 1}"#, false),
        (#"{"x": 0, "y": 12, "width": 21, "height": 21, "pixelRatio": 1, "sdf": "yes"}"#, false),
        ("[]", false),
    ])
    func indexEntries(json: String, valid: Bool) throws {
        let icon = SpriteSheet.Icon(try JSONValue.parse(json))
        #expect((icon != nil) == valid)
    }

    @Test func anEntryReadsItsRectangle() throws {
        let icon = try #require(SpriteSheet.Icon(try JSONValue.parse(#"{"x": 3, "y": 12, "width": 20, "height": 10, "pixelRatio": 2, "sdf": true}"#)))
        #expect((icon.x, icon.y, icon.width, icon.height, icon.pixelRatio, icon.sdf) == (3, 12, 20, 10, 2, true))
        #expect((icon.pointWidth, icon.pointHeight) == (10, 5))
    }
}
