import Foundation

/// MBTiles archives that are not what they claim: missing, not files, not SQLite, broken SQLite,
/// hostile metadata; given to every command that reads one.
enum ArchiveCases {
    static let all = notFiles + brokenSQLite + metadata + otherCommands

    static let path = "{in}/t.mbtiles"
    static let fifo: @Sendable (Scratch) throws -> Void = { try $0.fifo(path) }
    /// Monaco at zoom 15, from the case's archive.
    static func snapTiles(_ archive: String = path, _ more: String...) -> [String] {
        Cmd.snap(["--tiles", archive, "--center", "43.7360,7.4260", "--zoom", "15"] + more)
    }
    static let isFIFO = "FIFO‖named pipe"

    static let notFiles: [HostileCase] = [
        .init("tiles-missing", snapTiles(), .badInput(["--tiles", path, "no such file"])),
        .init("tiles-empty-folder", snapTiles("{in}/empty"), .badInput(["--tiles", "{in}/empty"]),
              fixture: { try $0.folder("{in}/empty") }),
        .init("tiles-folder-named-mbtiles", snapTiles(), .badInput(["--tiles", path, "folder"]),
              fixture: { try $0.folder(path) }),
        .init("tiles-fifo", snapTiles(), .badInput(["--tiles", path, isFIFO]), fixture: fifo).timeout(15),
        .init("tiles-dev-zero", snapTiles("/dev/zero"), .badInput(["--tiles", "/dev/zero", "device"])),
        .init("tiles-symlink-loop", snapTiles(), .badInput(["--tiles", path]),
              fixture: { s in try FileManager.default.createSymbolicLink(atPath: s.resolve(path), withDestinationPath: s.resolve(path)) }),
        .init("tiles-folder-with-a-fifo", snapTiles("{in}/dir"),
              .either(.fine(outputs: ["map.png"], warning: ["{in}/dir/b.mbtiles", isFIFO]), .badInput(["--tiles", "{in}/dir/b.mbtiles", isFIFO])),
              fixture: { s in try s.folder("{in}/dir"); try s.copy("{data}/monaco.mbtiles", "{in}/dir/a.mbtiles"); try s.fifo("{in}/dir/b.mbtiles") })
            .timeout(15),
        .init("tiles-folder-with-garbage", snapTiles("{in}/dir"),
              .either(.fine(outputs: ["map.png"], warning: ["{in}/dir/b.mbtiles"]), .badInput(["--tiles", "{in}/dir/b.mbtiles"])),
              fixture: { s in try s.folder("{in}/dir"); try s.copy("{data}/monaco.mbtiles", "{in}/dir/a.mbtiles"); try s.write("{in}/dir/b.mbtiles", "not sqlite") }),
        .init("source-fifo", Cmd.snap("--source", "openmaptiles=\(path)"), .badInput(["--source", path, isFIFO]), fixture: fifo).timeout(15),
        .init("source-unknown-name", Cmd.snap("--source", "nosuch={data}/monaco.mbtiles"), .badInput(["--source", "nosuch"])),
        .init("source-without-equals", Cmd.snap("--source", "{data}/monaco.mbtiles"), .badInput(["--source", "NAME=PATH‖="])),
    ]

