import Testing
import MapsnapTiles
import MapsnapGeo

@Suite struct MBTilesMetadataTests {
    @Test func parsesTheRowsTheRendererUses() {
        let raw = [
            "name": "Monaco", "format": "pbf", "bounds": "7.349000,43.710000,7.491000,43.770000",
            "center": "7.42, 43.74, 7", "minzoom": "0", "maxzoom": "14",
            "attribution": "<a href=\"https://www.openstreetmap.org/copyright\">© OpenStreetMap contributors</a>",
            "json": #"{"vector_layers":[{"id":"water","fields":{}},{"id":"transportation"}],"tilestats":{}}"#,
        ]
        let metadata = MBTilesMetadata(raw: raw)
        #expect(metadata.name == "Monaco")
        #expect(metadata.format == "pbf")
        #expect(metadata.bounds == BoundingBox(west: 7.349, south: 43.71, east: 7.491, north: 43.77))
        #expect(metadata.center == LatLon(43.74, 7.42))
        #expect(metadata.centerZoom == 7)
        #expect(metadata.minZoom == 0)
        #expect(metadata.maxZoom == 14)
        #expect(metadata.attribution == raw["attribution"])
        #expect(metadata.vectorLayerIDs == ["water", "transportation"])
        #expect(metadata.raw == raw)
    }

    @Test func leavesMissingRowsNil() {
        let metadata = MBTilesMetadata(raw: [:])
        #expect(metadata == MBTilesMetadata(raw: ["unrelated": "row"]).with(raw: [:]))
        #expect(metadata.name == nil && metadata.format == nil && metadata.bounds == nil && metadata.center == nil)
        #expect(metadata.centerZoom == nil && metadata.minZoom == nil && metadata.maxZoom == nil && metadata.attribution == nil)
        #expect(metadata.vectorLayerIDs == [])
    }

    @Test(arguments: [
        ("1,2,3,4", BoundingBox(west: 1, south: 2, east: 3, north: 4) as BoundingBox?),
        (" -180 , -85.0511 , 180 , 85.0511 ", BoundingBox(west: -180, south: -85.0511, east: 180, north: 85.0511)),
        ("1,2,3", nil), ("1,2,3,4,5", nil), ("1,2,x,4", nil), ("", nil), ("1,,3,4", nil), ("nan,2,3,4", nil),
    ])
    func parsesBounds(text: String, expected: BoundingBox?) {
        #expect(MBTilesMetadata(raw: ["bounds": text]).bounds == expected)
    }

    @Test(arguments: [
        ("7.42,43.74,7", LatLon(43.74, 7.42) as LatLon?, 7.0 as Double?),
        ("7.42,43.74", LatLon(43.74, 7.42), nil),
        ("7.42,43.74,12.5", LatLon(43.74, 7.42), 12.5),
        ("7.42", nil, nil), ("a,b,c", nil, nil), ("1,2,3,4", nil, nil),
    ])
    func parsesCenter(text: String, center: LatLon?, zoom: Double?) {
        let metadata = MBTilesMetadata(raw: ["center": text])
        #expect(metadata.center == center)
        #expect(metadata.centerZoom == zoom)
    }

    @Test(arguments: [("14", 14 as Int?), (" 3 ", 3), ("14.0", 14), ("14.5", nil), ("fourteen", nil), ("", nil)])
    func parsesZoomLevels(text: String, expected: Int?) {
        let metadata = MBTilesMetadata(raw: ["minzoom": text, "maxzoom": text])
        #expect(metadata.minZoom == expected)
        #expect(metadata.maxZoom == expected)
    }

    @Test(arguments: [
        (#"{"vector_layers":[{"id":"a"},{"id":"b"},{"id":"c"}]}"#, ["a", "b", "c"]),
        (#"{"vector_layers":[]}"#, []),
        (#"{"tilestats":{}}"#, []),
        (#"{"vector_layers":[{"fields":{}}]}"#, []),
        ("not json", []),
        ("", []),
    ])
    func readsVectorLayerIDsFromTheJSONRow(json: String, expected: [String]) {
        #expect(MBTilesMetadata(raw: ["json": json]).vectorLayerIDs == expected)
    }
}

private extension MBTilesMetadata {
    func with(raw: [String: String]) -> MBTilesMetadata {
        var copy = self
        copy.raw = raw
        return copy
    }
}
