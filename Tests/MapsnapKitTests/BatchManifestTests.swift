import Foundation
import MapsnapGeo
import Testing
@testable import MapsnapKit

/// Manifests as people write them: JSON Lines or CSV, with CRLF line ends, a byte-order mark,
/// quoted commas; a bad item fails alone, naming its line and field.
struct BatchManifestTests {
    static func read(_ text: String, name: String = "m.jsonl", defaults: MapRequest = MapRequest()) throws -> (items: [BatchItem], errors: [BatchLineError], folder: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-manifest-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let (items, errors) = try BatchManifest.read(path, defaults: defaults)
        return (items, errors, dir.path)
    }

    @Test func jsonLinesWithCRLFAndABOM() throws {
        let text = "\u{FEFF}{\"id\": \"a\", \"center\": [43.73, 7.42]}\r\n\r\n# a comment\r\n{\"id\": \"b\", \"meters\": 300, \"center\": \"43.74,7.43\"}\r\n"
        let (items, errors, _) = try Self.read(text)
        #expect(errors.isEmpty)
        #expect(items.map(\.id) == ["a", "b"] && items.map(\.line) == [1, 4])
        #expect(items[1].request.meters == 300 && items[1].request.center == LatLon(43.74, 7.43))
    }

    /// `{"geojson": "string"}` once ended the whole batch; now it is that item's failed row.
    @Test func aBadItemFailsAloneNamingItsField() throws {
        let text = """
        {"id": "good1", "center": [43.73, 7.42]}
        {"id": "bad", "geojson": "string"}
        {"id": "good2", "markers": [{"lat": 43.73, "lon": 7.42, "title": "A, B"}]}
        {"id": "worse", "markers": [{"lat": 43.73, "lon": 7.42}, {"lat": 95, "lon": 7.42}]}
        [1, 2]
        {"id": "typo", "meter": 300}
        """
        let (items, errors, folder) = try Self.read(text)
        #expect(items.map(\.id) == ["good1", "good2"])
        #expect(items[1].request.overlays.markers.first?.title == "A, B")
        let path = folder + "/m.jsonl"
        #expect(errors.map(\.id) == ["bad", "worse", "line-5", "typo"])
        #expect(errors[0].message.hasPrefix("\(path):2: geojson: not valid JSON: "), "\(errors[0].message)")
        #expect(errors[1].message == "\(path):4: markers[1].lat: latitude 95 is outside -90...90")
        #expect(errors[2].message == "\(path):5: item: expected a JSON object, got [1, 2]")
        #expect(errors[3].message == "\(path):6: meter: unknown field (see the manifest fields in docs/batch.md)")
    }

    @Test func csvWithQuotedCommasCRLFAndABOM() throws {
        let text = "\u{FEFF}id,center,title,markers,meters\r\nhome,\"43.73,7.42\",\"Home, sweet home\",\"43.73,7.42;43.74,7.43,blue\",300\r\nnext,\"43.74,7.43\",,,\r\n"
        let (items, errors, _) = try Self.read(text, name: "m.csv")
        #expect(errors.isEmpty)
        #expect(items.map(\.id) == ["home", "next"])
        #expect(items[0].title == "Home, sweet home")
        #expect(items[0].request.center == LatLon(43.73, 7.42) && items[0].request.meters == 300)
        #expect(items[0].request.overlays.markers.count == 2)
        #expect(items[1].request.overlays.markers.isEmpty && items[1].title == nil)
    }

    @Test func csvWithAnUnknownColumnStopsAtTheHeader() throws {
        #expect(throws: RequestError.self) { _ = try Self.read("id,centre\na,\"1,2\"\n", name: "m.csv") }
        do { _ = try Self.read("id,centre\na,\"1,2\"\n", name: "m.csv") } catch let e as RequestError {
            #expect(e.reasonText(naming: \.description).hasSuffix("m.csv:1: unknown column 'centre' (see the manifest fields in docs/batch.md)"))
        }
    }

    /// Item fields override the defaults; relative paths are relative to the manifest.
    @Test func itemsStartFromTheDefaults() throws {
        var defaults = MapRequest()
        defaults.size = ImageSize(width: 320, height: 200)
        defaults.style.sprite = "/abs/sprite"
        let (items, _, folder) = try Self.read(#"{"id": "a", "tracks": ["walk.gpx"], "scale": 2, "style": "styles/mine.json"}"#, defaults: defaults)
        let r = try #require(items.first?.request)
        #expect(r.size == ImageSize(width: 320, height: 200) && r.pixelRatio == 2 && r.style.sprite == "/abs/sprite")
        #expect(r.overlays.trackFiles == [folder + "/walk.gpx"])
        #expect(r.style.style == .file(folder + "/styles/mine.json"))
        #expect(r.framing == .fit(padding: 40, fallbackMeters: 800), "a track without a center is fitted")
    }
}