    static let brokenSQLite: [HostileCase] = [
        .init("tiles-empty-file", snapTiles(), .badInput(["--tiles", path]), fixture: { try $0.write(path, "") }),
        .init("tiles-text-file", snapTiles(), .badInput(["--tiles", path, "SQLite"]), fixture: { try $0.write(path, "hello\n") }),
        .init("tiles-truncated-header", snapTiles(), .badInput(["--tiles", path]),
              fixture: { s in try s.copy("{data}/monaco.mbtiles", path); try s.truncate(path, to: 60) }),
        // A tile the archive cannot read fails the render (exit 1), naming the archive.
        .init("tiles-truncated-half", snapTiles(), .either(.badInput(["--tiles", path]), .failure([path])),
              fixture: { s in try s.copy("{data}/monaco.mbtiles", path); try s.truncate(path, to: 400_000) }),
        .init("tiles-sqlite-without-tables", snapTiles(), .badInput(["--tiles", path, "tiles"]),
              fixture: { try $0.sqlite(path, "PRAGMA user_version = 7") }),
        .init("tiles-sqlite-metadata-only", snapTiles(), .badInput(["--tiles", path, "tiles"]),
              fixture: { try $0.sqlite(path, "CREATE TABLE metadata (name text, value text)", "INSERT INTO metadata VALUES ('format', 'pbf')") }),
        .init("tiles-tiles-table-wrong-columns", snapTiles(), .badInput(["--tiles", path]),
              fixture: { try $0.sqlite(path, "CREATE TABLE metadata (name text, value text)", "CREATE TABLE tiles (a, b)") }),
        .init("tiles-tile-data-integers", snapTiles(),
              .either(.fine(outputs: ["map.png"], warning: [path]), .failure([path])),
              fixture: { try $0.archive(path, sql: ["UPDATE tiles SET tile_data = 42"]) }),
    ]

    /// Metadata the archive's author (or an attacker) wrote: zooms and boxes out of range.
    static func withMetadata(_ name: String, _ value: String) -> @Sendable (Scratch) throws -> Void {
        { try $0.archive(path, sql: ["UPDATE metadata SET value = '\(value)' WHERE name = '\(name)'"]) }
    }
    /// Drawn (the bad value ignored, perhaps with a warning) or refused naming the archive.
    static let drawnOrRefused = HostileCase.Expect.either(.fine(outputs: ["map.png"]), .badInput(["--tiles", path]))

    static let metadata: [HostileCase] = [
        .init("metadata-minzoom-63", snapTiles(), drawnOrRefused, fixture: withMetadata("minzoom", "63")),
        .init("metadata-maxzoom-minus-5", snapTiles(), drawnOrRefused, fixture: withMetadata("maxzoom", "-5")),
        .init("metadata-maxzoom-huge-integer", snapTiles(), drawnOrRefused, fixture: withMetadata("maxzoom", "4611686018427387904")),
        .init("metadata-maxzoom-1e308", snapTiles(), drawnOrRefused, fixture: withMetadata("maxzoom", "1e308")),
        .init("metadata-maxzoom-word", snapTiles(), drawnOrRefused, fixture: withMetadata("maxzoom", "fourteen")),
        .init("metadata-minzoom-above-maxzoom", snapTiles(), drawnOrRefused, fixture: withMetadata("minzoom", "20")),
        .init("metadata-bounds-out-of-range", snapTiles(), drawnOrRefused, fixture: withMetadata("bounds", "-500,-100,500,100")),
        .init("metadata-bounds-nan", snapTiles(), drawnOrRefused, fixture: withMetadata("bounds", "nan,nan,nan,nan")),
        .init("metadata-bounds-1e308", snapTiles(), drawnOrRefused, fixture: withMetadata("bounds", "-1e308,-1e308,1e308,1e308")),
        .init("metadata-bounds-two-numbers", snapTiles(), drawnOrRefused, fixture: withMetadata("bounds", "7,43")),
        .init("metadata-center-1e308", ["--size", "256x256", "--tiles", path, "-o", "{out}/map.png"], drawnOrRefused,
              fixture: withMetadata("center", "1e308,1e308,1e308")),
        .init("metadata-json-garbage", snapTiles(), drawnOrRefused, fixture: withMetadata("json", "{not json")),
        .init("metadata-format-png-for-vectors", snapTiles(),
              drawnOrRefused, fixture: withMetadata("format", "png")),
        // Without --bbox a pyramid covers the data's own bounds: the metadata decides the work.
        .init("tiles-default-area-from-bounds-1e308", ["tiles", "--tiles", path, "--zoom", "10", "-o", "{out}/t.mbtiles"],
              .either(.badInput(["--tiles‖--bbox", path]), Cmd.archive), fixture: withMetadata("bounds", "-1e308,-1e308,1e308,1e308")),
        .init("tiles-default-area-from-bounds-out-of-range", ["tiles", "--tiles", path, "--zoom", "10", "-o", "{out}/t.mbtiles"],
              .either(.badInput(["--tiles‖--bbox", path]), Cmd.archive), fixture: withMetadata("bounds", "-500,-100,500,100")).timeout(20),
        .init("tiles-default-area-from-minzoom-63", ["tiles", "--tiles", path, "--zoom", "12", "-o", "{out}/t.mbtiles"],
              .either(.badInput(["--tiles", path]), Cmd.archive), fixture: withMetadata("minzoom", "63")),
    ]

