extension JSONValue {
    /// Deeper nesting of arrays and objects is a syntax error rather than a stack overflow.
    public static let maximumDepth = 512

    /// Parses one JSON text (any top-level kind, surrounded by optional whitespace) from UTF-8
    /// bytes: `Data`, `[UInt8]`, a slice of either. See `JSONParser` for what strict means.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONSyntaxError) in try JSONParser.parse(buffer) }
        } ?? Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in try JSONParser.parse(buffer) }
        }
        return try result.get()
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(bytes)
    }

    /// Parses JSON text given as a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) } }
        return try result.get()
    }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes, the one every reader uses (styles, GeoJSON,
/// manifests).
///
/// Style sheets are read once per process, but a process renders one snapshot in ~100 ms:
/// `JSONSerialization` plus the bridging from `NSDictionary`/`NSArray`/`NSNumber` took ~20 ms
/// for an 80-layer style, this takes well under a millisecond. Its messages do not depend on
/// the platform, and booleans are never confused with numbers. Strict means: no comments, no
/// trailing commas, no leading zeros, no control characters in strings, valid UTF-8 only,
/// paired UTF-16 surrogates in `\u` escapes, numbers that fit a `Double`. A UTF-8 byte order
/// mark at the start is skipped. Duplicate object keys keep the last value.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    /// Reused for strings with escapes.
    private var scratch: [UInt8] = []
    /// The elements and members of the arrays and objects being parsed, innermost last: each
    /// container is built once at its exact size instead of growing.
    private var elements: [JSONValue] = []
    private var members: [(key: String, value: JSONValue)] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON text (any top-level kind, surrounded by optional whitespace).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.position = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.position < bytes.count {
            throw parser.error("expected the end of the input after the top-level value, found \(parser.describeCurrent())")
        }
        return value
    }

    // MARK: values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw error("expected a value, found the end of the input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        default:
            throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        if position + count <= bytes.count {
            let matches = word.withUTF8Buffer { expected in
                for k in 0..<count where bytes[position + k] != expected[k] { return false }
                return true
            }
            // `trueish` is not `true` followed by garbage: report the whole word.
            if matches, position + count == bytes.count || !JSONParser.isWordByte(bytes[position + count]) {
                position += count
                return
            }
        }
        throw error("expected a value, found \(describeCurrent())")
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONValue.maximumDepth {
            throw error("arrays and objects are nested more than \(JSONValue.maximumDepth) levels deep")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        position += 1
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array([])
        }
        let first = elements.count
        while true {
            let element = try parseValue()
            elements.append(element)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
                if peek == UInt8(ascii: "]") {
                    throw error("expected a value after ',', found ']' (trailing commas are not allowed)")
                }
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                let items = Array(elements[first...])
                elements.removeSubrange(first...)
                return .array(items)
            default:
                throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        position += 1
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(JSONObject())
        }
        let first = members.count
        while true {
            guard peek == UInt8(ascii: "\"") else {
                if peek == UInt8(ascii: "}") {
                    throw error("expected an object key after ',', found '}' (trailing commas are not allowed)")
                }
                throw error("expected an object key (a string in double quotes), found \(describeCurrent())")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else {
                throw error("expected ':' after the object key \(JSONValue.quoted(key)), found \(describeCurrent())")
            }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            members.append((key, value))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                var dictionary = [String: JSONValue](minimumCapacity: members.count - first)
                var keys: [String] = []
                keys.reserveCapacity(members.count - first)
                for k in first..<members.count where dictionary.updateValue(members[k].value, forKey: members[k].key) == nil {
                    keys.append(members[k].key)  // a repeated key keeps its first place and its last value
                }
                members.removeSubrange(first...)
                return .object(JSONObject(keys: keys, dictionary: dictionary))
            default:
                throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
            }
        }
    }

    // MARK: strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let opening = position
        position += 1
        let start = position
        // Fast path: no escapes, the bytes are the string.
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw controlCharacterError(b) }
            if b < 0x80 {
                position += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let b = bytes[position]
            switch b {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0..<0x20:
                throw controlCharacterError(b)
            case 0x80...:
                let sequenceStart = position
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequenceStart..<position]))
            default:
                scratch.append(b)
                position += 1
            }
        }
        throw error("unterminated string (no closing '\"' before the end of the input)", at: opening)
    }

    private func controlCharacterError(_ byte: UInt8) -> JSONSyntaxError {
        error("control character \(JSONParser.scalarName(UInt32(byte))) must be escaped in a string")
    }

    /// One escape after a backslash; appends its UTF-8 to `scratch`.
    private mutating func parseEscape() throws(JSONSyntaxError) {
        let backslash = position
        position += 1
        guard position < bytes.count else { throw error("unterminated string (no closing '\"' before the end of the input)") }
        let c = bytes[position]
        position += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(c)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: backslash)
            if (0xDC00...0xDFFF).contains(scalar) {
                throw error("unpaired UTF-16 surrogate \\u\(JSONParser.hex4(scalar)) (a low surrogate must follow a high one)",
                            at: backslash)
            }
            if (0xD800...0xDBFF).contains(scalar) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired UTF-16 surrogate \\u\(JSONParser.hex4(scalar)) (expected a \\uDC00-\\uDFFF escape after it)",
                                at: backslash)
                }
                let lowStart = position
                position += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("unpaired UTF-16 surrogate \\u\(JSONParser.hex4(scalar)) (followed by \\u\(JSONParser.hex4(low)), not a low surrogate)",
                                at: backslash)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            appendUTF8(scalar)
        default:
            position -= 1
            throw error("invalid escape '\\\(JSONParser.printable(c))' in a string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                        at: backslash)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw error("expected 4 hexadecimal digits after \\u, found the end of the input") }
            let b = bytes[position]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw error("expected 4 hexadecimal digits after \\u, found \(describeCurrent())")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Steps over one multi-byte UTF-8 sequence, checking it as the Unicode standard does
    /// (table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        guard let length = JSONParser.utf8SequenceLength(bytes, at: position) else {
            throw error("invalid UTF-8 (byte 0x\(JSONParser.hex2(bytes[position])))")
        }
        position += length
    }

    /// The length of the well-formed UTF-8 sequence at `i` (first byte >= 0x80), or nil.
    private static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let b0 = bytes[i]
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < bytes.count && range.contains(bytes[i + k])
        }
        switch b0 {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : nil
        case 0xE0:
            return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : nil
        case 0xED:
            return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0:
            return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4:
            return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default:
            return nil
        }
    }

    // MARK: numbers

    private static let powersOfTen: [Double] = (0...22).map { e in
        var p = 1.0
        for _ in 0..<e { p *= 10 }  // exact up to 1e22
        return p
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. Up to 15 significant digits and
    /// a decimal exponent within ±22 are converted exactly with one multiplication or division
    /// (both operands are exact doubles, so the result is correctly rounded); longer numbers go
    /// through the C library's `strtod`.
    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0

        guard position < bytes.count, JSONParser.isDigit(bytes[position]) else {
            throw error("invalid number: expected a digit after '-', found \(describeCurrent())")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, JSONParser.isDigit(bytes[position]) {
                throw error("invalid number: leading zeros are not allowed", at: start)
            }
        } else {
            while position < bytes.count, JSONParser.isDigit(bytes[position]) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[position] - UInt8(ascii: "0"))
                } else {
                    exponent += 1
                }
                significantDigits += 1
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, JSONParser.isDigit(bytes[position]) else {
                throw error("invalid number: expected a digit after '.', found \(describeCurrent())")
            }
            while position < bytes.count, JSONParser.isDigit(bytes[position]) {
                let digit = bytes[position] - UInt8(ascii: "0")
                if significantDigits == 0 && digit == 0 {
                    exponent -= 1  // a leading zero of the fraction
                } else if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                    exponent -= 1
                } else {
                    significantDigits += 1
                }
                position += 1
            }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, JSONParser.isDigit(bytes[position]) else {
                throw error("invalid number: expected a digit in the exponent, found \(describeCurrent())")
            }
            var written = 0
            while position < bytes.count, JSONParser.isDigit(bytes[position]) {
                if written < 100_000 { written = written * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            exponent += exponentNegative ? -written : written
        }

        let value: Double
        if mantissa == 0 {
            value = 0
        } else if significantDigits <= 15 && exponent >= -22 && exponent <= 22 {
            let m = Double(mantissa)
            value = exponent < 0 ? m / JSONParser.powersOfTen[-exponent] : m * JSONParser.powersOfTen[exponent]
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            guard let parsed = Double(text) else { throw error("invalid number \(text)", at: start) }
            value = parsed  // the text has the sign
            guard value.isFinite else { throw error("number \(text) is out of range", at: start) }
            return value
        }
        return negative ? -value : value
    }

    // MARK: positions and messages

    private var peek: UInt8 { position < bytes.count ? bytes[position] : 0 }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private func error(_ message: String) -> JSONSyntaxError { error(message, at: position) }

    /// The line and column of byte `offset`: lines split at LF (a CR LF pair counts once),
    /// columns count Unicode scalars from 1.
    private func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for i in 0..<min(offset, bytes.count) {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    /// What stands at the current position, for "found …": a word (`True`, `NaN`, an unquoted
    /// key), a quoted character, a code point or the end of the input. Never contains a line break.
    private func describeCurrent() -> String {
        guard position < bytes.count else { return "the end of the input" }
        let b = bytes[position]
        if JSONParser.isWordByte(b) {
            var end = position
            while end < bytes.count, end - position < 24, JSONParser.isWordByte(bytes[end]) { end += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
            return end - position == 1 ? "'\(word)'" : "'\(word)\(end < bytes.count && JSONParser.isWordByte(bytes[end]) ? "…" : "")'"
        }
        if b == UInt8(ascii: "'") { return "\"'\" (strings take double quotes)" }
        if b < 0x80 { return b < 0x20 || b == 0x7F ? JSONParser.scalarName(UInt32(b)) : "'\(JSONParser.printable(b))'" }
        guard let length = JSONParser.utf8SequenceLength(bytes, at: position) else {
            return "invalid UTF-8 (byte 0x\(JSONParser.hex2(b)))"
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
        let scalar = text.unicodeScalars.first!.value
        return "'\(text)' (\(JSONParser.scalarName(scalar)))"
    }

    private static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    private static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            return true
        default:
            return false
        }
    }

    private static func printable(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : scalarName(UInt32(b))
    }

    /// `U+000A`
    private static func scalarName(_ scalar: UInt32) -> String {
        "U+" + hex4(scalar)
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func hex2(_ value: UInt8) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
