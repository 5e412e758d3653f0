import Testing
@testable import MapsnapFormats

@Suite struct ColorTests {
    static let valid: [(String, Color)] = [
        ("#fff", Color(r: 1, g: 1, b: 1, a: 1)),
        ("#000", .black),
        ("#f008", Color(r: 1, g: 0, b: 0, a: 136.0 / 255)),
        ("#FF8000", Color(r: 1, g: 128.0 / 255, b: 0, a: 1)),
        ("#ff800080", Color(r: 1, g: 128.0 / 255, b: 0, a: 128.0 / 255)),
        ("rgb(255, 0, 0)", Color(r: 1, g: 0, b: 0, a: 1)),
        ("rgb(255 128 0)", Color(r: 1, g: 128.0 / 255, b: 0, a: 1)),
        ("rgb(100%, 50%, 0%)", Color(r: 1, g: 0.5, b: 0, a: 1)),
        ("rgba(0, 0, 255, 0.5)", Color(r: 0, g: 0, b: 1, a: 0.5)),
        ("rgb(0 0 255 / 50%)", Color(r: 0, g: 0, b: 1, a: 0.5)),
        ("rgba(300, -5, 0, 2)", Color(r: 1, g: 0, b: 0, a: 1)),
        ("hsl(0, 100%, 50%)", Color(r: 1, g: 0, b: 0, a: 1)),
        ("hsl(120deg 100% 25%)", Color(r: 0, g: 0.5, b: 0, a: 1)),
        ("hsla(240, 100%, 50%, 0.25)", Color(r: 0, g: 0, b: 1, a: 0.25)),
        ("hsl(-120, 100%, 50%)", Color(r: 0, g: 0, b: 1, a: 1)),
        ("hsl(0, 0%, 100%)", .white),
        ("red", Color(r: 1, g: 0, b: 0, a: 1)),
        ("  Red ", Color(r: 1, g: 0, b: 0, a: 1)),
        ("rebeccapurple", Color(r255: 0x66, g255: 0x33, b255: 0x99)),
        ("gray", Color(r255: 128, g255: 128, b255: 128)),
        ("transparent", .transparent),
    ]

    @Test(arguments: valid)
    func parses(text: String, expected: Color) throws {
        let color = try #require(Color.parse(text))
        #expect(abs(color.r - expected.r) < 1e-9 && abs(color.g - expected.g) < 1e-9)
        #expect(abs(color.b - expected.b) < 1e-9 && abs(color.a - expected.a) < 1e-9)
    }

    @Test(arguments: ["", "#", "#ff", "#ggg", "#12345", "#1234567", "blu", "rgb(1,2)", "rgb(1,2,3,4,5)", "rgb(1 2 3,4)",
                      "rgb(1%, 2, 3)", "hsl(0, 100, 50)", "rgb(a, b, c)", "rgb(1, 2, 3", "hsl(0 100% 50% / )", "__proto__",
                      "rgb(nan, 0, 0)", "rgb(inf, 0, 0)", "cmyk(0, 0, 0, 0)"])
    func rejects(text: String) {
        #expect(Color.parse(text) == nil)
    }

    @Test func allNamedColorsAreThere() {
        #expect(cssNamedColors.count == 149)  // 148 CSS names + transparent
        #expect(Color.parse("aliceblue") == Color(r255: 0xf0, g255: 0xf8, b255: 0xff))
        #expect(Color.parse("yellowgreen") == Color(r255: 0x9a, g255: 0xcd, b255: 0x32))
    }

    @Test(arguments: [
        (Color(r: 1, g: 0, b: 0, a: 1), "rgba(255,0,0,1)"),
        (Color(r: 0, g: 0.5, b: 1, a: 0.25), "rgba(0,128,255,0.25)"),
    ])
    func description(color: Color, text: String) {
        #expect(color.description == text)
    }
}
