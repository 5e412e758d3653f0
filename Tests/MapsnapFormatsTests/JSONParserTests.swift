import Foundation
import Testing
import MapsnapFormats
import MapsnapTestSupport

@Suite struct JSONParserTests {
    static func parse(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONValue.parse(Data(text.utf8)) }
    }

    @Test(arguments: [
        ("null", JSONValue.null), ("true", .bool(true)), ("false", .bool(false)),
        (" \t\r\n 1 \n", .number(1)), ("\u{FEFF}[]", .array([])), ("{}", .object([:])), ("[[]]", .array([.array([])])),
        (#""""#, .string("")), (#""a\"b\\c\/d""#, .string("a\"b\\c/d")),
        (#""\b\f\n\r\t""#, .string("\u{8}\u{C}\n\r\t")),
        (#""\u0041\u00e9\u4E2D\u0000""#, .string("Aé中\u{0}")),
        (#""\uD83D\uDE00 \ud834\udd1e""#, .string("😀 𝄞")),
        (#""é 中 😀""#, .string("é 中 😀")),
        (#"{"a": 1, "b": [true, null], "a": 2}"#, .object(["a": .number(2), "b": .array([.bool(true), .null])])),
        (#"[1, -0, 0.5, -12.25e1, 1E2, 1e-2, 0e10]"#, .array([.number(1), .number(0), .number(0.5), .number(-122.5), .number(100), .number(0.01), .number(0)])),
    ])
    func parses(text: String, expected: JSONValue) throws {
        #expect(try Self.parse(text).get() == expected)
    }

    /// Numbers convert exactly like Swift's (correctly rounded) `Double(String)`, on both the
    /// fast path and the `strtod` path, and keep their sign (`-0` included).
    @Test func numbersAreCorrectlyRounded() throws {
        var samples = ["0", "-0", "1", "0.1", "0.3", "3.14159", "1e22", "1e23", "9007199254740993", "123456789012345",
                       "1234567890123456", "0.000001", "1e-7", "2.2250738585072014e-308", "5e-324", "1.7976931348623157e308",
                       "123456789012345678901234567890", "0.1000000000000000055511151231257827", "4.35", "-71.05", "1e-22"]
        var generator = LCG(seed: 7)
        for _ in 0..<2_000 {
            let digits = String(generator.next() % 1_000_000_000_000_000_000)
            let point = Int(generator.next() % UInt64(digits.count + 1))
            var text = point == digits.count ? digits : String(digits.prefix(point).isEmpty ? "0" : digits.prefix(point)) + "." + digits.dropFirst(point)
            if text.count > 1, text.hasPrefix("0"), !text.hasPrefix("0.") { text = String(Int(text)!) }
            if generator.next() % 3 == 0 { text += "e" + String(Int(generator.next() % 60) - 30) }
            if generator.next() % 2 == 0 { text = "-" + text }
            samples.append(text)
        }
        for text in samples {
            let value = try Self.parse(text).get()
            guard case .number(let n) = value else { Issue.record("\(text) → \(value)"); continue }
            let expected = Double(text)!
            #expect(n.bitPattern == expected.bitPattern, "\(text): \(n) vs \(expected)")
        }
    }

    /// The position is where the problem is (1-based line and column in characters) and the
    /// message says what was expected there; every message is one line.
    @Test(arguments: [
        ("", 1, 1, "expected a value, found the end of the input"),
        ("   ", 1, 4, "expected a value, found the end of the input"),
        ("{\"a\": 1,}", 1, 9, "expected an object key after ',', found '}' (trailing commas are not allowed)"),
        ("[1, 2,]", 1, 7, "expected a value after ',', found ']' (trailing commas are not allowed)"),
        ("{\"version\": 8,\n \"sources\": {,}}", 2, 14, "expected an object key (a string in double quotes), found ','"),
        ("{version: 8}", 1, 2, "expected an object key (a string in double quotes), found 'version'"),
        ("{'a': 1}", 1, 2, "expected an object key (a string in double quotes), found \"'\" (strings take double quotes)"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the object key \"a\", found '1'"),
        ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' after an object member, found '\"'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
        ("[1,\n  2", 2, 4, "expected ',' or ']' after an array element, found the end of the input"),
        ("[True]", 1, 2, "expected a value, found 'True'"),
        ("[nul]", 1, 2, "expected a value, found 'nul'"),
        ("[truex]", 1, 2, "expected a value, found 'truex'"),
        ("NaN", 1, 1, "expected a value, found 'NaN'"),
        ("// c\n1", 1, 1, "expected a value, found '/'"),
        ("1 2", 1, 3, "expected the end of the input after the top-level value, found '2'"),
        ("[01]", 1, 2, "invalid number: leading zeros are not allowed"),
        ("-", 1, 2, "invalid number: expected a digit after '-', found the end of the input"),
        ("[1.]", 1, 4, "invalid number: expected a digit after '.', found ']'"),
        ("[.5]", 1, 2, "expected a value, found '.'"),
        ("1e", 1, 3, "invalid number: expected a digit in the exponent, found the end of the input"),
        ("[+1]", 1, 2, "expected a value, found '+'"),
        ("1e400", 1, 1, "number 1e400 is out of range"),
        ("\"abc", 1, 1, "unterminated string (no closing '\"' before the end of the input)"),
        ("[\"a\\qb\"]", 1, 4, "invalid escape '\\q' in a string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
        ("\"a\nb\"", 1, 3, "control character U+000A must be escaped in a string"),
        ("\"\t\"", 1, 2, "control character U+0009 must be escaped in a string"),
        ("\"\\u12G4\"", 1, 6, "expected 4 hexadecimal digits after \\u, found 'G4'"),
        ("\"\\uD83D\"", 1, 2, "unpaired UTF-16 surrogate \\uD83D (expected a \\uDC00-\\uDFFF escape after it)"),
        ("\"\\uD83D\\u0041\"", 1, 2, "unpaired UTF-16 surrogate \\uD83D (followed by \\u0041, not a low surrogate)"),
        ("\"x\\uDE00\"", 1, 3, "unpaired UTF-16 surrogate \\uDE00 (a low surrogate must follow a high one)"),
        ("[é]", 1, 2, "expected a value, found 'é' (U+00E9)"),
        ("{\"é\": 1, \"ü\": x}", 1, 15, "expected a value, found 'x'"),
        ("[\u{7F}]", 1, 2, "expected a value, found U+007F"),
    ])
    func errors(text: String, line: Int, column: Int, message: String) {
        guard case .failure(let error) = Self.parse(text) else { Issue.record("no error for \(text)"); return }
        #expect(error == JSONSyntaxError(line: line, column: column, message: message))
        #expect(!error.description.contains("\n"))
        #expect(error.description == "line \(line), column \(column): \(message)")
    }

    @Test(arguments: [
        ([0x22, 0xFF, 0x22], 1, 2, "invalid UTF-8 (byte 0xFF)"),
        ([0x22, 0xC3, 0x22], 1, 2, "invalid UTF-8 (byte 0xC3)"),            // truncated sequence
        ([0x22, 0xC0, 0xAF, 0x22], 1, 2, "invalid UTF-8 (byte 0xC0)"),      // overlong "/"
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "invalid UTF-8 (byte 0xED)"), // an encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2, "invalid UTF-8 (byte 0xF4)"), // above U+10FFFF
        ([0x5B, 0xFF, 0x5D], 1, 2, "expected a value, found invalid UTF-8 (byte 0xFF)"),
        ([0xFE, 0xFF, 0x00, 0x31], 1, 1, "expected a value, found invalid UTF-8 (byte 0xFE)"), // UTF-16 is not accepted
    ] as [([UInt8], Int, Int, String)])
    func invalidUTF8(bytes: [UInt8], line: Int, column: Int, message: String) {
        let result = Result { () throws(JSONSyntaxError) in try JSONValue.parse(bytes) }
        guard case .failure(let error) = result else { Issue.record("no error"); return }
        #expect(error == JSONSyntaxError(line: line, column: column, message: message))
    }

    @Test func nestingIsLimited() {
        let deep = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        #expect((try? Self.parse(deep).get()) != nil)
        let tooDeep = "[" + deep + "]"
        #expect(throws: JSONSyntaxError(line: 1, column: JSONValue.maximumDepth + 1,
                                        message: "arrays and objects are nested more than 512 levels deep")) {
            try Self.parse(tooDeep).get()
        }
    }

    /// Every way in: a string, `Data`, bytes, a slice, a buffer.
    @Test func parsesEveryKindOfInput() throws {
        let expected: JSONValue = ["a": [1, "x"]]
        let text = #"{"a": [1, "x"]}"#
        #expect(try JSONValue.parse(text) == expected)
        #expect(try JSONValue.parse(Data(text.utf8)) == expected)
        #expect(try JSONValue.parse(Array(text.utf8)) == expected)
        #expect(try JSONValue.parse(Array(" \(text)".utf8).dropFirst()) == expected)
        #expect(try Array(text.utf8).withUnsafeBufferPointer { bytes throws(JSONSyntaxError) in try JSONValue.parse(bytes) } == expected)
    }

    /// Members stay in file order; a repeated key keeps its first place and its last value.
    @Test func objectsKeepTheFileOrder() throws {
        let value = try JSONValue.parse(#"{"b": 1, "a": 2, "c": {"z": null, "y": []}, "b": 3}"#)
        #expect(value.objectValue?.keys == ["b", "a", "c"])
        #expect(value["b"] == 3)
        #expect(value["c"]?.objectValue?.keys == ["z", "y"])
    }

    /// Every JSON file of the shared test data (upstream styles, sprites, MapLibre's expression
    /// tests, benchmark results) reads the same as with Foundation's `JSONSerialization`, except
    /// that numbers may differ in the last bits: Foundation's conversion is not correctly rounded
    /// for long decimals (`63.548552232036414` becomes `63.54855223203642`), ours is (see above).
    @Test func agreesWithFoundation() throws {
        guard let shared = sharedFolder else { try TestEnvironment.skip("../shared is not beside the repository") }
        let files = FileManager.default.enumerator(at: shared.resolvingSymlinksInPath(), includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
        #expect(files.count > 100)
        for file in files {
            let data = try Data(contentsOf: file)
            let ours = try JSONValue.parse(data)
            let theirs = JSONValue(foundation: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
            let difference = Self.firstDifference(ours, theirs)
            #expect(difference == nil, "\(file.path): \(difference ?? "")")
        }
    }
}

extension JSONParserTests {
    /// Where two values differ (numbers within 4 units in the last place count as equal).
    static func firstDifference(_ a: JSONValue, _ b: JSONValue, path: String = "") -> String? {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            if x == y || abs(x - y) <= 4 * max(x.ulp, y.ulp) { return nil }
        case (.array(let xs), .array(let ys)) where xs.count == ys.count:
            for (i, (x, y)) in zip(xs, ys).enumerated() {
                if let d = firstDifference(x, y, path: path + "[\(i)]") { return d }
            }
            return nil
        case (.object(let xs), .object(let ys)) where Set(xs.keys) == Set(ys.keys):
            for key in xs.keys {
                if let d = firstDifference(xs[key]!, ys[key]!, path: path + "." + key) { return d }
            }
            return nil
        default:
            if a == b { return nil }
        }
        return "\(path): \(a.summary) vs \(b.summary)"
    }
}

/// Deterministic test data: Knuth's MMIX linear congruential generator (high bits only).
struct LCG: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 16 | state << 48
    }
}

extension JSONValue {
    /// What `JSONSerialization` returns, converted (the reference the parser is checked against).
    /// On Linux booleans arrive as `NSNumber`s too, told apart by their class.
    init(foundation object: Any) {
        switch object {
        case is NSNull: self = .null
        case let s as String: self = .string(s)
        case let n as NSNumber:
            self = Swift.type(of: n) == Swift.type(of: NSNumber(value: true)) ? .bool(n.boolValue) : .number(n.doubleValue)
        case let a as [Any]: self = .array(a.map(JSONValue.init(foundation:)))
        case let o as [String: Any]: self = .object(JSONObject(o.map { (key: $0.key, value: JSONValue(foundation: $0.value)) }))
        default: self = .null
        }
    }
}

/// `../shared` beside the repository (upstream styles, MapLibre's tests), when present.
let sharedFolder: URL? = {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidate = repository.deletingLastPathComponent().appendingPathComponent("shared")
    return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
}()
