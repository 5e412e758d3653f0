import Foundation

/// Tile pyramids: plans too big to finish, resumes and merges that would mix tiles of different
/// kinds, hard kills, and the rule that a tile is a function of its z/x/y, the style and the data.
enum PyramidCases {
    static let all = plans + resumes + merges + kills

    static let world = "-180,-85,180,85"

    static let plans: [HostileCase] = [
        .init("world-at-zoom-24", ["tiles", "--bbox", world, "--zoom", "24", "-o", "{out}/t.mbtiles"],
              .badInput(["--zoom‖--bbox‖--yes", "tiles"])).timeout(20),
        .init("world-zoom-0-10-needs-yes", ["tiles", "--bbox", world, "--zoom", "0-10", "-o", "{out}/t.mbtiles"], .badInput(["--yes"])).timeout(20),
        .init("world-zoom-0-24-even-with-yes", ["tiles", "--bbox", world, "--zoom", "0-24", "--yes", "-o", "{out}/t.mbtiles"],
              .badInput(["--zoom‖--bbox", "20000000‖20,000,000"])),
        .init("one-tile-at-zoom-24", ["tiles", "--bbox", "7.4260,43.7360,7.42601,43.73601", "--zoom", "24", "-o", "{out}/t.mbtiles"], Cmd.archive),
        .init("world-at-zoom-0-scale-2-folder", ["tiles", "--bbox", world, "--zoom", "0", "--scale", "2", "-o", "{out}/tiles"],
              .fine(outputs: ["tiles/"])),
        .init("antimeridian-box-outside-the-data", ["tiles", "--bbox", "179.99,-0.01,-179.99,0.01", "--zoom", "8", "-o", "{out}/t.mbtiles"],
              .either(Cmd.archive, .badInput(["--bbox"]))),
    ]

    /// The harbour pyramid made by an earlier run, at scale 1.
    static func earlier(_ output: String, _ more: [String] = []) -> @Sendable (Scratch) throws -> Void {
        { s in try s.pyramid(output, more) }
    }

    static let resumes: [HostileCase] = [
        .init("resume-with-another-scale", Cmd.tiles("--scale", "2", "--resume"), .badInput(["--scale", "1‖256"]),
              fixture: earlier("{out}/t.mbtiles")),
        .init("resume-folder-with-another-scale", Cmd.tiles(into: "{out}/tiles", ["--scale", "2", "--resume"]), .badInput(["--scale", "1‖256"]),
              fixture: earlier("{out}/tiles")),
        .init("resume-with-more-zooms", Cmd.tiles("--zoom", "14-15", "--resume"), .badInput(["--resume", "--zoom"]),
              fixture: earlier("{out}/t.mbtiles")),
        .init("resume-on-a-file-that-is-not-an-archive", Cmd.tiles("--resume"), .badInput(["{out}/t.mbtiles"]),
              fixture: { try $0.write("{out}/t.mbtiles", "not an archive") }),
        .init("rerun-without-resume", Cmd.tiles(), .badInput(["{out}/t.mbtiles", "--resume"]), fixture: earlier("{out}/t.mbtiles")),
        .init("resume-with-nothing-there", Cmd.tiles("--resume"), Cmd.archive),
    ]

    /// Two shards of the harbour at zoom 14-15, and the whole, in {in}.
    static let shards: @Sendable (Scratch) throws -> Void = { s in
        try s.pyramid("{in}/whole.mbtiles", ["--zoom", "14-15"])
        try s.pyramid("{in}/a.mbtiles", ["--zoom", "14-15", "--shard", "0/2"])
        try s.pyramid("{in}/b.mbtiles", ["--zoom", "14-15", "--shard", "1/2"])
    }
    /// Messages about merge inputs name the user's files, never a temporary file or a `--merge` option.
    static let namesOnlyUserFiles: @Sendable (Scratch, HostileRunner.Outcome) throws -> [String] = { _, o in
        (o.stderr.contains(".tmp") ? ["the message names a temporary file"] : []) + (o.stderr.contains("--merge") ? ["the message names an option --merge"] : [])
    }

