import Testing
@testable import MapsnapFormats

struct UTF8ValidationTests {
    /// Every lead byte with every second byte (and valid bytes after), against the standard library.
    @Test func agreesWithTheStandardLibrary() {
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8(0)...0xFF {
                for tail: [UInt8] in [[], [0x80], [0xBF, 0x80], [0x41]] {
                    let bytes = [lead, second] + tail
                    let expected = String(validating: bytes, as: UTF8.self) != nil
                    let valid = bytes.withUnsafeBufferPointer { buffer in
                        var p = 0
                        while p < buffer.count {
                            guard let length = UTF8Validation.sequenceLength(buffer, at: p) else { return false }
                            p += length
                        }
                        return true
                    }
                    #expect(valid == expected, "\(bytes)")
                }
            }
        }
    }
}
