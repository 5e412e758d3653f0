/// Reads the plain decimals that fill GPS files (`43.7384120`, `-7.5`, `12`) straight from bytes.
///
/// With at most 15 significant digits and no exponent, the digits as an integer divided by a power
/// of ten is exact to the last bit (both are exactly representable, and one IEEE division rounds
/// correctly), so this agrees with `strtod`; anything else is handed to `Double(String)`, which is
/// also what decides that a text is not a number.
enum DecimalNumber {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = bytes.count
        var i = 0
        var negative = false
        if i < n, bytes[i] == 0x2D || bytes[i] == 0x2B {
            negative = bytes[i] == 0x2D
            i += 1
        }
        // Wrapping arithmetic: past 19 digits the mantissa is wrong, but then it is not used.
        var mantissa: UInt64 = 0
        /// Adds the digits from `i` on to the mantissa and returns how many there were.
        @inline(__always) func readDigits() -> Int {
            let start = i
            while i < n {
                let digit = bytes[i] &- 0x30
                guard digit <= 9 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                i += 1
            }
            return i - start
        }
        let integerStart = i
        var digitCount = readDigits()
        var fractionDigits = 0
        if i < n, bytes[i] == 0x2E {
            i += 1
            fractionDigits = readDigits()
            digitCount += fractionDigits
        }
        if i == n, digitCount > 0, fractionDigits <= 22,
           digitCount <= 15 || significantDigits(bytes, from: integerStart) <= 15 {
            let value = Double(mantissa) / powerOfTen(fractionDigits)
            return negative ? -value : value
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// The digits from the first non-zero one on (the point skipped): leading zeros are not
    /// significant, so `0.000000000000000123` is still read on the fast path.
    private static func significantDigits(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var count = 0
        for c in bytes[start...] where c != 0x2E && (count > 0 || c != 0x30) { count += 1 }
        return count
    }

    /// 10^exponent for 0...22, all exactly representable (a switch, so no array to load).
    @inline(__always) private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }
}
