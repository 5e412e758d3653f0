import Foundation

/// PMTiles archives and the new output formats, hostile: not files, truncated, header values no
/// reader can use, directories that loop or do not decompress as their header says, a run of 2³²-1
/// tiles; numbers out of range for `--quality`; and outputs that cannot be written. Every one is a
/// one-line error naming the input, a map, or an archive.
enum PMTilesCases {
    static let all = archives + outputs + values

    static let path = "{in}/t.pmtiles"
    static let regressions = "{root}/Tests/FuzzRegressions/pmtiles"
    static func fixture(_ name: String) -> @Sendable (Scratch) throws -> Void { { try $0.copy("\(regressions)/\(name)", path) } }
    static func snap(_ more: String...) -> [String] { Cmd.snap(["--tiles", path, "--center", "43.7360,7.4260", "--zoom", "15"] + more) }

    static let archives: [HostileCase] = [
        .init("pmtiles-missing", snap(), .badInput(["--tiles", path, "no such file"])),
        .init("pmtiles-fifo", snap(), .badInput(["--tiles", path, ArchiveCases.isFIFO]), fixture: { try $0.fifo(path) }).timeout(15),
        .init("pmtiles-folder", snap(), .badInput(["--tiles", path]), fixture: { try $0.folder(path) }),
        .init("pmtiles-empty", snap(), .badInput(["--tiles", path]), fixture: { try $0.write(path, "") }),
        .init("pmtiles-text", snap(), .badInput(["--tiles", path]), fixture: { try $0.write(path, "PMTiles? no.\n") }),
        .init("pmtiles-truncated-header", snap(), .badInput(["--tiles", path]),
              fixture: { s in try fixture("accepted-monaco-z0-z5.pmtiles")(s); try s.truncate(path, to: 100) }),
        // A tile the archive cannot read fails the render (exit 1), naming the archive.
        .init("pmtiles-truncated-tiles", snap(), .either(.badInput(["--tiles", path]), .failure([path])),
              fixture: { s in try fixture("accepted-monaco-z0-z5.pmtiles")(s); try s.truncate(path, to: 1000) }),
        // The header says brotli; the root directory is five plain bytes.
        .init("pmtiles-brotli", snap(), .badInput(["--tiles", path, "the root directory is corrupt: brotli stream"]),
              fixture: fixture("brotli-directories.pmtiles")),
        .init("pmtiles-brotli-archive", snap(), .fine(outputs: ["map.png"]), fixture: fixture("accepted-monaco-z0-z5-brotli.pmtiles")),
        .init("pmtiles-zstd-archive", snap(), .fine(outputs: ["map.png"]), fixture: fixture("accepted-monaco-z0-z5-zstd.pmtiles")),
        .init("pmtiles-tile-type-200", snap(), .badInput(["--tiles", path, "tile type 200 is none of the spec's 0...6"]),
              fixture: fixture("tile-type-200.pmtiles")),
        .init("pmtiles-leaf-loop", snap(), .either(.badInput(["--tiles", path]), .failure([path, "leaf directory"])),
              fixture: fixture("leaf-refers-to-itself.pmtiles")),
        .init("pmtiles-4-billion-entries", snap(), .badInput(["--tiles", path]), fixture: fixture("root-claims-4-billion-entries.pmtiles")),
        .init("convert-input-fifo", ["convert", path, "{out}/c.mbtiles"], .badInput([path, ArchiveCases.isFIFO]),
              fixture: { try $0.fifo(path) }).timeout(15),
        .init("convert-input-missing", ["convert", path, "{out}/c.mbtiles"], .badInput([path, "no such file"])),
        .init("convert-input-brotli", ["convert", path, "{out}/c.mbtiles"], .badInput([path, "brotli"]), fixture: fixture("brotli-directories.pmtiles")),
        .init("merge-input-pmtiles-text", ["merge", path, "-o", "{out}/all.pmtiles"], .badInput([path]),
              fixture: { try $0.write(path, "PMTiles? no.\n") }),
    ] + runs

