import Testing
import MapsnapFormats

@Suite struct JSONValueTests {
    static let manifest: JSONValue = ["name": "report", "size": [800, 600], "scale": 2.5, "dark": true, "notes": .null]

    /// Fields read as a manifest reader reads them: nil for a missing key or another kind.
    @Test func readingFields() {
        let m = Self.manifest
        #expect(m["name"]?.stringValue == "report")
        #expect(m["size"]?[0]?.integerValue == 800)
        #expect(m["size"]?[2] == nil)
        #expect(m["size"]?.arrayValue?.count == 2)
        #expect(m["scale"]?.numberValue == 2.5)
        #expect(m["scale"]?.integerValue == nil)
        #expect(m["dark"]?.boolValue == true)
        #expect(m["notes"]?.isNull == true)
        #expect(m["missing"] == nil)
        #expect(m["name"]?.numberValue == nil)
        #expect(m["name"]?["x"] == nil)
        #expect(m[0] == nil)
        #expect(m.objectValue?.keys == ["name", "size", "scale", "dark", "notes"])
    }

    @Test(arguments: [
        (JSONValue.number(3), 3), (-1, -1), (2e3, 2000), (-0.0, 0), (2.5, nil), (1e300, nil), (.number(.nan), nil),
        (.number(0x1p63), nil), (.number(-0x1p63), Int.min), ("3", nil), (true, nil),
    ] as [(JSONValue, Int?)])
    func integerValueIsChecked(value: JSONValue, integer: Int?) {
        #expect(value.integerValue == integer)
    }

    @Test(arguments: [
        ("\"blurple\"", "\"blurple\""), ("-5", "-5"), ("1.5", "1.5"), ("true", "true"), ("null", "null"), ("[1]", "[1]"),
        ("[7.4, 43.7, \"x\"]", "[7.4, 43.7, \"x\"]"), ("[1,2,3,4,5]", "an array of 5 items"),
        ("[[1,2]]", "an array of 1 item"), ("{\"a\":1}", "an object"), ("[]", "[]"),
        ("\"\(String(repeating: "x", count: 50))\"", "\"\(String(repeating: "x", count: 40))…\""),
    ])
    func summariesNameValuesInMessages(json: String, summary: String) throws {
        #expect(try JSONValue.parse(json).summary == summary)
    }

    @Test(arguments: [
        ("", #""""#), ("a\"b\\c", #""a\"b\\c""#), ("\n\r\t", #""\n\r\t""#), ("\u{1}\u{1F}", #""\u0001\u001f""#),
        ("é 中 😀 /", "\"é 中 😀 /\""),
    ])
    func quoted(text: String, literal: String) throws {
        #expect(JSONValue.quoted(text) == literal)
        #expect(try JSONValue.parse(literal) == .string(text))
    }

    @Test func literalsReadAsJSON() throws {
        let value: JSONValue = ["type": "Point", "coordinates": [7.5, 43], "ok": false]
        #expect(value == (try JSONValue.parse(#"{"coordinates": [7.5, 43], "ok": false, "type": "Point"}"#)))
    }
}
