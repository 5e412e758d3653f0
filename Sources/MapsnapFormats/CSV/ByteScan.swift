/// Finds the first of a few bytes eight bytes at a time (SWAR), for the text readers' inner loops
/// (CSV field ends here, `<` and attribute-value ends in the XML scanner).
///
/// `(x - 0x01…) & ~x & 0x80…` marks the zero bytes of `x` exactly up to the first one (a borrow
/// can only add false marks above a true one), so for `x = word ^ c·0x01…` the lowest mark is the
/// first byte equal to `c`, and the lowest of several such marks ORed is the first of those bytes.
public enum ByteScan {
    @inlinable public static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable public static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The high bit of every byte of `word` equal to `byte`, exact up to the first such byte.
    @inlinable @inline(__always)
    public static func marks(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// The index of the first byte in `start..<end` (`end` defaults to the count) for which
    /// `marked` marks its word's byte (and `matches` holds for a byte of the last, partial word),
    /// or `end`.
    @inlinable @inline(__always)
    public static func firstIndex(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int? = nil,
        marked: (UInt64) -> UInt64, matches: (UInt8) -> Bool
    ) -> Int {
        let n = end ?? bytes.count
        precondition(start >= 0 && n <= bytes.count, "ByteScan: \(start)..<\(n) outside 0..<\(bytes.count)")
        var p = start
        if let base = bytes.baseAddress {
            while p + 8 <= n {
                let found = marked(UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self).littleEndian)
                if found != 0 { return p + found.trailingZeroBitCount / 8 }
                p += 8
            }
        }
        while p < n {
            if matches(bytes[p]) { return p }
            p += 1
        }
        return n
    }
}
