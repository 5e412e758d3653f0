import Testing
import MapsnapFormats

@Suite struct JavaScriptNumberTests {
    @Test(arguments: [
        (-5.0, "-5"), (0.25, "0.25"), (1, "1"), (0, "0"), (-0.0, "0"), (0.1 + 0.2, "0.30000000000000004"),
        (1e20, "100000000000000000000"), (1e21, "1e+21"), (.nan, "NaN"), (.infinity, "Infinity"), (-.infinity, "-Infinity"),
    ] as [(Double, String)])
    func formatsAsJavaScriptsString(value: Double, text: String) {
        #expect(JavaScriptNumber.format(value) == text)
    }
}
