/// Reads the plain decimals that fill GPS files (`43.7384120`, `-7.5`, `12`) straight from bytes.
///
/// With at most 15 significant digits and no exponent, the digits as an integer divided by a power
/// of ten is exact to the last bit (both are exactly representable, and one IEEE division rounds
/// correctly), so this agrees with `strtod`; anything else is handed to `Double(String)`, which is
/// also what decides that a text is not a number.
enum DecimalNumber {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var p = 1.0
        for _ in 0..<exponent { p *= 10 }
        return p
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = bytes.count
        var negative = false
        if i < n, bytes[i] == 0x2D || bytes[i] == 0x2B {
            negative = bytes[i] == 0x2D
            i += 1
        }
        var mantissa: Int64 = 0
        var digitCount = 0, significantDigits = 0, fractionDigits = 0
        var sawPoint = false
        while i < n {
            let c = bytes[i]
            if c >= 0x30 && c <= 0x39 {
                digitCount += 1
                if significantDigits > 0 || c != 0x30 { significantDigits += 1 }
                mantissa = mantissa &* 10 &+ Int64(c - 0x30)
                if sawPoint { fractionDigits += 1 }
            } else if c == 0x2E && !sawPoint {
                sawPoint = true
            } else {
                break
            }
            i += 1
        }
        if i == n, digitCount > 0, significantDigits <= 15, fractionDigits <= 22 {
            let value = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }
}