    static let merges: [HostileCase] = [
        .init("merge-shards-equals-one-run", ["merge", "{in}/a.mbtiles", "{in}/b.mbtiles", "-o", "{out}/all.mbtiles"],
              .fine(outputs: ["all.mbtiles"]), fixture: shards)
            .check { s, _ in
                let all = try s.tileDigests("{out}/all.mbtiles"), whole = try s.tileDigests("{in}/whole.mbtiles")
                return all == whole ? [] : ["the merge differs from one run in \(Set(all.keys).symmetricDifference(whole.keys).count + all.filter { whole[$0.key] != nil && whole[$0.key] != $0.value }.count) tiles"]
            },
        .init("merge-1x-and-2x", ["merge", "{in}/a.mbtiles", "{in}/b.mbtiles", "-o", "{out}/all.mbtiles"],
              .badInput(["{in}/b.mbtiles‖{in}/a.mbtiles", "scale‖512‖256‖@2x"]),
              fixture: { s in
                  try s.pyramid("{in}/a.mbtiles")
                  try s.pyramid("{in}/b.mbtiles", ["--zoom", "14", "--scale", "2"])
              }).check(namesOnlyUserFiles),
        .init("merge-vector-archive-with-raster", ["merge", "{data}/monaco.mbtiles", "{in}/a.mbtiles", "-o", "{out}/all.mbtiles"],
              .badInput(["{data}/monaco.mbtiles", "pbf‖format‖png‖raster"]), fixture: earlier("{in}/a.mbtiles")).check(namesOnlyUserFiles),
        .init("merge-input-missing", ["merge", "{in}/a.mbtiles", "{in}/missing.mbtiles", "-o", "{out}/all.mbtiles"],
              .badInput(["{in}/missing.mbtiles", "no such file"]), fixture: earlier("{in}/a.mbtiles")).check(namesOnlyUserFiles),
        .init("merge-input-fifo", ["merge", "{in}/a.mbtiles", "{in}/pipe.mbtiles", "-o", "{out}/all.mbtiles"],
              .badInput(["{in}/pipe.mbtiles", "FIFO‖named pipe"]),
              fixture: { s in try earlier("{in}/a.mbtiles")(s); try s.fifo("{in}/pipe.mbtiles") }).timeout(15).check(namesOnlyUserFiles),
        .init("merge-input-not-sqlite", ["merge", "{in}/a.mbtiles", "{in}/text.mbtiles", "-o", "{out}/all.mbtiles"],
              .badInput(["{in}/text.mbtiles"]),
              fixture: { s in try earlier("{in}/a.mbtiles")(s); try s.write("{in}/text.mbtiles", "hello") }).check(namesOnlyUserFiles),
        .init("merge-input-without-tables", ["merge", "{in}/a.mbtiles", "{in}/bare.mbtiles", "-o", "{out}/all.mbtiles"],
              .badInput(["{in}/bare.mbtiles"]),
              fixture: { s in try earlier("{in}/a.mbtiles")(s); try s.sqlite("{in}/bare.mbtiles", "PRAGMA user_version = 3") }).check(namesOnlyUserFiles),
        .init("merge-input-with-a-zoom-63-tile", ["merge", "{in}/a.mbtiles", "{in}/odd.mbtiles", "-o", "{out}/all.mbtiles"],
              .either(.fine(outputs: ["all.mbtiles"]), .badInput(["{in}/odd.mbtiles"])),
              fixture: { s in
                  try earlier("{in}/a.mbtiles")(s)
                  try s.sqlite("{in}/odd.mbtiles", "CREATE TABLE metadata (name text, value text)",
                               "INSERT INTO metadata VALUES ('format', 'png'), ('minzoom', '63'), ('maxzoom', '63')",
                               "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)",
                               "INSERT INTO tiles VALUES (63, 4611686018427387904, -1, x'89504e470d0a1a0a')")
              }).check(namesOnlyUserFiles),
        .init("merge-same-input-twice", ["merge", "{in}/a.mbtiles", "{in}/a.mbtiles", "-o", "{out}/all.mbtiles"],
              .either(.fine(outputs: ["all.mbtiles"]), .badInput(["{in}/a.mbtiles"])), fixture: earlier("{in}/a.mbtiles")),
    ]