    /// One directory entry claiming 2³²-1 tiles (a 238-byte file): kept as one run in a PMTiles, in
    /// moments and little memory; refused up front for an MBTiles or a folder, which store every
    /// tile (it once listed every id: 3.3 GB, then a fatal allocation failure, or copied for hours).
    static let runs: [HostileCase] = [
        .init("convert-run-of-4-billion-tiles-to-mbtiles", ["convert", path, "{out}/c.mbtiles"], .badInput([path, "more than 400000000 tiles"]),
              fixture: fixture("run-of-4-billion-tiles.pmtiles")).memoryLimit(mib: 1024).timeout(20),
        .init("convert-run-of-4-billion-tiles-to-folder", ["convert", path, "{out}/c/"], .badInput([path, "more than 400000000 tiles"]),
              fixture: fixture("run-of-4-billion-tiles.pmtiles")).memoryLimit(mib: 1024).timeout(20),
        .init("convert-run-of-4-billion-tiles-to-pmtiles", ["convert", path, "{out}/c.pmtiles"], .fine(outputs: ["c.pmtiles"]),
              fixture: fixture("run-of-4-billion-tiles.pmtiles")).memoryLimit(mib: 1024).timeout(20),
        .init("merge-run-of-4-billion-tiles-to-mbtiles", ["merge", path, "-o", "{out}/all.mbtiles"], .badInput([path, "more than 400000000 tiles"]),
              fixture: fixture("run-of-4-billion-tiles.pmtiles")).memoryLimit(mib: 1024).timeout(20),
        .init("merge-run-of-4-billion-tiles-to-pmtiles", ["merge", path, "-o", "{out}/all.pmtiles"], .fine(outputs: ["all.pmtiles"]),
              fixture: fixture("run-of-4-billion-tiles.pmtiles")).memoryLimit(mib: 1024).timeout(20),
        .init("snapshot-run-of-4-billion-png-tiles-as-vector-data", snap(), .badInput(["--tiles", path, "raster tiles (png)"]),
              fixture: fixture("run-of-4-billion-tiles.pmtiles")).memoryLimit(mib: 1024).timeout(20),
    ]

    static let outputs: [HostileCase] = [
        .init("tiles-output-pmtiles-is-a-fifo", Cmd.tiles(into: "{out}/t.pmtiles"), .badInput(["{out}/t.pmtiles", ArchiveCases.isFIFO]),
              fixture: { try $0.fifo("{out}/t.pmtiles") }).timeout(15),
        .init("tiles-output-pmtiles-is-garbage", Cmd.tiles(into: "{out}/t.pmtiles"), .badInput(["{out}/t.pmtiles"]),
              fixture: { try $0.write("{out}/t.pmtiles", "not an archive") }),
        .init("convert-output-exists", ["convert", "{data}/monaco.mbtiles", "{out}/c.pmtiles"], .badInput(["{out}/c.pmtiles", "already exists"]),
              fixture: { try $0.write("{out}/c.pmtiles", "mine") }),
        .init("convert-output-folder-missing", ["convert", "{data}/monaco.mbtiles", "{out}/no/such/c.pmtiles"], .badInput(["{out}/no/such/c.pmtiles"])),
        .init("snapshot-webp-too-wide", Cmd.snap("--size", "9000x100", "--scale", "2", "--format", "webp").map { $0 == "{out}/map.png" ? "{out}/map.webp" : $0 },
              .badInput(["--format", "16383"])),
    ]

    static let values: [HostileCase] = [
        .init("quality-nan", Cmd.snap("--quality", "nan").map { $0 == "{out}/map.png" ? "{out}/map.webp" : $0 }, .badInput(["--quality", "nan"])),
        .init("quality-1e308", Cmd.snap("--quality", "1e308").map { $0 == "{out}/map.png" ? "{out}/map.jpg" : $0 }, .badInput(["--quality", "1e308"])),
        .init("quality-negative", Cmd.snap("--quality", "-5").map { $0 == "{out}/map.png" ? "{out}/map.jpg" : $0 }, .badInput(["--quality"])),
        .init("format-empty", Cmd.snap("--format", ""), .badInput(["--format"])),
        .init("png-palette-trailing-comma", Cmd.snap("--png", "palette,"), .badInput(["--png"])),
        .init("tiles-quality-with-png", Cmd.tiles("--quality", "80"), .badInput(["--quality", "webp and jpeg"])),
        .init("serve-format-gif", ["serve", "--format", "gif", "--port", "0"], .badInput(["--format", "gif"])),
    ]
}
