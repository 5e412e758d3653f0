import Testing
@testable import MapsnapGeo

@Suite struct GeoJSONErrorTests {
    @Test(arguments: [
        (GeoJSONError(path: "features[2].geometry", .missingMember(hint: "use null for a feature without a location")),
         "features[2].geometry: missing (use null for a feature without a location)"),
        (GeoJSONError(path: "type", .missingMember(hint: nil)), "type: missing"),
        (GeoJSONError(path: "", .unexpectedValue(expected: "a GeoJSON object", got: "[]")), "must be a GeoJSON object, got []"),
        (GeoJSONError(path: "features[3].geometry.coordinates[12]", .positionOutOfRange(.latitude, 95.1)),
         "features[3].geometry.coordinates[12]: latitude 95.1 is outside -90...90 (GeoJSON positions are [lon, lat])"),
        (GeoJSONError(path: "coordinates", .positionOutOfRange(.longitude, -181)),
         "coordinates: longitude -181 is outside -180...180 (GeoJSON positions are [lon, lat])"),
        (GeoJSONError(path: "coordinates", .tooFewPositions(shape: "a line", minimum: 2, got: 1)),
         "coordinates: a line needs at least 2 positions, got 1"),
        (GeoJSONError(path: "coordinates[0]", .tooFewPositions(shape: "a linear ring", minimum: 1, got: 0)),
         "coordinates[0]: a linear ring needs at least 1 position, got 0"),
    ])
    func messagesNameThePathAndTheProblem(error: GeoJSONError, message: String) {
        #expect(error.description == message)
    }
}
