import Testing
@testable import MapsnapKit

struct SnapshotOptionsTests {
    struct Case: Sendable, CustomStringConvertible {
        let change: @Sendable (inout SnapshotOptions) -> Void
        let message: String
        var description: String { message }
    }

    static let invalid: [Case] = [
        .init(change: { $0.framing = .meters(0) }, message: "--meters: must be a number greater than 0, got 0"),
        .init(change: { $0.framing = .meters(.nan) }, message: "--meters: must be a number greater than 0, got nan"),
        .init(change: { $0.framing = .zoom(24.5) }, message: "--zoom: must be between 0 and 24, got 24.5"),
        .init(change: { $0.size = ImageSize(width: 0, height: 10) }, message: "--size: each side must be 1 to 16384 pixels, got 0x10"),
        .init(change: { $0.scale = 0.5 }, message: "--scale: must be between 1 and 4, got 0.5"),
        .init(change: { $0.size = ImageSize(width: 16384, height: 16384); $0.scale = 2 },
              message: "--scale: 16384x16384 at scale 2 is over 16384x16384 pixels"),
        .init(change: { $0.bearing = .infinity }, message: "--bearing: must be a number of degrees"),
    ]

    @Test(arguments: invalid)
    func invalidValuesNameTheirOption(_ c: Case) {
        var o = SnapshotOptions()
        c.change(&o)
        #expect(throws: SnapshotError.self) { try o.validate() }
        do { try o.validate() } catch { #expect(error.description == c.message) }
    }

    @Test func defaultsAreValid() throws {
        let o = SnapshotOptions()
        try o.validate()
        #expect(o.size == ImageSize(width: 1024, height: 768))
        #expect(o.framing == .meters(800))
        #expect(o.style == .named("light"))
    }

    @Test func styleReferenceTellsNamesFromPaths() {
        #expect(StyleReference("dark") == .named("dark"))
        #expect(StyleReference("my.json") == .file("my.json"))
        #expect(StyleReference("styles/x") == .file("styles/x"))
    }
}
