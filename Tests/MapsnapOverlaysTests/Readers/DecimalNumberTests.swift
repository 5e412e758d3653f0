import Testing
@testable import MapsnapOverlays

struct DecimalNumberTests {
    static func parse(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DecimalNumber.parse($0) }
    }

    /// Bit for bit what `Double(String)` (strtod) gives, on the fast path and off it.
    @Test(arguments: ["43.7384120", "-7.5", "12", "0", "-0", "0.000123", "007.25", "1.", ".5", "+5", "-33.868800000000",
                      "179.99999999999999", "1234567890.12345", "123456789012345678", "1e3", "-2.5E-3", "0.1", "0.7", "95.1",
                      "43.73140000000000000000001"])
    func agreesWithStrtod(_ text: String) throws {
        let expected = try #require(Double(text))
        let value = try #require(Self.parse(text))
        #expect(value.bitPattern == expected.bitPattern)
    }

    @Test(arguments: ["", "-", ".", "+", "abc", "1.2.3", "1,5", "12a", "--1", " 1"])
    func rejectsWhatIsNotANumber(_ text: String) {
        #expect(Self.parse(text) == nil)
        #expect(Double(text) == nil)
    }

    /// A fixed pseudo-random sequence (64-bit LCG), so the test is the same every run.
    struct Sequence: RandomNumberGenerator {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    @Test func agreesOnManyCoordinates() {
        var generator = Sequence()
        for _ in 0..<20_000 {
            let value = Double.random(in: -180...180, using: &generator)
            for digits in [5, 7, 9, 12] {
                let text = String(format: "%.\(digits)f", value)
                #expect(Self.parse(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
            }
        }
    }
}
