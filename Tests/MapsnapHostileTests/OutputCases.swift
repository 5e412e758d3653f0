import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the output goes: missing folders, files where folders should be, read-only folders and
/// full disks (a small tmpfs; these cases need root and are skipped, `TestEnvironment.skip`,
/// otherwise). A refused or failed write leaves nothing behind, and a re-run after it works.
enum OutputCases {
    static let all = places + fullDisks

    /// `{out}/ro` read-only: a read-only tmpfs as root (root ignores permission bits), mode 555 otherwise.
    static let readOnly: @Sendable (Scratch) throws -> Void = { s in
        try s.folder("{out}/ro")
        if getuid() == 0 { try Tmpfs.mount(s.resolve("{out}/ro"), size: "1m", readOnly: true) } else { try s.chmod("{out}/ro", 0o555) }
    }
    static let needsReadOnly: @Sendable () -> String? = { getuid() == 0 ? Tmpfs.unavailableReason : nil }
    /// `{out}` itself a tmpfs of `size`: a disk that fills up.
    static func fullDisk(_ size: String) -> @Sendable (Scratch) throws -> Void { { s in try Tmpfs.mount(s.output.path, size: size) } }
    static let needsTmpfs: @Sendable () -> String? = { Tmpfs.unavailableReason }
    static let noSpace = "space‖full"
    /// A write that fails is a failure (1) or, found before rendering, bad input (2).
    static func writeFailed(_ mentions: [String]) -> HostileCase.Expect { .either(.failure(mentions), .badInput(mentions)) }

