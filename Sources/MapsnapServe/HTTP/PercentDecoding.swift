/// `%XX` escapes (RFC 3986) back to bytes, which must then be UTF-8.
enum PercentDecoding {
    static func decode<S: StringProtocol>(_ text: S, plusIsSpace: Bool, what: String) throws(HTTPError) -> String {
        let utf8 = Array(text.utf8)
        guard utf8.contains(UInt8(ascii: "%")) || (plusIsSpace && utf8.contains(UInt8(ascii: "+"))) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var i = 0
        while i < utf8.count {
            let b = utf8[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < utf8.count, let hi = hex(utf8[i + 1]), let lo = hex(utf8[i + 2]) else {
                    throw .badRequest("\(what): '%' must be followed by two hexadecimal digits")
                }
                bytes.append(hi << 4 | lo)
                i += 3
            } else {
                bytes.append(plusIsSpace && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
                i += 1
            }
        }
        guard let s = String(validating: bytes, as: UTF8.self) else { throw .badRequest("\(what): the decoded bytes are not UTF-8") }
        return s
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
