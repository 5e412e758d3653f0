/// Style files that are broken, absurdly deep, or ask for values no canvas can draw. Values the
/// spec allows (any number for a width) are clamped to what can be drawn, never a trap.
enum StyleCases {
    static let all = files + values + sources

    static let path = "{in}/s.json"
    static let snap = Cmd.snap("--style", path, "--center", "43.7360,7.4260", "--zoom", "16")
    static func text(_ t: String) -> @Sendable (Scratch) throws -> Void { { try $0.write(path, t) } }
    static func layers(_ l: String..., root: String = "") -> @Sendable (Scratch) throws -> Void {
        { try $0.style(path, layers: l, root: root) }
    }
    static func road(paint: String, layout: String = "{}") -> String {
        #"{"id": "roads", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "paint": \#(paint), "layout": \#(layout)}"#
    }
    static func labels(layout: String, layer: String = "poi") -> String {
        #"{"id": "labels", "type": "symbol", "source": "openmaptiles", "source-layer": "\#(layer)", "layout": \#(layout)}"#
    }
    static func pois(paint: String) -> String {
        #"{"id": "pois", "type": "circle", "source": "openmaptiles", "source-layer": "poi", "paint": \#(paint)}"#
    }
    static let deepArrays: String = #"{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "background", "filter": "#
        + String(repeating: "[", count: 100_000)
    /// A sum of 2,000 nested "+" expressions: valid, but deep.
    static let deepSum: String = {
        let open: String = String(repeating: #"["+", 1, "#, count: 2_000)
        let close: String = String(repeating: "]", count: 2_000)
        return #"{"line-width": "# + open + "1" + close + "}"
    }()
    static let invalidUTF8: [UInt8] = {
        let head: [UInt8] = Array(#"{"version": 8, "name": "a"#.utf8), tail: [UInt8] = Array(#"", "sources": {}, "layers": []}"#.utf8)
        return head + [0xFF, 0xFE] + tail
    }()
    static func waterLayer(_ i: Int) -> String {
        ##"{"id": "w\##(i)", "type": "fill", "source": "openmaptiles", "source-layer": "water", "paint": {"fill-color": "#3366aa"}}"##
    }
    /// Drawn, or refused naming the style file: either keeps the contract.
    static let drawnOrRefused = HostileCase.Expect.either(Cmd.map, .badInput(["--style", path]))

    static let files: [HostileCase] = [
        .init("style-invalid-json", snap, .badInput(["--style", path, "line‖column"]), fixture: text(#"{"version": 8, "layers": [}"#)),
        .init("style-empty-file", snap, .badInput(["--style", path]), fixture: text("")),
        .init("style-deep-arrays", snap, .badInput(["--style", path]),
              fixture: text(deepArrays)),
        .init("style-deep-objects", snap, .badInput(["--style", path]),
              fixture: text(String(repeating: #"{"a":"#, count: 100_000))),
        .init("style-deep-valid-expression", snap, drawnOrRefused,
              fixture: layers(road(paint: deepSum))),
        .init("style-invalid-utf8", snap, .badInput(["--style", path]),
              fixture: { try $0.write(path, bytes: invalidUTF8) }),
        .init("style-fifo", snap, .badInput(["--style", path, "FIFO‖named pipe"]), fixture: { try $0.fifo(path) }).timeout(15),
        .init("style-folder", snap, .badInput(["--style", path, "folder"]), fixture: { try $0.folder(path) }),
        .init("style-dev-zero", Cmd.snap("--style", "/dev/zero"), .badInput(["--style", "/dev/zero", "device"])),
        .init("style-not-an-object", snap, .badInput(["--style", path]), fixture: text("[1, 2, 3]")),
        .init("style-10000-layers", snap, Cmd.map,
              fixture: { s in try s.style(path, layers: (0..<10_000).map(waterLayer)) }).timeout(120),
        .init("style-wrong-arity-names-json-path", snap, .badInput(["--style‖{in}/s.json", "layers[1]"]), fixture: layers(road(paint: #"{"line-width": ["get"]}"#))),
    ]

    static let values: [HostileCase] = [
        // One letter and 100,000 combining marks (shaping a cluster grows faster than its length):
        // cut to 1,000 characters with a warning, drawn at once, by system fonts and at text-size 2048.
        .init("label-of-100000-combining-marks", snap, .fine(outputs: ["map.png"], warning: ["labels", "1000 characters"]),
              fixture: text(#"{"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Feature", "properties": {"name": "a"#
                            + String(repeating: "\\u0301", count: 100_000)
                            + #""}, "geometry": {"type": "Point", "coordinates": [7.426, 43.736]}}}}, "layers": [{"id": "labels", "type": "symbol", "source": "p", "layout": {"text-field": ["get", "name"], "text-size": 2048}}]}"#)).timeout(30),
        .init("line-width-1e20", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": 1e20}"#))),
        .init("line-width-1e308-by-expression", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": ["*", 1e308, 10]}"#))),
        .init("line-width-negative", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": -5}"#))),
        .init("line-width-1e400", snap, drawnOrRefused, fixture: layers(road(paint: #"{"line-width": 1e400}"#))),
        .init("line-offset-1e20", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": 2, "line-offset": 1e20}"#))),
        .init("line-gap-width-1e20", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": 2, "line-gap-width": 1e20}"#))),
        .init("line-blur-1e20", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": 2, "line-blur": 1e20}"#))),
        .init("line-dasharray-tiny", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": 2, "line-dasharray": [1e-20, 1e-20]}"#))).timeout(60),
        .init("line-dasharray-huge", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": 2, "line-dasharray": [1e20, 1]}"#))),
        .init("line-translate-1e20", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": 2, "line-translate": [1e20, -1e20]}"#))),
        .init("line-miter-limit-1e20", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": 20}"#, layout: #"{"line-join": "miter", "line-miter-limit": 1e20}"#))),
        .init("fill-translate-1e20", snap, Cmd.map,
              fixture: layers(#"{"id": "w", "type": "fill", "source": "openmaptiles", "source-layer": "water", "paint": {"fill-translate": [1e20, 1e20]}}"#)),
        .init("circle-radius-1e20", snap, Cmd.map, fixture: layers(pois(paint: #"{"circle-radius": 1e20}"#))),
        .init("circle-blur-1e20", snap, Cmd.map, fixture: layers(pois(paint: #"{"circle-radius": 5, "circle-blur": 1e20, "circle-stroke-width": 1e20}"#))),
        .init("text-size-1e20", snap, Cmd.map, fixture: layers(labels(layout: #"{"text-field": "{name}", "text-size": 1e20}"#))),
        .init("text-size-100000", snap, Cmd.map, fixture: layers(labels(layout: #"{"text-field": "{name}", "text-size": 100000}"#))).timeout(60),
        .init("text-letter-spacing-1e20", snap, Cmd.map, fixture: layers(labels(layout: #"{"text-field": "{name}", "text-letter-spacing": 1e20}"#))),
        .init("text-max-width-zero", snap, Cmd.map, fixture: layers(labels(layout: #"{"text-field": "{name}", "text-max-width": 0}"#))),
        .init("format-font-scale-1e308-and-nan", snap, Cmd.map, fixture: layers(labels(layout:
            #"{"text-field": ["format", ["get", "name"], {"font-scale": 1e308}, " ", {}, "x", {"font-scale": ["/", 0, 0], "text-color": "red"}]}"#))),
        .init("text-writing-mode-vertical-latin", snap, Cmd.map, fixture: layers(labels(layout:
            #"{"text-field": "{name}", "text-writing-mode": ["vertical", "horizontal"]}"#))),
        .init("text-line-height-1e20", snap, Cmd.map, fixture: layers(labels(layout: #"{"text-field": "{name}\n{name}", "text-line-height": 1e20}"#))),
        .init("text-offset-1e20", snap, Cmd.map, fixture: layers(labels(layout: #"{"text-field": "{name}", "text-offset": [1e20, -1e20]}"#))),
        .init("text-padding-1e20", snap, Cmd.map, fixture: layers(labels(layout: #"{"text-field": "{name}", "text-padding": 1e20}"#))),
        .init("text-halo-width-1e20", snap, Cmd.map,
              fixture: layers(#"{"id": "labels", "type": "symbol", "source": "openmaptiles", "source-layer": "poi", "layout": {"text-field": "{name}"}, "paint": {"text-halo-width": 1e20, "text-halo-color": "white"}}"#)),
        .init("text-field-100k-characters", snap, drawnOrRefused,
              fixture: layers(labels(layout: #"{"text-field": ""# + String(repeating: "W", count: 100_000) + #""}"#))).timeout(60),
        .init("symbol-spacing-tiny-along-lines", snap, Cmd.map,
              fixture: layers(labels(layout: #"{"text-field": "{name}", "symbol-placement": "line", "symbol-spacing": 1e-20, "text-allow-overlap": true}"#, layer: "transportation_name")))
            .timeout(60),
        .init("icon-size-1e20", snap, Cmd.map, fixture: layers(labels(layout: #"{"icon-image": "poi-dot-dark", "icon-size": 1e20}"#),
                                                                root: #""sprite": "\#(Scratch.styles.path)/sprite/mapsnap""#)),
        .init("zoom-stops-1e308", snap, Cmd.map, fixture: layers(road(paint: #"{"line-width": {"stops": [[-1e308, 1], [1e308, 1e20]]}}"#))),
        .init("interpolate-exponential-base-1e308", snap, Cmd.map,
              fixture: layers(road(paint: #"{"line-width": ["interpolate", ["exponential", 1e308], ["zoom"], 0, 1, 24, 1e20]}"#))),
        .init("root-center-1e308", Cmd.snap("--style", path), drawnOrRefused, fixture: layers(root: #""center": [1e308, 1e308], "zoom": 14"#)),
        .init("root-zoom-1e308", Cmd.snap("--style", path), drawnOrRefused, fixture: layers(root: #""center": [7.426, 43.736], "zoom": 1e308"#)),
        .init("root-zoom-negative", Cmd.snap("--style", path), drawnOrRefused, fixture: layers(root: #""center": [7.426, 43.736], "zoom": -1e308"#)),
        .init("root-bearing-1e308", Cmd.snap("--style", path), drawnOrRefused, fixture: layers(root: #""center": [7.426, 43.736], "zoom": 14, "bearing": 1e308"#)),
    ]

    static let sources: [HostileCase] = [
        .init("style-source-fifo", snap, .badInput(["--style‖openmaptiles", "{in}/pipe.mbtiles", "FIFO‖named pipe"]),
              fixture: { s in try s.fifo("{in}/pipe.mbtiles"); try s.write(path, source(#""url": "mbtiles://\#(s.resolve("{in}/pipe.mbtiles"))""#)) })
            .timeout(15),
        .init("style-source-missing-not-blamed-on-tiles", snap, .badInput(["--style‖openmaptiles", "{in}/missing.mbtiles"]),
              fixture: { s in try s.write(path, source(#""url": "mbtiles://\#(s.resolve("{in}/missing.mbtiles"))""#)) })
            .check { _, o in o.stderr.contains("--tiles") ? ["the message blames --tiles, which was not given"] : [] },
        .init("style-source-dev-zero", snap, .badInput(["--style‖openmaptiles", "/dev/zero", "device"]),
              fixture: { s in try s.write(path, source(#""url": "mbtiles:///dev/zero""#)) }),
        .init("style-source-folder-of-nothing", snap, .badInput(["--style‖openmaptiles", "{in}/empty"]),
              fixture: { s in try s.folder("{in}/empty"); try s.write(path, source(#""url": "mbtiles://\#(s.resolve("{in}/empty"))""#)) }),
        .init("style-geojson-source-fifo", snap, .badInput(["--style‖pins", "{in}/pipe.geojson", "FIFO‖named pipe"]),
              fixture: { s in try s.fifo("{in}/pipe.geojson"); try s.write(path, geojsonSource(#""\#(s.resolve("{in}/pipe.geojson"))""#)) })
            .timeout(15),
        .init("style-geojson-source-lat-1e308", snap,
              .either(Cmd.map, .badInput(["--style‖pins", "90‖latitude"])),
              fixture: { s in try s.write(path, geojsonSource(#"{"type": "Point", "coordinates": [7.42, 1e308]}"#)) }),
        .init("style-geojson-source-100000-points", snap, drawnOrRefused,
              fixture: { s in
                  let coords = (0..<100_000).map { i in "[7.4\(i % 1000),43.7\(i % 997)]" }.joined(separator: ",")
                  try s.write(path, geojsonSource(#"{"type": "LineString", "coordinates": [\#(coords)]}"#))
              }).timeout(60),
        .init("style-source-remote-unmapped", snap, .badInput(["openmaptiles", "https://"]),
              fixture: { s in try s.write(path, source(#""url": "https://example.com/tiles.json""#)) }),
    ]

    /// A style whose one vector source is described by `members`, with a water layer.
    static func source(_ members: String) -> String {
        #"""
        {"version": 8, "sources": {"openmaptiles": {"type": "vector", \#(members)}},
         "layers": [{"id": "water", "type": "fill", "source": "openmaptiles", "source-layer": "water"}]}
        """#
    }

    /// A style whose GeoJSON source `pins` has `data` (an object or a quoted path).
    static func geojsonSource(_ data: String) -> String {
        #"""
        {"version": 8, "sources": {"pins": {"type": "geojson", "data": \#(data)}},
         "layers": [{"id": "bg", "type": "background"}, {"id": "pins", "type": "line", "source": "pins", "paint": {"line-width": 3}}]}
        """#
    }
}
