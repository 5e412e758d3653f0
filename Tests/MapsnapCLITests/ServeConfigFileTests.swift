import Foundation
@testable import MapsnapCLI
import MapsnapFormats
import MapsnapKit
import MapsnapServe
import Testing

struct ServeConfigFileTests {
    func apply(_ json: String) throws(UsageError) -> ServeInvocation {
        var c = ServeInvocation()
        try ServeConfigFile.apply(try! JSONValue.parse(json), folder: "/srv/maps", name: "serve.json", to: &c)
        return c
    }

    @Test func keysAreTheOptionNames() throws {
        let c = try apply(#"{"port": 9090, "bind": "0.0.0.0", "render-timeout": 2.5, "queue": 8, "cors": "none", "cache": "cache/", "http-model": "thread-per-connection", "tiles": ["a.mbtiles", "/abs/b.mbtiles"], "source": "openmaptiles=data/x.mbtiles"}"#)
        #expect(c.config.port == 9090 && c.config.bind == "0.0.0.0" && c.config.renderTimeout == 2.5 && c.config.renderQueue == 8)
        #expect(c.config.cors == nil && c.config.cache == "/srv/maps/cache" && c.config.http.model == .threadPerConnection)
        #expect(c.request.style.tiles == ["/srv/maps/a.mbtiles", "/abs/b.mbtiles"])
        #expect(c.request.style.sources == ["openmaptiles": "/srv/maps/data/x.mbtiles"])
    }

    @Test func stylesHaveTheirOwnData() throws {
        let c = try apply(#"{"styles": {"osm": {"style": "osm/style.json", "sources": {"openmaptiles": "monaco.mbtiles"}, "sprite": "osm/sprite", "glyphs": "fonts", "minzoom": 10, "maxzoom": 18, "bounds": [7.3, 43.7, 7.5, 43.8]}, "streets-v12": {"style": "bright"}}}"#)
        #expect(c.configStyles.map(\.id) == ["osm", "streets-v12"])
        let osm = c.configStyles[0]
        #expect(osm.selection.style == .file("/srv/maps/osm/style.json") && osm.selection.sources == ["openmaptiles": "/srv/maps/monaco.mbtiles"])
        #expect(osm.selection.sprite == "/srv/maps/osm/sprite" && osm.zooms == 10...18 && osm.bounds?.west == 7.3)
        #expect(osm.selection.glyphs == "/srv/maps/fonts")
        #expect(c.configStyles[1].selection.style == .named("bright") && c.configStyles[1].zooms == nil)
    }

    @Test(arguments: [
        (#"[]"#, "--config: serve.json: expected a JSON object, got []"),
        (#"{"prot": 1}"#, "--config: serve.json: prot: unknown setting (the settings are the long option names of `mapsnap serve --help`, and styles)"),
        (#"{"port": 70000}"#, "--config: serve.json: port: must be a whole number from 0 to 65535, got 70000"),
        (#"{"port": {}}"#, "--config: serve.json: port: expected a string, number or boolean, got an object"),
        (#"{"config": "x.json"}"#, "--config: serve.json: config: unknown setting (the settings are the long option names of `mapsnap serve --help`, and styles)"),
        (#"{"styles": {"v1": {"style": "light"}}}"#, "--config: serve.json: styles.v1: style id 'v1' is taken by the Mapbox route /styles/v1/…"),
        (#"{"styles": {"a b": {"style": "light"}}}"#, "--config: serve.json: styles.a b: style id 'a b' may hold only letters, digits, '-', '_' and '.' (at most 64)"),
        (#"{"styles": {"a": {"tiles": ["x"]}}}"#, "--config: serve.json: styles.a.style: is required (a built-in name or a style JSON file)"),
        (#"{"styles": {"a": {"style": "light", "maxzoom": 30}}}"#, "--config: serve.json: styles.a.maxzoom: must be a whole number from 0 to 24, got 30"),
        (#"{"styles": {"a": {"style": "light", "bounds": [1, 2, 3]}}}"#, "--config: serve.json: styles.a.bounds: expected [west, south, east, north], got [1, 2, 3]"),
        (#"{"styles": {"a": {"style": "light", "bounds": [1, 50, 3, 40]}}}"#, "--config: serve.json: styles.a.bounds: south 50 must be below north 40"),
        (#"{"styles": {"a": {"style": "light", "colour": "red"}}}"#, "--config: serve.json: styles.a.colour: unknown field (style, tiles, sources, sprite, glyphs, minzoom, maxzoom, bounds)"),
        (#"{"styles": {"a": {"style": "light", "sources": []}}}"#, "--config: serve.json: styles.a.sources: expected an object of source names and paths, got []"),
    ])
    func errorsNameTheFileAndKey(json: String, message: String) {
        #expect(throws: UsageError(option: "--config", message: String(message.dropFirst("--config: ".count)))) { try apply(json) }
    }
}
