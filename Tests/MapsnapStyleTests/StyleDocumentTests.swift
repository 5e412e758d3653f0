import Foundation
import Testing
@testable import MapsnapStyle
import MapsnapGeo

@Suite struct StyleDocumentTests {
    static func parse(_ text: String, file: String = "styles/x.json") -> Result<StyleDocument, StyleError> {
        do {
            return .success(try StyleDocument.parse(Data(text.utf8), baseURL: URL(fileURLWithPath: "/maps/styles"), fileName: file))
        } catch {
            return .failure(error)
        }
    }

    @Test func badEnumArrayNamesTheAllowedValues() {
        guard case .failure(let error) = Self.parse(#"""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "x"}},
         "layers": [{"id": "s", "type": "symbol", "source": "v", "layout": {"text-field": "x", "text-variable-anchor": ["nowhere"]}}]}
        """#) else { Issue.record("parsed"); return }
        #expect("\(error)".contains(#"layers[0].layout.text-variable-anchor: expected an array of items each one of "center", "left""#))
    }

    /// Every property these layers set is drawn: none is reported (symbol-z-order was, until drawn).
    @Test func drawnPropertiesRaiseNoWarning() throws {
        let style = try Self.parse(#"""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "x"}},
         "layers": [
          {"id": "s", "type": "symbol", "source": "v", "layout": {"text-field": "x", "symbol-z-order": "viewport-y", "icon-rotate": 90},
           "paint": {"icon-color": "red", "text-halo-blur": 1, "text-translate": [0, 2]}},
          {"id": "c", "type": "circle", "source": "v", "paint": {"circle-blur": 1, "circle-pitch-scale": "map"}},
          {"id": "l", "type": "line", "source": "v", "paint": {"line-blur": 1, "line-offset": 2, "line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "red", 1, "blue"]}}
         ]}
        """#).get()
        #expect(style.warnings.map(\.description) == [])
    }

    @Test func rootFields() throws {
        let style = try Self.parse(#"""
        {"version": 8, "name": "Test", "sprite": "sprites/s", "glyphs": "fonts/{fontstack}/{range}.pbf",
         "center": [7.42, 43.73], "zoom": 12.5, "bearing": 30, "metadata": {"x": 1},
         "sources": {"osm": {"type": "vector", "url": "mbtiles://../data/monaco.mbtiles", "maxzoom": 14, "attribution": "© OSM"}},
         "layers": [{"id": "bg", "type": "background"}, {"id": "water", "type": "fill", "source": "osm", "source-layer": "water", "minzoom": 2, "maxzoom": 10}]}
        """#).get()
        #expect(style.name == "Test")
        #expect(style.sprite == "sprites/s")
        #expect(style.glyphs == "fonts/{fontstack}/{range}.pbf")
        #expect(style.center == LatLon(43.73, 7.42))
        #expect(style.zoom == 12.5)
        #expect(style.bearing == 30)
        #expect(style.warnings.isEmpty)
        #expect(style.layers.map(\.id) == ["bg", "water"])
        guard case .vector(let source)? = style.sources["osm"] else { Issue.record("no source"); return }
        #expect(source.maxZoom == 14 && source.minZoom == 0)
        #expect(source.attribution == "© OSM")
        #expect(source.archivePath == "/maps/data/monaco.mbtiles")
        let water = style.layers[1]
        #expect(water.source == "osm" && water.sourceLayer == "water")
        #expect(!water.isVisible(atZoom: 1.9) && water.isVisible(atZoom: 2) && water.isVisible(atZoom: 9.99) && !water.isVisible(atZoom: 10))
    }

    @Test(arguments: [
        ("mbtiles://../data/monaco.mbtiles", "/maps/data/monaco.mbtiles"),
        ("mbtiles:///abs/path.mbtiles", "/abs/path.mbtiles"),
        ("mbtiles://data/x.mbtiles", "/maps/styles/data/x.mbtiles"),
        ("mbtiles://./x%20y.mbtiles", "/maps/styles/x y.mbtiles"),
        ("mbtiles://caf%C3%A9.mbtiles", "/maps/styles/café.mbtiles"),
        ("mbtiles://100%.mbtiles", "/maps/styles/100%.mbtiles"),     // not an escape: used as written
        ("mbtiles://%FF.mbtiles", "/maps/styles/%FF.mbtiles"),       // not UTF-8: used as written
        ("https://example.com/tiles.json", nil),
        ("pmtiles://x.pmtiles", "/maps/styles/x.pmtiles"),
        ("pmtiles:///data/planet.pmtiles", "/data/planet.pmtiles"),
        ("pmtiles://https://example.com/planet.pmtiles", nil),   // a remote archive: not read offline
    ] as [(String, String?)])
    func archivePaths(url: String, path: String?) {
        #expect(VectorSource.archivePath(fromURL: url, relativeTo: URL(fileURLWithPath: "/maps/styles")) == path)
    }

    @Test func mbtilesPathWithoutBase() {
        #expect(VectorSource.archivePath(fromURL: "mbtiles://data/x.mbtiles", relativeTo: nil) == "data/x.mbtiles")
    }

    @Test func loadResolvesAgainstTheFilesFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-style-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.json")
        try Data(#"{"version": 8, "sources": {"a": {"type": "vector", "url": "mbtiles://tiles/a.mbtiles"}, "g": {"type": "geojson", "data": "track.geojson"}}, "layers": []}"#.utf8).write(to: file)
        let style = try StyleDocument.load(contentsOf: file)
        guard case .vector(let a)? = style.sources["a"], case .geojson(let g)? = style.sources["g"] else { Issue.record("sources"); return }
        #expect(a.archivePath == folder.appendingPathComponent("tiles/a.mbtiles").standardizedFileURL.path)
        #expect(g.data == .url("track.geojson"))
        #expect(g.fileURL?.path == folder.appendingPathComponent("track.geojson").standardizedFileURL.path)
    }

    @Test func geojsonInline() throws {
        let style = try Self.parse(#"{"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [1, 2]}}}, "layers": [{"id": "c", "type": "circle", "source": "g"}]}"#).get()
        guard case .geojson(let g)? = style.sources["g"], case .inline(let data) = g.data else { Issue.record("no inline data"); return }
        #expect(data.objectValue?["type"] == .string("Point"))
        #expect(g.fileURL == nil)
    }

    /// Every problem is reported, with its path, not just the first.
    @Test func errorsAreCollected() {
        let result = Self.parse(#"""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "x"}},
         "layers": [
          {"id": "a", "type": "line", "source": "v", "paint": {"line-width": "wide", "line-color": "#zzz"}},
          {"id": "b", "type": "fill", "source": "nowhere", "filter": ["==", ["get", "x"]]},
          {"id": "c", "type": "line", "source": "v", "paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 5, 1, 10, "wide"]}},
          {"id": "a", "type": "wat", "source": "v"}
         ]}
        """#)
        let expected: [StyleIssue] = [
            StyleIssue(path: "layers[0].paint.line-color", message: "expected a color, got \"#zzz\""),
            StyleIssue(path: "layers[0].paint.line-width", message: "expected a number, got \"wide\""),
            StyleIssue(path: "layers[1].source", message: "source \"nowhere\" not found"),
            StyleIssue(path: "layers[1].filter", message: "Expected two or three arguments."),
            StyleIssue(path: "layers[2].paint.line-width[6]", message: "Expected number but found string instead."),
            StyleIssue(path: "layers[3].id", message: "duplicate layer id \"a\""),
            StyleIssue(path: "layers[3].type", message: "unknown layer type \"wat\""),
        ]
        guard case .failure(.invalid(let file, let issues)) = result else { Issue.record("expected errors"); return }
        #expect(file == "styles/x.json")
        #expect(issues == expected)
        #expect(StyleError.invalid(file: file, issues: issues).description
            == "styles/x.json: layers[0].paint.line-color: expected a color, got \"#zzz\" (and 6 more)")
    }

    @Test func threeErrorsReportThree() {
        let result = Self.parse(#"""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "x"}},
         "layers": [
          {"id": "a", "type": "line", "source": "v", "layout": {"line-cap": "flat"}},
          {"id": "b", "type": "symbol", "source": "v", "layout": {"text-size": ["+", 1, "x"]}},
          {"id": "c", "type": "circle", "source": "v", "paint": {"circle-radius": {"stops": [[1, 1], [0, 2]]}}}
         ]}
        """#)
        #expect(throws: StyleError.invalid(file: "styles/x.json", issues: [
            StyleIssue(path: "layers[0].layout.line-cap", message: "expected one of \"butt\", \"round\", \"square\", got \"flat\""),
            StyleIssue(path: "layers[1].layout.text-size[2]", message: "Expected number but found string instead."),
            StyleIssue(path: "layers[2].paint.circle-radius.stops[1][0]", message: "stop zoom values must appear in ascending order"),
        ])) { try result.get() }
    }

    @Test(arguments: [
        (#"{"version": 7, "sources": {}, "layers": []}"#, "styles/x.json: version: expected 8, got 7"),
        (#"{"version": 8, "layers": []}"#, "styles/x.json: missing required property \"sources\""),
        (#"{"version": 8, "sources": {}, "layers": [{"type": "fill", "source": "v"}]}"#, "styles/x.json: layers[0]: missing required property \"id\" (and 1 more)"),
        (#"{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "line"}]}"#, "styles/x.json: layers[0]: missing required property \"source\""),
        (#"{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "background", "layout": {"visibility": "hidden"}}]}"#, "styles/x.json: layers[0].layout.visibility: expected one of \"visible\", \"none\", got \"hidden\""),
        (#"{"version": 8, "sources": {"v": {"type": "vector"}}, "layers": []}"#, "styles/x.json: sources.v: a vector source needs \"url\" or \"tiles\""),
        (#"{"version": 8, "sources": {}, "layers": [], "center": [200, 0]}"#, "styles/x.json: center: expected [longitude, latitude] in degrees, got [200,0]"),
        (#"[1]"#, "styles/x.json: expected a style object, got array"),
        ("{\"version\": 8,\n \"sources\": {,}}",
         "styles/x.json: not valid JSON: line 2, column 14: expected an object key (a string in double quotes), found ','"),
        ("{\"version\": 8, \"layers\": [],}",
         "styles/x.json: not valid JSON: line 1, column 29: expected an object key after ',', found '}' (trailing commas are not allowed)"),
        ("", "styles/x.json: not valid JSON: line 1, column 1: expected a value, found the end of the input"),
    ])
    func errorDescriptions(text: String, description: String) {
        guard case .failure(let error) = Self.parse(text) else { Issue.record("no error"); return }
        #expect(error.description == description)
    }

    @Test func unreadableFile() {
        #expect(throws: StyleError.unreadable(file: "/nonexistent/style.json", reason: "no such file")) {
            try StyleDocument.load(contentsOf: URL(fileURLWithPath: "/nonexistent/style.json"))
        }
        #expect(StyleError.unreadable(file: "a.json", reason: "no such file").description == "a.json: cannot read the style: no such file")
    }

    /// Unsupported things are warnings (never silent, never fatal), one per layer and property.
    @Test func warnings() throws {
        let style = try Self.parse(#"""
        {"version": 8, "pitch": 75, "sources": {"v": {"type": "vector", "url": "x"}, "r": {"type": "raster-dem", "url": "y"}},
         "layers": [
          {"id": "a", "type": "fill", "source": "v", "paint": {"fill-color": ["global-state", "c"], "fill-extrusion-height": 3, "fill-color-transition": {"duration": 0}}},
          {"id": "b", "type": "hillshade", "source": "r"},
          {"id": "c", "type": "line", "source": "v", "filter": ["<", ["distance", {"type": "Point", "coordinates": [0, 0]}], 5], "layout": {"text-field": "x"}}
         ]}
        """#).get()
        #expect(style.warnings.map(\.description) == [
            "sources.r.type: source type \"raster-dem\" is not supported; layers using it are not drawn",
            "layers[0].paint.fill-color: unsupported expression operator \"global-state\"; the property uses its default value",
            "layers[0].paint.fill-extrusion-height: property \"fill-extrusion-height\" does not apply to fill layers (it is a property of fill-extrusion layers); ignored",
            "layers[1].type: layer type \"hillshade\" is not supported (raster-dem sources are not read yet); the layer is not drawn",
            "layers[2].filter: unsupported expression operator \"distance\"; the filter matches no feature",
            "layers[2].layout.text-field: property \"text-field\" does not apply to line layers (it is a property of symbol layers); ignored",
        ])
        #expect(style.pitch == 60)   // clamped, as MapLibre clamps it
        guard case .fill(let fill) = style.layers[0].kind else { Issue.record("not fill"); return }
        #expect(fill.color.constantValue == .black)
        guard case .unsupported(let type) = style.layers[1].kind else { Issue.record("not unsupported"); return }
        #expect(type == "hillshade")
        #expect(style.layers[2].filter?.matches(MockFeature(), zoom: 1) == false)
    }

    /// A property that is read but not drawn warns, naming the layer; its default value does not.
    @Test func readButNotDrawnWarns() throws {
        let style = try Self.parse(#"""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "x"}},
         "layers": [
          {"id": "a", "type": "symbol", "source": "v", "layout": {"symbol-avoid-edges": true}},
          {"id": "b", "type": "symbol", "source": "v", "layout": {"symbol-avoid-edges": false}}
         ]}
        """#).get()
        #expect(style.warnings.map(\.description) == [
            "layers[0].layout.symbol-avoid-edges: property \"symbol-avoid-edges\" is not drawn by mapsnap "
                + "(symbols are placed across tile edges); ignored",
        ])
    }

    /// Raster sources and layers are read with their paint properties (none warned about).
    @Test func rasterSourcesAndLayers() throws {
        let style = try Self.parse(#"""
        {"version": 8, "sources": {"sat": {"type": "raster", "url": "mbtiles://sat.mbtiles", "tileSize": 256},
                                   "bad": {"type": "raster", "tiles": ["x/{z}/{x}/{y}.png"], "tileSize": 300}},
         "layers": [{"id": "s", "type": "raster", "source": "sat", "paint": {"raster-opacity": 0.5, "raster-saturation": -1,
           "raster-contrast": 0.2, "raster-hue-rotate": 90, "raster-brightness-min": 0.1, "raster-brightness-max": 0.9,
           "raster-resampling": "nearest", "raster-fade-duration": 0}}]}
        """#)
        guard case .failure(let error) = style else { Issue.record("a tileSize of 300 is refused"); return }
        #expect("\(error)".contains("sources.bad.tileSize: expected 256 or 512, got 300"))
        let good = try Self.parse(#"""
        {"version": 8, "sources": {"sat": {"type": "raster", "url": "mbtiles://sat.mbtiles", "tileSize": 256}},
         "layers": [{"id": "s", "type": "raster", "source": "sat", "paint": {"raster-opacity": 0.5, "raster-saturation": -1,
           "raster-resampling": "nearest", "raster-fade-duration": 0}}]}
        """#).get()
        #expect(good.warnings.isEmpty, "\(good.warnings)")
        guard case .raster(let source)? = good.sources["sat"] else { Issue.record("not a raster source"); return }
        #expect(source.tileSize == 256 && source.location.archivePath == "/maps/styles/sat.mbtiles")
        guard case .raster(let layer) = good.layers[0].kind else { Issue.record("not a raster layer"); return }
        #expect(layer.opacity.constantValue == 0.5 && layer.saturation.constantValue == -1 && layer.resampling.constantValue == .nearest)
    }

    @Test func visibility() throws {
        let style = try Self.parse(#"{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "background", "layout": {"visibility": "none"}}]}"#).get()
        #expect(!style.layers[0].visible)
        #expect(!style.layers[0].isVisible(atZoom: 5))
    }
}

/// MapLibre's grouping of layers by layout: symbol layers alike in it share their placement.
@Suite struct LayoutKeyTests {
    @Test func layersAlikeInLayoutShareTheirKey() throws {
        let style = try StyleDocumentTests.parse(#"""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "x"}},
         "layers": [
          {"id": "a", "type": "symbol", "source": "v", "source-layer": "poi", "layout": {"text-field": "x"}, "paint": {"text-color": "red"}},
          {"id": "b", "type": "symbol", "source": "v", "source-layer": "poi", "layout": {"text-field": "x"}, "paint": {"text-color": "blue"}},
          {"id": "c", "type": "symbol", "source": "v", "source-layer": "poi", "filter": ["has", "name"], "layout": {"text-field": "x"}},
          {"id": "d", "type": "symbol", "source": "v", "source-layer": "poi", "layout": {"text-field": "y"}},
          {"id": "e", "type": "symbol", "source": "v", "source-layer": "poi", "minzoom": 3, "layout": {"text-field": "x"}}
         ]}
        """#).get()
        let keys = style.layers.map(\.layoutKey)
        #expect(!keys[0].isEmpty)
        #expect(keys[0] == keys[1])        // paint differs only
        #expect(Set(keys).count == 4)      // filter, layout and zoom range each tell them apart
    }
}
