import Testing
import MapsnapFormats

@Suite struct JSONObjectTests {
    @Test func membersKeepTheirOrderAndTheLastValue() {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = 4
        #expect(object.keys == ["b", "a", "c"])
        #expect(object.map(\.key) == ["b", "a", "c"])
        #expect(object.map(\.value) == [4, 2, 3])
        #expect(object.count == 3 && !object.isEmpty)
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(object["a"] == nil)
        object["zz"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(JSONObject([(key: "x", value: 1), (key: "x", value: 2)]).map(\.value) == [2])
        #expect(JSONObject().isEmpty)
    }

    /// An object is unordered (RFC 8259): the same members in another order are equal.
    @Test func equalityIgnoresTheOrder() {
        let ab: JSONObject = ["a": 1, "b": [true]]
        let ba: JSONObject = ["b": [true], "a": 1]
        #expect(ab == ba)
        #expect(ab.hashValue == ba.hashValue)
        #expect(ab != ["a": 1])
        #expect(ab.dictionary == ["a": 1, "b": [true]])
    }
}
