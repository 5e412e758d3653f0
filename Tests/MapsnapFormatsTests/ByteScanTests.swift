import Testing
import MapsnapFormats

struct ByteScanTests {
    @Test func marksAreExactUpToTheFirstMatch() {
        // "a<b<" little-endian: '<' at bytes 1 and 3.
        let word: UInt64 = 0x3C62_3C61
        #expect(ByteScan.marks(word, equalTo: 0x3C).trailingZeroBitCount / 8 == 1)
        #expect(ByteScan.marks(word, equalTo: 0x7A) == 0)
    }

    /// Every start and end on a run of bytes with one '&': the word loop and the byte loop agree.
    @Test func firstIndexWithinBounds() {
        for length in 0...24 {
            for at in 0...length {
                var bytes = Array(repeating: UInt8(ascii: "x"), count: length)
                if at < length { bytes[at] = 0x26 }
                bytes.withUnsafeBufferPointer { buffer in
                    for start in 0...length {
                        for end in start...length {
                            let found = ByteScan.firstIndex(in: buffer, from: start, to: end,
                                                            marked: { ByteScan.marks($0, equalTo: 0x26) }, matches: { $0 == 0x26 })
                            let expected = (start..<end).contains(at) ? at : end
                            #expect(found == expected, "length \(length), & at \(at), \(start)..<\(end)")
                        }
                    }
                }
            }
        }
    }
}
