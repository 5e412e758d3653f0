import Testing
import MapsnapFormats

@Suite struct SaturatingIntTests {
    @Test(arguments: [
        (2.9, 2), (-2.9, -2), (0, 0), (.nan, 0), (.infinity, Int.max), (-.infinity, Int.min),
        (1e20, Int.max), (-1e20, Int.min), (9.1e18, 9_100_000_000_000_000_000),
    ] as [(Double, Int)])
    func convertsWithoutTrapping(value: Double, expected: Int) {
        #expect(Int(saturating: value) == expected)
    }
}
