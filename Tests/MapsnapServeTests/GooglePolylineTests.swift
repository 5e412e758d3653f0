import MapsnapKit
@testable import MapsnapServe
import Testing

struct GooglePolylineTests {
    /// Google's own example of the format.
    @Test func decodesGooglesExample() throws {
        let points = try GooglePolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(points == [LatLon(38.5, -120.2), LatLon(40.7, -120.95), LatLon(43.252, -126.453)])
    }

    @Test func encodesWhatItDecodes() throws {
        let walk = [LatLon(43.7321, 7.4197), LatLon(43.734, 7.423), LatLon(43.7362, 7.424), LatLon(43.7371, 7.4271)]
        #expect(GooglePolyline.encode(walk) == "sl|iGcdhl@{JsSwLgEsDkR")
        #expect(try GooglePolyline.decode(GooglePolyline.encode(walk)) == walk)
        #expect(try GooglePolyline.decode("") == [])
    }

    @Test(arguments: [
        ("_p~iF~ps|U_", "the polyline ends inside a latitude (at character 12)"),
        ("_p~iF", "the polyline ends inside a longitude (at character 6)"),
        ("_p~i F", "character 5 of the polyline is not one of ?...~ (63-126)"),
        ("~~~~~~~~~~~~", "a number of the polyline is longer than 7 characters (at character 7)"),
    ])
    func refusesBrokenText(text: String, message: String) {
        #expect(throws: GooglePolyline.Malformed(description: message)) { try GooglePolyline.decode(text) }
    }
}