    /// The harbour at zoom 14-15 in 2×2 metatiles, one worker, so that a kill after N tiles is deterministic.
    static let killableOptions = ["--zoom", "14-15", "--metatile", "2", "--jobs", "1"]
    static func killable(_ output: String, _ more: [String] = []) -> [String] { Cmd.tiles(into: output, killableOptions + more) }
    /// A whole run into {in}, then the same run into {out} killed (SIGKILL, from inside) after `after` tiles.
    static func killed(_ output: String, after: Int) -> @Sendable (Scratch) throws -> Void {
        { s in
            try s.pyramid(output.replacingOccurrences(of: "{out}", with: "{in}"), killableOptions)
            try s.mapsnap(killable(output, ["--inject-fault", "kill-after-tiles=\(after)"]), expectStatus: nil)
        }
    }
    /// The resumed folder equals the whole one, file by file.
    static let sameFolder: @Sendable (Scratch, HostileRunner.Outcome) throws -> [String] = { s, _ in
        let resumed = Tree(s.output.appendingPathComponent("tiles")).files, whole = Tree(s.input.appendingPathComponent("tiles")).files
        let differing = Set(resumed.keys).union(whole.keys).filter { resumed[$0] != whole[$0] }
        return differing.isEmpty ? [] : ["the resumed folder differs from an uninterrupted run in \(differing.count) of \(whole.count) files (e.g. \(differing.sorted().prefix(3).joined(separator: ", ")))"]
    }
    static let sameArchive: @Sendable (Scratch, HostileRunner.Outcome) throws -> [String] = { s, _ in
        let resumed = try s.tileDigests("{out}/t.mbtiles"), whole = try s.tileDigests("{in}/t.mbtiles")
        let differing = Set(resumed.keys).union(whole.keys).filter { resumed[$0] != whole[$0] }
        let integrity = try s.integrity("{out}/t.mbtiles")
        return (differing.isEmpty ? [] : ["the resumed archive differs from an uninterrupted run in \(differing.count) of \(whole.count) tiles"])
            + (integrity == "ok" ? [] : ["integrity_check: \(integrity)"])
    }

    static let kills: [HostileCase] = [
        .init("kill-9-folder-then-resume", killable("{out}/tiles", ["--resume"]), .fine(outputs: ["tiles/"]),
              fixture: killed("{out}/tiles", after: 6)).mayModify("tiles/").check(sameFolder).timeout(120),
        // A tile left empty (a disk that filled, another tool) is drawn again, never kept.
        .init("kill-9-folder-with-an-empty-tile-then-resume", killable("{out}/tiles", ["--resume"]), .fine(outputs: ["tiles/"]),
              fixture: { s in
                  try killed("{out}/tiles", after: 6)(s)
                  let tiles = s.output.appendingPathComponent("tiles")
                  guard let first = Tree(tiles).files.keys.sorted().first(where: { $0.hasSuffix(".png") }) else {
                      throw CocoaError(.fileNoSuchFile)
                  }
                  try Data().write(to: tiles.appendingPathComponent(first))
              }).mayModify("tiles/").check(sameFolder).timeout(120),
        .init("kill-9-mbtiles-then-resume", killable("{out}/t.mbtiles", ["--resume"]), Cmd.archive,
              fixture: killed("{out}/t.mbtiles", after: 6)).mayModify("t.mbtiles").check(sameArchive).timeout(120),
        .init("kill-9-mbtiles-then-plain-rerun", killable("{out}/t.mbtiles"), .badInput(["{out}/t.mbtiles", "--resume"]),
              fixture: killed("{out}/t.mbtiles", after: 6)).timeout(120),
        .init("kill-9-at-the-first-tile-then-plain-rerun", killable("{out}/t.mbtiles"),
              .either(Cmd.archive, .badInput(["{out}/t.mbtiles", "--resume"])),
              fixture: killed("{out}/t.mbtiles", after: 0)).mayModify("t.mbtiles").timeout(120),
        // A tile from a box smaller than its metatile equals the same tile of the whole pyramid.
        .init("tile-is-a-function-of-its-zxy", ["tiles", "--bbox", "7.4225,43.7345,7.4230,43.7350", "--zoom", "16", "-o", "{out}/t.mbtiles"],
              Cmd.archive,
              fixture: { s in try s.pyramid("{in}/whole.mbtiles", ["--zoom", "16"]) })
            .check { s, _ in
                let part = try s.tileDigests("{out}/t.mbtiles"), whole = try s.tileDigests("{in}/whole.mbtiles")
                let differing = part.filter { whole[$0.key] != $0.value }.keys.sorted()
                return differing.isEmpty ? [] : ["\(differing.count) of \(part.count) tiles differ from the same tiles of the whole pyramid (\(differing.prefix(3).joined(separator: ", ")))"]
            }.timeout(60),
    ]
}
