import Testing
import MapsnapFormats

@Suite struct MessageNumberTests {
    @Test(arguments: [
        (-5.0, "-5"), (25_000_000, "25000000"), (95.1, "95.1"), (1e-15, "1e-15"), (1e30, "1e+30"),
        (.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"), (0.1 + 0.2, "0.30000000000000004"),
        (0.15, "0.15"), (1e300, "1e+300"), (-0.0, "0"), (123_456_789_012_345, "123456789012345"),
    ] as [(Double, String)])
    func formats(value: Double, text: String) {
        #expect(MessageNumber.format(value) == text)
    }
}
