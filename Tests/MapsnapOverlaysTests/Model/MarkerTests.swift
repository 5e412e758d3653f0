import Testing
import MapsnapFormats
@testable import MapsnapOverlays
import MapsnapGeo

struct MarkerTests {
    @Test func defaultsAreAMediumRedPinWithoutText() {
        let m = Marker(coordinate: LatLon(43.7384, 7.4246))
        #expect(m.color == Color.parse("#e5483f"))
        #expect(m.size == .medium && m.title == nil && m.glyph == nil)
    }

    struct Glyph: Sendable { let text: String, fits: Bool }
    static let glyphs: [Glyph] = [
        .init(text: "A", fits: true), .init(text: "12", fits: true), .init(text: "店", fits: true),
        .init(text: "🇯🇵", fits: true), .init(text: "é", fits: true), .init(text: "cafe", fits: false),
        .init(text: "123", fits: false), .init(text: "", fits: false), .init(text: " ", fits: false),
    ]

    @Test(arguments: glyphs)
    func aGlyphIsOneOrTwoCharacters(_ g: Glyph) {
        #expect(Marker.isGlyph(g.text) == g.fits)
    }

    @Test func sizesAreTheSimplestyleNames() {
        #expect(MarkerSize.allCases.map(\.rawValue) == ["small", "medium", "large"])
    }
}
