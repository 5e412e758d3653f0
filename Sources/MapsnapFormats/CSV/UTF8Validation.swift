/// Checks one UTF-8 sequence the way Swift's `String(validating:)` does (RFC 3629): no overlong
/// forms, no surrogates, nothing above U+10FFFF, no stray continuation bytes.
enum UTF8Validation {
    /// The length of the valid sequence that starts at `p`, nil when it is not one.
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int) -> Int? {
        let n = bytes.count
        let lead = bytes[p]
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            p + k < n && range.contains(bytes[p + k])
        }
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }
}
