import Foundation
import Testing
@testable import MapsnapOverlays

struct JSONValueTests {
    @Test func parsesEveryKind() throws {
        let text = #"""
        {"a": [1, -2.5e2, 0, 0.125], "b": {"c": null, "d": true, "e": false}, "s": "x\"\\\/\b\f\n\r\t\u00e9\u5e97\ud83d\ude00", "a": "last"}
        """#
        guard case .object(let o) = try JSONValue.parse(text.utf8Data) else { Issue.record("not an object"); return }
        #expect(o.names == ["a", "b", "s"])
        #expect(o["a"] == .string("last"))
        #expect(o["b"] == .object({ var b = JSONObject(); b["c"] = .null; b["d"] = .bool(true); b["e"] = .bool(false); return b }()))
        #expect(o["s"] == .string("x\"\\/\u{8}\u{C}\n\r\té店😀"))
        #expect(try JSONValue.parse("\u{FEFF} [1, -250, 0, 0.125] ".utf8Data) == .array([.number(1), .number(-250), .number(0), .number(0.125)]))
        #expect(try JSONValue.parse("\"\\ud800\"".utf8Data) == .string("\u{FFFD}"))
        #expect(try JSONValue.parse("{}".utf8Data) == .object(JSONObject()))
        #expect(try JSONValue.parse("[]".utf8Data) == .array([]))
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let json: String, line: Int, column: Int, reason: String
        var testDescription: String { reason }
    }

    static let bad: [Bad] = [
        .init(json: "", line: 1, column: 1, reason: "the file is empty"),
        .init(json: "  \n ", line: 2, column: 2, reason: "the file is empty"),
        .init(json: "{\n  \"a\": 1\n  \"b\": 2\n}", line: 3, column: 3, reason: "expected ',' or '}' after an object member, got '\"'"),
        .init(json: "[1, 2,]", line: 1, column: 7, reason: "expected a value, got ']'"),
        .init(json: "{\"a\": 1,}", line: 1, column: 9, reason: "expected a member name in double quotes, got '}'"),
        .init(json: "{a: 1}", line: 1, column: 2, reason: "expected a member name in double quotes, got 'a'"),
        .init(json: "{\"a\" 1}", line: 1, column: 6, reason: "expected ':' after the member name \"a\", got '1'"),
        .init(json: "[1 2]", line: 1, column: 4, reason: "expected ',' or ']' after an array item, got '2'"),
        .init(json: "[1", line: 1, column: 3, reason: "expected ',' or ']' after an array item, got end of file"),
        .init(json: "{\"a\": 1", line: 1, column: 8, reason: "expected ',' or '}' after an object member, got end of file"),
        .init(json: "[\"店\", tru]", line: 1, column: 7, reason: "expected a value, got 't'"),
        .init(json: "{} {}", line: 1, column: 4, reason: "unexpected '{' after the top-level value"),
        .init(json: "[01]", line: 1, column: 2, reason: "a number cannot start with 0 followed by digits"),
        .init(json: "[-]", line: 1, column: 2, reason: "a number needs digits after '-'"),
        .init(json: "[1.]", line: 1, column: 2, reason: "a number needs digits after '.'"),
        .init(json: "[1e]", line: 1, column: 2, reason: "a number needs digits in its exponent"),
        .init(json: "[1e999]", line: 1, column: 2, reason: "the number 1e999 is too large"),
        .init(json: "[NaN]", line: 1, column: 2, reason: "expected a value, got 'N'"),
        .init(json: "[\"abc]", line: 1, column: 2, reason: "a string is not closed with \""),
        .init(json: "[\"a\nb\"]", line: 1, column: 4, reason: "a control character inside a string (write \\n, \\t, …)"),
        .init(json: "[\"\\x\"]", line: 1, column: 4, reason: "unknown escape \\x in a string"),
        .init(json: "[\"\\u12G4\"]", line: 1, column: 4, reason: "\\u needs 4 hex digits"),
        .init(json: "[\"\\ud83d\\u0041\"]", line: 1, column: 9, reason: "a \\u escape pairs a high surrogate with \\u0041"),
        .init(json: "'a'", line: 1, column: 1, reason: "expected a value, got '''"),
        .init(json: String(repeating: "[", count: 600), line: 1, column: 513, reason: "nested more than 512 levels deep"),
    ]

    @Test(arguments: bad)
    func syntaxErrorsSayWhereAndWhat(_ c: Bad) {
        do {
            _ = try JSONValue.parse(c.json.utf8Data)
            Issue.record("parsed")
        } catch {
            #expect(error == JSONValue.SyntaxError(line: c.line, column: c.column, reason: c.reason))
        }
    }

    @Test func invalidUTF8InAStringIsAnError() {
        var data = Data("[\"a".utf8)
        data.append(0xFF)
        data.append(contentsOf: Array("\"]".utf8))
        #expect(throws: JSONValue.SyntaxError(line: 1, column: 2, reason: "a string is not UTF-8 text")) { try JSONValue.parse(data) }
    }

    struct Summary: Sendable { let json: String, summary: String }
    static let summaries: [Summary] = [
        .init(json: "\"blurple\"", summary: "\"blurple\""), .init(json: "-5", summary: "-5"), .init(json: "1.5", summary: "1.5"),
        .init(json: "true", summary: "true"), .init(json: "null", summary: "null"), .init(json: "[1]", summary: "[1]"),
        .init(json: "[7.4, 43.7, \"x\"]", summary: "[7.4, 43.7, \"x\"]"), .init(json: "[1,2,3,4,5]", summary: "an array of 5 items"),
        .init(json: "[[1,2]]", summary: "an array of 1 item"), .init(json: "{\"a\":1}", summary: "an object"),
        .init(json: "\"\(String(repeating: "x", count: 50))\"", summary: "\"\(String(repeating: "x", count: 40))…\""),
    ]

    @Test(arguments: summaries)
    func summariesNameValuesInMessages(_ c: Summary) throws {
        #expect(try JSONValue.parse(c.json.utf8Data).summary == c.summary)
    }
}
