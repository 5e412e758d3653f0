import Testing
import MapsnapFormats

@Suite struct JSONWriterTests {
    @Test func writesWhatTheParserReadsBack() throws {
        let text = #"{"b": [1, 2.5, -3e-7, true, null, "a\"\n"], "a": {}, "c": []}"#
        let value = try JSONValue.parse(text)
        #expect(value.compactText == #"{"b":[1,2.5,-3e-07,true,null,"a\"\n"],"a":{},"c":[]}"#)
        #expect(try JSONValue.parse(value.compactText) == value)
        #expect(try JSONValue.parse(value.prettyPrinted) == value)
        #expect(JSONValue.object(["k": .number(.infinity)]).compactText == #"{"k":null}"#)
        #expect(JSONValue.object(["k": [1]]).prettyPrinted == "{\n  \"k\": [\n    1\n  ]\n}")
    }
}
