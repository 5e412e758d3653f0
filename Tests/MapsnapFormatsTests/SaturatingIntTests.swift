import Testing
import MapsnapFormats

@Suite struct SaturatingIntTests {
    @Test(arguments: [
        (2.9, 2), (-2.9, -2), (0, 0), (.nan, 0), (.infinity, Int.max), (-.infinity, Int.min),
        (1e20, Int.max), (-1e20, Int.min), (9.1e18, 9_100_000_000_000_000_000),
        (0x1p63, Int.max), (-0x1p63, Int.min), (0x1p63.nextDown, 9_223_372_036_854_774_784), (-0x1p63.nextDown, -9_223_372_036_854_774_784),
    ] as [(Double, Int)])
    func convertsWithoutTrapping(value: Double, expected: Int) {
        #expect(Int(saturating: value) == expected)
    }

    @Test func narrowerTypesSaturateToTheirOwnRange() {
        #expect(Int32(saturating: 1e20) == Int32.max && Int32(saturating: -1e20) == Int32.min)
        #expect(UInt32(saturating: -5) == 0 && UInt32(saturating: 4.5e9) == UInt32.max && UInt8(saturating: .nan) == 0)
        #expect(Int32(saturating: 2_147_483_647.0) == Int32.max)
        #expect(Int32(saturating: 2_147_483_647.9) == Int32.max && Int32(saturating: -2_147_483_648.5) == Int32.min)
        #expect(Int32(saturating: -2_147_483_647.9) == -2_147_483_647 && Int32(saturating: .nan) == 0)
        #expect(Int16(saturating: 40_000) == Int16.max && Int16(saturating: -12.7) == -12)
    }

    /// The conversion goes through Int64 or UInt64 below 65 bits: the unsigned 64-bit range above
    /// Int64's must not trap, and wider types keep their own range.
    @Test func sixtyFourBitsAndWider() {
        #expect(UInt64(saturating: 0x1p63) == 1 << 63 && UInt64(saturating: 0x1p64) == UInt64.max && UInt64(saturating: -1) == 0)
        #expect(UInt(saturating: 0x1p64.nextDown) == UInt64.max - 2047)
        #expect(Int128(saturating: 1e30) == Int128(1e30) && Int128(saturating: -.infinity) == Int128.min)
        #expect(UInt128(saturating: 1e39) == UInt128.max && UInt128(saturating: 0x1p100) == UInt128(1) << 100)
    }
}
