import Foundation

/// A parsed JSON value (RFC 8259), kept close to the text: numbers as `Double`, objects with their
/// members in file order (a repeated name keeps its last value, as JavaScript does).
///
/// GeoJSON is read with this small parser rather than `JSONSerialization` so that a syntax error
/// says where it is (line and column) in words that do not depend on the platform, and booleans are
/// never confused with numbers.
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// How a value is named in messages: `"blurple"`, `-5`, `true`, `null`, `[1]` for a short array
    /// of scalars, otherwise `an array of 7 items` or `an object`.
    var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return OverlayError.format(n)
        case .string(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .object: return "an object"
        case .array(let items):
            let scalars = items.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
            if items.count <= 4 && scalars { return "[" + items.map(\.summary).joined(separator: ", ") + "]" }
            return "an array of \(items.count) item\(items.count == 1 ? "" : "s")"
        }
    }

    /// Parses UTF-8 JSON text; a byte-order mark is skipped.
    static func parse(_ data: Data) throws(SyntaxError) -> JSONValue {
        let result: Result<JSONValue, SyntaxError> = data.withUnsafeBytes { raw in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(SyntaxError) {
                return .success(try parser.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A syntax error at a 1-based line and column (columns count characters).
    struct SyntaxError: Error, Equatable {
        var line: Int
        var column: Int
        var reason: String
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var depth = 0
        static let maxDepth = 512

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        }

        func fail(_ reason: String, at offset: Int? = nil) -> SyntaxError {
            let offset = min(offset ?? i, bytes.count)
            var line = 1, lineStart = 0
            for k in 0..<offset where bytes[k] == 0x0A { line += 1; lineStart = k + 1 }
            // Count characters, not bytes: skip UTF-8 continuation bytes.
            var column = 1
            for k in lineStart..<offset where bytes[k] & 0xC0 != 0x80 { column += 1 }
            return SyntaxError(line: line, column: column, reason: reason)
        }

        mutating func document() throws(SyntaxError) -> JSONValue {
            skipSpace()
            guard i < bytes.count else { throw fail("the file is empty") }
            let value = try self.value()
            skipSpace()
            guard i == bytes.count else { throw fail("unexpected \(describe(i)) after the top-level value") }
            return value
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        func describe(_ offset: Int) -> String {
            guard offset < bytes.count else { return "end of file" }
            let c = bytes[offset]
            if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
            return String(format: "byte 0x%02X", c)
        }

        mutating func value() throws(SyntaxError) -> JSONValue {
            guard i < bytes.count else { throw fail("expected a value, got end of file") }
            switch bytes[i] {
            case 0x7B: return try object()
            case 0x5B: return try array()
            case 0x22: return .string(try string())
            case 0x74: try literal("true"); return .bool(true)
            case 0x66: try literal("false"); return .bool(false)
            case 0x6E: try literal("null"); return .null
            case 0x2D, 0x30...0x39: return .number(try number())
            default: throw fail("expected a value, got \(describe(i))")
            }
        }

        mutating func literal(_ word: StaticString) throws(SyntaxError) {
            let start = i
            let p = word.utf8Start
            for k in 0..<word.utf8CodeUnitCount {
                guard i < bytes.count, bytes[i] == p[k] else {
                    throw fail("expected a value, got \(describe(start))", at: start)
                }
                i += 1
            }
        }

        mutating func enter() throws(SyntaxError) {
            depth += 1
            if depth > Self.maxDepth { throw fail("nested more than \(Self.maxDepth) levels deep") }
        }

        mutating func object() throws(SyntaxError) -> JSONValue {
            try enter()
            i += 1
            var members = JSONObject()
            skipSpace()
            if i < bytes.count, bytes[i] == 0x7D { i += 1; depth -= 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x22 else {
                    throw fail("expected a member name in double quotes, got \(describe(i))")
                }
                let name = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x3A else { throw fail("expected ':' after the member name \"\(name)\", got \(describe(i))") }
                i += 1
                skipSpace()
                members[name] = try value()
                skipSpace()
                guard i < bytes.count else { throw fail("expected ',' or '}' after an object member, got end of file") }
                if bytes[i] == 0x2C { i += 1; continue }
                if bytes[i] == 0x7D { i += 1; break }
                throw fail("expected ',' or '}' after an object member, got \(describe(i))")
            }
            depth -= 1
            return .object(members)
        }

        mutating func array() throws(SyntaxError) -> JSONValue {
            try enter()
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == 0x5D { i += 1; depth -= 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value())
                skipSpace()
                guard i < bytes.count else { throw fail("expected ',' or ']' after an array item, got end of file") }
                if bytes[i] == 0x2C { i += 1; continue }
                if bytes[i] == 0x5D { i += 1; break }
                throw fail("expected ',' or ']' after an array item, got \(describe(i))")
            }
            depth -= 1
            return .array(items)
        }

        mutating func number() throws(SyntaxError) -> Double {
            let start = i
            func digits() -> Int {
                let from = i
                while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
                return i - from
            }
            if bytes[i] == 0x2D { i += 1 }
            let integerStart = i
            let integerDigits = digits()
            guard integerDigits > 0 else { throw fail("a number needs digits after '-'", at: start) }
            if integerDigits > 1, bytes[integerStart] == 0x30 { throw fail("a number cannot start with 0 followed by digits", at: start) }
            if i < bytes.count, bytes[i] == 0x2E {
                i += 1
                guard digits() > 0 else { throw fail("a number needs digits after '.'", at: start) }
            }
            if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
                i += 1
                if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
                guard digits() > 0 else { throw fail("a number needs digits in its exponent", at: start) }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { throw fail("the number \(text) is too large", at: start) }
            return value
        }

        mutating func string() throws(SyntaxError) -> String {
            let start = i
            i += 1
            var out: [UInt8] = []
            var runStart = i
            while true {
                guard i < bytes.count else { throw fail("a string is not closed with \"", at: start) }
                let c = bytes[i]
                if c == 0x22 { break }
                if c < 0x20 { throw fail("a control character inside a string (write \\n, \\t, …)") }
                if c != 0x5C { i += 1; continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                i += 1
                guard i < bytes.count else { throw fail("a string is not closed with \"", at: start) }
                switch bytes[i] {
                case 0x22: out.append(0x22)
                case 0x5C: out.append(0x5C)
                case 0x2F: out.append(0x2F)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x75:
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), i + 2 < bytes.count, bytes[i + 1] == 0x5C, bytes[i + 2] == 0x75 {
                        i += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            throw fail("a \\u escape pairs a high surrogate with \\u\(String(low, radix: 16))")
                        }
                    }
                    // A lone surrogate becomes U+FFFD.
                    let character = Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(character).utf8))
                default:
                    throw fail("unknown escape \\\(describe(i).trimmingCharacters(in: ["'"])) in a string")
                }
                i += 1
                runStart = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            i += 1
            guard let text = String(validating: out, as: UTF8.self) else { throw fail("a string is not UTF-8 text", at: start) }
            return text
        }

        /// Reads the 4 hex digits after `\u` (with `i` on the `u`), leaving `i` on the last digit.
        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard i + 4 < bytes.count else { throw fail("\\u needs 4 hex digits") }
            var value: UInt32 = 0
            for k in 1...4 {
                let c = bytes[i + k]
                let digit: UInt32
                switch c {
                case 0x30...0x39: digit = UInt32(c - 0x30)
                case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
                default: throw fail("\\u needs 4 hex digits")
                }
                value = value << 4 | digit
            }
            i += 4
            return value
        }
    }
}

/// A JSON object's members in file order, looked up by name.
struct JSONObject: Equatable {
    private(set) var names: [String] = []
    private var values: [String: JSONValue] = [:]

    subscript(name: String) -> JSONValue? {
        get { values[name] }
        set {
            if values.updateValue(newValue ?? .null, forKey: name) == nil { names.append(name) }
        }
    }

    var isEmpty: Bool { names.isEmpty }
}
