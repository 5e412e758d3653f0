/// Tiles inside a good archive that are corrupt, truncated, gzip bombs or hostile vector tiles.
/// Each fixture is a copy of Monaco's archive with every tile replaced. A tile-level problem is a
/// warning naming the tile and the archive, and the map is drawn without that tile.
enum TileCases {
    static let all = snapshots + otherCommands

    static let path = ArchiveCases.path
    static func tiles(_ kind: String) -> @Sendable (Scratch) throws -> Void { { try $0.archive(path, tiles: kind) } }
    static let snap = ArchiveCases.snapTiles()
    /// Drawn, with a warning naming the archive and the tile (Monaco at zoom 15 reads tiles 14/…).
    static let skipped = HostileCase.Expect.fine(outputs: ["map.png"], warning: [path, "14/"])
    /// Drawn; a warning is allowed but not required (the data is odd but not wrong).
    static let drawn = Cmd.map
    /// The inflated-size cap as a message may word it.
    static let cap = "MiB‖MB‖inflate‖too large‖bomb"

    static let snapshots: [HostileCase] = [
        .init("tile-garbage", snap, skipped, fixture: tiles("garbage")),
        .init("tile-gzip-of-garbage", snap, skipped, fixture: tiles("garbage-gzip")),
        .init("tile-truncated-gzip", snap, skipped, fixture: tiles("truncated-gzip")),
        .init("tile-gzip-header-only", snap, skipped, fixture: tiles("gzip-header-only")),
        .init("tile-empty-bytes", snap, drawn, fixture: tiles("empty")),
        .init("tile-gzip-bomb-512-MiB", snap, .fine(outputs: ["map.png"], warning: [path, "14/", cap]), fixture: tiles("bomb"))
            .memoryLimit(mib: 1024).timeout(60),
        .init("tile-huge-coordinates", snap, drawn, fixture: tiles("mvt-huge-coordinates")),
        .init("tile-huge-coordinates-zoom-24", ArchiveCases.snapTiles(path, "--zoom", "24"), drawn, fixture: tiles("mvt-huge-coordinates")),
        .init("tile-extent-zero", snap, skipped, fixture: tiles("mvt-extent-zero")),
        .init("tile-extent-2-pow-63", snap, skipped, fixture: tiles("mvt-extent-huge")),
        .init("tile-command-count-overflow", snap, drawn, fixture: tiles("mvt-count-overflow")),
        .init("tile-tag-index-out-of-range", snap, drawn, fixture: tiles("mvt-bad-tags")),
        .init("tile-unknown-geometry-type", snap, drawn, fixture: tiles("mvt-unknown-type")),
        .init("tile-layer-version-99", snap, skipped, fixture: tiles("mvt-version-99")),
        .init("tile-varint-too-long", snap, skipped, fixture: tiles("mvt-deep-zigzag")),
        .init("tile-100000-vertices", snap, drawn, fixture: tiles("mvt-100k-vertices")).timeout(60),
    ]

    static let otherCommands: [HostileCase] = [
        .init("tiles-gzip-bomb", Cmd.tiles("--tiles", path, "--zoom", "15"),
              .fine(outputs: ["t.mbtiles"], warning: [path, cap]), fixture: tiles("bomb")).memoryLimit(mib: 1024).timeout(120),
        .init("tiles-corrupt-tiles", Cmd.tiles("--tiles", path), .fine(outputs: ["t.mbtiles"], warning: [path]), fixture: tiles("garbage")),
        .init("tiles-huge-coordinates", Cmd.tiles("--tiles", path, "--zoom", "14-16"), Cmd.archive, fixture: tiles("mvt-huge-coordinates"))
            .timeout(60),
        .init("geocode-gzip-bomb", ["geocode", "43.7365,7.4218", "--tiles", path], .fine(outputs: [], warning: [path, cap]),
              fixture: tiles("bomb")).memoryLimit(mib: 1024).timeout(60),
        .init("geocode-corrupt-tiles", ["geocode", "43.7365,7.4218", "--tiles", path], .fine(outputs: [], warning: [path]),
              fixture: tiles("truncated-gzip")),
        .init("geocode-huge-coordinates", ["geocode", "43.7365,7.4218", "--tiles", path], .fine(outputs: []),
              fixture: tiles("mvt-huge-coordinates")),
        .init("batch-corrupt-tiles", Cmd.batch("m.jsonl", "--tiles", path), .batch(exit: 0, ok: ["a", "b"], failed: [:]),
              fixture: { s in
                  try s.archive(path, tiles: "truncated-gzip")
                  try s.write("{in}/m.jsonl", "{\"id\": \"a\", \"center\": \"43.7360,7.4260\", \"address\": true}\n{\"id\": \"b\", \"zoom\": 3}\n")
              }),
    ]
}