    /// Monaco's archive with every tile a 1×1 PNG: images, given where vector tiles are wanted.
    static let rasterTiles: @Sendable (Scratch) throws -> Void = {
        try $0.archive(path, sql: ["UPDATE metadata SET value = 'png' WHERE name = 'format'",
                                   "UPDATE tiles SET tile_data = x'\(onePixelPNG)'"])
    }
    static let onePixelPNG = "89504e470d0a1a0a0000000d49484452000000010000000108000000003a7e9b550000000a49444154789c63f80f0001010100b138f6140000000049454e44ae426082"

    static let otherCommands: [HostileCase] = [
        // Images as the vector data: refused once, naming the archive (not a warning per tile, not "no address found").
        .init("tiles-raster-archive-as-vector-data", snapTiles(), .badInput(["--tiles", path, "raster tiles (png); give it as a raster source"]),
              fixture: rasterTiles),
        .init("geocode-raster-archive", ["geocode", "43.7365,7.4218", "--tiles", path], .badInput(["--tiles", path, "raster tiles (png)"]),
              fixture: rasterTiles),
        // Rows outside the z/x/y grid are all it holds: nothing to convert, said with the first of them.
        .init("convert-only-rows-outside-the-grid", ["convert", path, "{out}/c.pmtiles"],
              .badInput([path, "1 row outside it (the first: zoom_level 3, tile_column 9, tile_row 0)"]),
              fixture: { try $0.archive(path, sql: ["DELETE FROM tiles", "INSERT INTO tiles VALUES (3, 9, 0, x'00')"]) }),
        .init("geocode-tiles-fifo", ["geocode", "43.7365,7.4218", "--tiles", path], .badInput(["--tiles", path, isFIFO]), fixture: fifo).timeout(15),
        .init("geocode-tiles-missing", ["geocode", "43.7365,7.4218", "--tiles", path], .badInput(["--tiles", path, "no such file"])),
        .init("geocode-tiles-dev-zero", ["geocode", "43.7365,7.4218", "--tiles", "/dev/zero"], .badInput(["--tiles", "/dev/zero", "device"])),
        .init("geocode-tiles-without-tables", ["geocode", "43.7365,7.4218", "--tiles", path], .badInput(["--tiles", path]),
              fixture: { try $0.sqlite(path, "PRAGMA user_version = 7") }),
        .init("geocode-metadata-minzoom-63", ["geocode", "43.7365,7.4218", "--tiles", path],
              .either(.fine(outputs: []), .badInput(["--tiles", path])), fixture: withMetadata("minzoom", "63")),
        .init("tiles-tiles-fifo", Cmd.tiles("--tiles", path), .badInput(["--tiles", path, isFIFO]), fixture: fifo).timeout(15),
        .init("tiles-tiles-dev-zero", Cmd.tiles("--tiles", "/dev/zero"), .badInput(["--tiles", "/dev/zero", "device"])),
        .init("tiles-tiles-truncated", Cmd.tiles("--tiles", path), .badInput(["--tiles", path]),
              fixture: { s in try s.copy("{data}/monaco.mbtiles", path); try s.truncate(path, to: 60) }),
        .init("batch-item-tiles-fifo", Cmd.batch("m.jsonl"),
              .batch(exit: 1, ok: ["a"], failed: ["b": ["t.mbtiles", isFIFO]]),
              fixture: { s in
                  try s.fifo(path)
                  try s.write("{in}/m.jsonl", """
                  {"id": "a", "center": "43.7360,7.4260"}
                  {"id": "b", "center": "43.7360,7.4260", "tiles": ["t.mbtiles"]}

                  """)
              }).timeout(20),
    ]
}