    static let places: [HostileCase] = [
        .init("snapshot-output-folder-missing", ["-o", "{out}/nope/map.png"], .badInput(["--output‖-o", "{out}/nope"])),
        .init("snapshot-output-parent-is-a-file", ["-o", "{out}/file/map.png"], .badInput(["--output‖-o", "{out}/file"]),
              fixture: { try $0.write("{out}/file", "x") }),
        .init("snapshot-output-is-a-folder", ["-o", "{out}/x.png"], .badInput(["--output‖-o", "{out}/x.png", "folder"]),
              fixture: { try $0.folder("{out}/x.png") }),
        .init("snapshot-output-read-only", ["--size", "256x256", "-o", "{out}/ro/map.png"], writeFailed(["--output‖-o", "{out}/ro"]),
              fixture: readOnly).unavailable(needsReadOnly),
        .init("snapshot-output-empty", ["-o", ""], .badInput(["--output‖-o"])),
        .init("snapshot-output-name-too-long", ["--size", "64x64", "-o", "{out}/" + String(repeating: "n", count: 300) + ".png"],
              writeFailed(["--output‖-o", "nnnn"])),
        .init("snapshot-overwrites-an-older-map", Cmd.snap(), Cmd.map, fixture: { try $0.write("{out}/map.png", "old") }),
        // A FIFO or a device named as the output is refused and left as it is, never replaced by a file.
        .init("snapshot-output-is-a-fifo", Cmd.snap(), .badInput(["--output‖-o", "{out}/map.png", "FIFO"]),
              fixture: { try $0.fifo("{out}/map.png") }).timeout(15).mayModify("map.png"),
        .init("batch-item-output-is-a-fifo", ["batch", "{in}/m.jsonl", "-o", "{out}"],
              .batch(exit: 1, ok: [], failed: ["g": ["FIFO"]]),
              fixture: { s in
                  try s.write("{in}/m.jsonl", #"{"id": "g", "center": [43.7360, 7.4260], "size": [64, 48]}"# + "\n")
                  try s.fifo("{out}/g.png")
              }).timeout(15).mayModify("g.png"),
        // JPEG has no alpha: a style that leaves pixels transparent is refused before any tile.
        .init("tiles-jpeg-of-a-transparent-style", ["tiles", "--style", "{in}/clear.json", "--source", "omt={data}/monaco.mbtiles",
                                                     "--bbox", Cmd.harbour, "--zoom", "15", "--format", "jpeg", "-o", "{out}/t.mbtiles"],
              .badInput(["--format", "opaque"]),
              fixture: { try $0.write("{in}/clear.json", #"{"version": 8, "sources": {"omt": {"type": "vector", "url": "mbtiles://x"}}, "layers": [{"id": "w", "type": "fill", "source": "omt", "source-layer": "water"}]}"#) }),
        .init("merge-output-folder-missing", ["merge", "{in}/a.mbtiles", "-o", "{out}/nope/all.mbtiles"], .badInput(["{out}/nope", "does not exist"]),
              fixture: { s in try s.pyramid("{in}/a.mbtiles") }),
        .init("tiles-output-existing-non-archive", Cmd.tiles(), .badInput(["{out}/t.mbtiles"]),
              fixture: { try $0.write("{out}/t.mbtiles", "not an archive") }),
        .init("tiles-output-parent-is-a-file", ["tiles", "--bbox", Cmd.harbour, "--zoom", "15", "-o", "{out}/file/t.mbtiles"],
              .badInput(["--output‖-o", "{out}/file"]), fixture: { try $0.write("{out}/file", "x") }),
        .init("tiles-output-folder-is-a-file", ["tiles", "--bbox", Cmd.harbour, "--zoom", "15", "-o", "{out}/tiles"],
              .badInput(["--output‖-o", "{out}/tiles"]), fixture: { try $0.write("{out}/tiles", "x") }),
        .init("tiles-output-read-only", ["tiles", "--bbox", Cmd.harbour, "--zoom", "15", "-o", "{out}/ro/t.mbtiles"],
              writeFailed(["--output‖-o", "{out}/ro"]), fixture: readOnly).unavailable(needsReadOnly),
        .init("tiles-folder-output-read-only", ["tiles", "--bbox", Cmd.harbour, "--zoom", "15", "-o", "{out}/ro/tiles"],
              writeFailed(["--output‖-o", "{out}/ro"]), fixture: readOnly).unavailable(needsReadOnly),
        .init("tiles-output-missing-parents", ["tiles", "--bbox", Cmd.harbour, "--zoom", "15", "-o", "{out}/a/b/t.mbtiles"],
              .either(.fine(outputs: ["a/b/t.mbtiles"]), .badInput(["--output‖-o", "{out}/a"]))),
        .init("batch-output-read-only", ["batch", "{in}/m.jsonl", "-o", "{out}/ro"], .badInput(["--output", "{out}/ro"]),
              fixture: { s in try readOnly(s); try s.write("{in}/m.jsonl", ManifestCases.good + "\n") }).unavailable(needsReadOnly),
        .init("merge-output-exists", ["merge", "{in}/a.mbtiles", "-o", "{out}/all.mbtiles"], .badInput(["{out}/all.mbtiles", "exists"]),
              fixture: { s in try s.pyramid("{in}/a.mbtiles"); try s.write("{out}/all.mbtiles", "keep me") }),
        .init("merge-output-is-an-input", ["merge", "{out}/a.mbtiles", "{in}/b.mbtiles", "-o", "{out}/a.mbtiles"], .badInput(["{out}/a.mbtiles"]),
              fixture: { s in
                  try s.pyramid("{out}/a.mbtiles")
                  try s.pyramid("{in}/b.mbtiles", ["--zoom", "14"])
              }),
    ]

    static let fullDisks: [HostileCase] = [
        .init("snapshot-full-disk", ["--size", "1024x1024", "-o", "{out}/map.png"], writeFailed(["{out}/map.png", noSpace]),
              fixture: fullDisk("64k")).unavailable(needsTmpfs),
        .init("tiles-mbtiles-full-disk", Cmd.tiles(), writeFailed(["{out}/t.mbtiles", noSpace]),
              fixture: fullDisk("64k")).unavailable(needsTmpfs).timeout(60),
        .init("tiles-rerun-after-full-disk", Cmd.tiles(), Cmd.archive,
              fixture: { s in
                  try fullDisk("64k")(s)
                  try s.mapsnap(Cmd.tiles(), expectStatus: nil)
                  try HostileRunner.tool(["mount", "-o", "remount,size=64m", s.output.path])
              }).unavailable(needsTmpfs).timeout(60).mayModify("t.mbtiles"),
        .init("tiles-folder-full-disk", Cmd.tiles(into: "{out}/tiles"), writeFailed(["{out}/tiles", noSpace]),
              fixture: fullDisk("64k")).unavailable(needsTmpfs).timeout(60).mayModify("tiles/"),
        .init("convert-folder-full-disk", ["convert", "{data}/monaco.mbtiles", "{out}/c"], writeFailed(["{out}/c", noSpace]),
              fixture: fullDisk("64k")).unavailable(needsTmpfs).timeout(60),
        .init("snapshot-pdf-full-disk", ["--size", "1024x1024", "-o", "{out}/map.pdf"], writeFailed(["{out}/map.pdf", noSpace]),
              fixture: fullDisk("64k")).unavailable(needsTmpfs),
        // The images fit; the report PDF, streamed as Cairo writes it, does not: no half a PDF is left.
        .init("batch-pdf-report-full-disk", ["batch", "{in}/m.jsonl", "--size", "1024x1024", "-o", "{out}/reports", "--pdf", "{out}/small/r.pdf"],
              .badInput(["--pdf", "{out}/small/r.pdf", noSpace]),
              fixture: { s in
                  try s.folder("{out}/small")
                  try Tmpfs.mount(s.resolve("{out}/small"), size: "64k")
                  try s.write("{in}/m.jsonl", ManifestCases.good + "\n" + ManifestCases.alsoGood + "\n")
              }).unavailable(needsTmpfs).timeout(60).mayModify("reports/"),
        .init("batch-full-disk", Cmd.batch("m.jsonl", "--size", "1024x1024"),
              .either(.batch(exit: 1, ok: [], failed: ["a": [noSpace], "c": [noSpace]]), .badInput(["{out}", noSpace])),
              fixture: { s in try fullDisk("64k")(s); try s.write("{in}/m.jsonl", ManifestCases.good + "\n" + ManifestCases.alsoGood + "\n") })
            .unavailable(needsTmpfs).timeout(60),
    ]
}
