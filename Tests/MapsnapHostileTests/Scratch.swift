import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A case's own folders: `in/` (fixtures), `out/` (where the command writes; checked for leftovers
/// after the run), `logs/` (the run's stdout and stderr), and the helpers that build fixtures in them.
struct Scratch: Sendable {
    let root: URL
    var input: URL { root.appendingPathComponent("in") }
    var output: URL { root.appendingPathComponent("out") }
    var logs: URL { root.appendingPathComponent("logs") }
    static let data = HostileRunner.repositoryRoot.appendingPathComponent("data")
    static let styles = HostileRunner.repositoryRoot.appendingPathComponent("styles")

    init(_ name: String) throws {
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-hostile-\(safe)-\(UUID().uuidString.prefix(8))")
        for url in [input, output, logs] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    }

    /// Removes the folders (kept with MAPSNAP_HOSTILE_KEEP=1); lifts read-only modes and unmounts
    /// anything a case mounted first.
    func remove() {
        if ProcessInfo.processInfo.environment["MAPSNAP_HOSTILE_KEEP"] == "1" { print("hostile scratch kept: \(root.path)"); return }
        for mount in Tmpfs.mounted(under: root.path) { _ = try? HostileRunner.tool(["umount", mount]) }
        guard Tmpfs.mounted(under: root.path).isEmpty else { return }
        if let e = FileManager.default.enumerator(atPath: root.path) {
            while let rel = e.nextObject() as? String { Glibc.chmod(root.appendingPathComponent(rel).path, 0o755) }
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// `{in}`, `{out}`, `{data}`, `{styles}` and `{root}` replaced by the case's folders and the repository's.
    func resolve(_ text: String) -> String {
        text.replacingOccurrences(of: "{in}", with: input.path)
            .replacingOccurrences(of: "{out}", with: output.path)
            .replacingOccurrences(of: "{data}", with: Self.data.path)
            .replacingOccurrences(of: "{styles}", with: Self.styles.path)
            .replacingOccurrences(of: "{root}", with: HostileRunner.repositoryRoot.path)
    }

    func url(_ path: String) -> URL { URL(fileURLWithPath: resolve(path)) }

    // MARK: fixtures

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: url(path))
    }

    func write(_ path: String, bytes: [UInt8]) throws {
        try Data(bytes).write(to: url(path))
    }

    func folder(_ path: String) throws {
        try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
    }

    func fifo(_ path: String) throws {
        guard mkfifo(resolve(path), 0o644) == 0 else { throw FixtureError("mkfifo \(path): \(String(cString: strerror(errno)))") }
    }

    func copy(_ from: String, _ to: String) throws {
        try FileManager.default.copyItem(at: url(from), to: url(to))
    }

    func chmod(_ path: String, _ mode: mode_t) throws {
        guard Glibc.chmod(resolve(path), mode) == 0 else { throw FixtureError("chmod \(path): \(String(cString: strerror(errno)))") }
    }

    /// A copy of an embedded archive (`monaco`, `andorra`, `helsinki`) whose every tile is replaced
    /// by `tiles` (`keep`, `garbage`, `garbage-gzip`, `truncated-gzip`, `gzip-header-only`, `empty`,
    /// `bomb` (512 MiB of zeros), `mvt-KIND`: see the script), then the SQL statements run on it.
    func archive(_ path: String, from region: String = "monaco", tiles: String = "keep", sql: [String] = []) throws {
        let kind = tiles == "bomb" ? "file:" + (try Self.bomb()) : tiles
        try python(["archive", Self.data.appendingPathComponent("\(region).mbtiles").path, resolve(path), kind] + sql)
    }

    /// The gzip bomb, made once per machine (compressing 512 MiB takes seconds) and shared; a
    /// static let is initialised once even when cases run in parallel.
    static func bomb() throws -> String { try bombFile.get() }
    private static let bombFile = Result<String, any Error> {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-hostile-bomb-512MiB.gz").path
        if !FileManager.default.fileExists(atPath: path) {
            try HostileRunner.tool(["python3", "-c", Fixtures.script, "bomb", path, "512"])
        }
        return path
    }

    /// A new SQLite file made by the statements.
    func sqlite(_ path: String, _ sql: String...) throws {
        try python(["sql", resolve(path)] + sql)
    }

    func truncate(_ path: String, to bytes: Int) throws {
        try python(["truncate", resolve(path), "\(bytes)"])
    }

    /// A PNG: `zero` (0×0), `huge-header` (claims 100000×100000), `truncated`, `bad-crc`, `garbage`,
    /// `rgba-WxH` (a valid image).
    func png(_ path: String, _ kind: String) throws {
        try python(["png", resolve(path), kind])
    }

    /// A CSV track of `count` fixes (a multiple of 10,000).
    func points(_ path: String, _ count: Int) throws {
        try python(["points", resolve(path), "\(count)", "csv"])
    }

    /// A style over the Monaco archive with the given layers (JSON texts) and extra root members.
    func style(_ path: String, layers: [String], root extra: String = "") throws {
        let source = Self.data.appendingPathComponent("monaco.mbtiles").path
        try write(path, """
        {"version": 8, "name": "hostile", \(extra.isEmpty ? "" : extra + ",")
         "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://\(source)"}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#eeeeee"}}\(layers.map { ",\n  " + $0 }.joined())]}
        """)
    }

    /// Runs mapsnap as a preparation step (a pyramid to resume, shards to merge); it must do what
    /// `expectStatus` says.
    @discardableResult
    func mapsnap(_ arguments: [String], environment: [String: String] = [:], expectStatus: Int32? = 0) throws -> HostileRunner.Outcome {
        let o = try HostileRunner.run(arguments.map(resolve), in: root, logs: logs, environment: environment,
                                      memoryLimit: 4 << 30, timeout: 120)
        if let expectStatus, o.status != expectStatus {
            throw FixtureError("preparing with mapsnap \(arguments.joined(separator: " ")) gave \(o.status): \(o.stderr.prefix(500))")
        }
        return o
    }

    /// Every tile of an MBTiles file: "z/x/y hash" lines (TMS rows, as stored).
    func tileDigests(_ path: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for line in try python(["dump", resolve(path)]).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2 { out[String(parts[0])] = String(parts[1]) }
        }
        return out
    }

    /// SQLite's own check of a database ("ok" when sound).
    func integrity(_ path: String) throws -> String {
        try python(["integrity", resolve(path)]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A finished pyramid of the harbour (`Cmd.tiles` with `arguments`) at `output` (a .mbtiles
    /// file or a folder). Each distinct pyramid is rendered once per test run and copied.
    func pyramid(_ output: String, _ arguments: [String] = []) throws {
        let source = try PyramidCache.shared.path(arguments, archive: output.hasSuffix(".mbtiles"))
        try FileManager.default.copyItem(atPath: source, toPath: resolve(output))
    }

    @discardableResult
    private func python(_ arguments: [String]) throws -> String {
        try HostileRunner.tool(["python3", "-c", Fixtures.script] + arguments)
    }
}

/// Pyramids that several cases start from, rendered once per test process (in a folder removed at
/// exit) instead of once per case.
final class PyramidCache: @unchecked Sendable {
    static let shared = PyramidCache()
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-hostile-pyramids-\(getpid())")

    private final class Entry: @unchecked Sendable {
        let lock = NSLock()
        var result: Result<String, any Error>?
    }

    private init() {
        atexit {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-hostile-pyramids-\(getpid())")
            try? FileManager.default.removeItem(at: folder)
        }
    }

    func path(_ arguments: [String], archive: Bool) throws -> String {
        let key = arguments.joined(separator: " ") + (archive ? " mbtiles" : " folder")
        let entry = lock.withLock { () -> Entry in
            if let e = entries[key] { return e }
            let e = Entry()
            entries[key] = e
            return e
        }
        return try entry.lock.withLock {
            if let r = entry.result { return try r.get() }
            let r = Result { () throws -> String in
                let dir = folder.appendingPathComponent(UUID().uuidString)
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                let output = dir.appendingPathComponent(archive ? "t.mbtiles" : "tiles").path
                let o = try HostileRunner.run(Cmd.tiles(into: output, arguments), in: dir, logs: dir, memoryLimit: 4 << 30, timeout: 120)
                guard o.status == 0, !o.signaled else { throw FixtureError("pyramid \(key): exit \(o.status): \(o.stderr.prefix(500))") }
                return output
            }
            entry.result = r
            return try r.get()
        }
    }
}

/// A small tmpfs to stand for a full disk or a read-only folder: needs root and mount(8).
enum Tmpfs {
    /// Why it cannot be used here, or nil.
    static let unavailableReason: String? = {
        guard getuid() == 0 else { return "not running as root (mounting a small tmpfs needs root)" }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-hostile-mount-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        do {
            try HostileRunner.tool(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path])
            try HostileRunner.tool(["umount", probe.path])
            return nil
        } catch { return "cannot mount a tmpfs here: \(error)" }
    }()

    static func mount(_ path: String, size: String, readOnly: Bool = false) throws {
        try HostileRunner.tool(["mount", "-t", "tmpfs", "-o", "size=\(size)\(readOnly ? ",ro" : "")", "tmpfs", path])
    }

    /// Mount points under a folder (from /proc/self/mounts), deepest first.
    static func mounted(under root: String) -> [String] {
        guard let text = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count > 1 else { return nil }
            let point = String(fields[1])
            return point.hasPrefix(root + "/") ? point : nil
        }.sorted { $0.count > $1.count }
    }
}

/// The fixture builder: Python's sqlite3 and zlib make archives, tiles, gzip bombs and PNGs.
enum Fixtures {
    static let script = #"""
# Builds hostile fixtures for Tests/MapsnapHostileTests: python3 -c SCRIPT COMMAND ARGS...
import sqlite3, struct, sys, zlib, shutil, math, os

def varint(n):
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)

def zigzag(n):
    return ((n << 1) ^ (n >> 63)) & ((1 << 64) - 1)

def field(num, wire, payload):
    key = varint((num << 3) | wire)
    if wire == 0:
        return key + varint(payload)
    return key + varint(len(payload)) + payload

def packed(values):
    return b"".join(varint(v) for v in values)

def command(cid, count):
    return (cid & 7) | (count << 3)

def feature(gtype, geometry, tags=(), fid=None):
    body = b""
    if fid is not None:
        body += field(1, 0, fid)
    if tags:
        body += field(2, 2, packed(tags))
    body += field(3, 0, gtype)
    body += field(4, 2, packed(geometry))
    return body

def value_string(s):
    return field(1, 2, s.encode())

def layer(name, features, keys=(), values=(), extent=4096, version=2):
    body = field(15, 0, version) + field(1, 2, name.encode())
    for f in features:
        body += field(2, 2, f)
    for k in keys:
        body += field(3, 2, k.encode())
    for v in values:
        body += field(4, 2, v)
    if extent is not None:
        body += field(5, 0, extent)
    return field(3, 2, body)

def ring(points, close=True):
    # MoveTo the first point, LineTo the rest (deltas, zigzagged), ClosePath.
    geo = [command(1, 1)]
    x = y = 0
    px, py = points[0]
    geo += [zigzag(px - x), zigzag(py - y)]
    x, y = px, py
    geo.append(command(2, len(points) - 1))
    for px, py in points[1:]:
        geo += [zigzag(px - x), zigzag(py - y)]
        x, y = px, py
    if close:
        geo.append(command(7, 1))
    return geo

def absurd_tile(kind):
    """Vector tiles whose geometry or structure is hostile, named for the style's source layers."""
    big = 2**31 - 1
    road_tags = dict(keys=["class"], values=[value_string("primary")])
    if kind == "huge-coordinates":
        poly = feature(3, ring([(-big, -big), (big, -big), (big, big), (-big, big)]))
        line = feature(2, ring([(-big, 0), (big, 0), (-big, 17), (big, 4096)], close=False), tags=[0, 0])
        return layer("water", [poly]) + layer("transportation", [line], **road_tags)
    if kind == "extent-zero":
        return layer("water", [feature(3, ring([(0, 0), (4096, 0), (4096, 4096), (0, 4096)]))], extent=0)
    if kind == "extent-huge":
        return layer("water", [feature(3, ring([(0, 0), (4096, 0), (4096, 4096), (0, 4096)]))], extent=2**63)
    if kind == "count-overflow":
        # A LineTo that claims 2^29 - 1 points, followed by two integers.
        geo = [command(1, 1), zigzag(10), zigzag(10), command(2, 2**29 - 1), 2, 2]
        return layer("transportation", [feature(2, geo, tags=[0, 0])], **road_tags)
    if kind == "bad-tags":
        geo = ring([(0, 0), (100, 100)], close=False)
        return layer("transportation", [feature(2, geo, tags=[1000, 2**40])], **road_tags)
    if kind == "unknown-type":
        return layer("water", [feature(7, ring([(0, 0), (4096, 0), (4096, 4096)]))])
    if kind == "100k-vertices":
        pts = [(i % 4096, (i * 7) % 4096) for i in range(100_000)]
        return layer("transportation", [feature(2, ring(pts, close=False), tags=[0, 0])], **road_tags)
    if kind == "version-99":
        return layer("water", [feature(3, ring([(0, 0), (4096, 0), (4096, 4096)]))], version=99)
    if kind == "deep-zigzag":
        # A varint of 10 bytes with every continuation bit set: too long.
        return layer("water", []) + b"\x1a\x0b" + b"\xff" * 11
    raise SystemExit("unknown tile kind " + kind)

def gzip_bytes(data, level=6):
    c = zlib.compressobj(level, zlib.DEFLATED, 31)
    return c.compress(data) + c.flush()

def gzip_bomb(mib):
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = b"\0" * (1 << 20)
    out = []
    for _ in range(mib):
        out.append(c.compress(chunk))
    out.append(c.flush())
    return b"".join(out)

def set_tiles(db, kind):
    con = sqlite3.connect(db)
    sample = con.execute("select tile_data from tiles where zoom_level = 14 limit 1").fetchone()[0]
    if kind == "garbage":
        data = bytes((i * 37 + 11) % 256 for i in range(4000))
    elif kind == "garbage-gzip":
        data = gzip_bytes(bytes((i * 37 + 11) % 256 for i in range(4000)))
    elif kind == "truncated-gzip":
        data = sample[: len(sample) // 2]
    elif kind == "gzip-header-only":
        data = sample[:10]
    elif kind == "empty":
        data = b""
    elif kind.startswith("file:"):
        with open(kind[5:], "rb") as f:
            data = f.read()
    elif kind.startswith("mvt-"):
        data = gzip_bytes(absurd_tile(kind[4:]))
    else:
        raise SystemExit("unknown tile data " + kind)
    con.execute("update tiles set tile_data = ?", (data,))
    con.commit()
    con.close()

def cmd_archive(src, dst, kind, *sql):
    """Copy an embedded archive, replace every tile's bytes, then run SQL statements."""
    shutil.copyfile(src, dst)
    if kind != "keep":
        set_tiles(dst, kind)
    con = sqlite3.connect(dst)
    for s in sql:
        con.execute(s)
    con.commit()
    con.close()

def cmd_sql(dst, *sql):
    con = sqlite3.connect(dst)
    for s in sql:
        con.execute(s)
    con.commit()
    con.close()

def cmd_bomb(dst, mib):
    """A gzip stream of MIB MiB of zeros (about 1 KiB per MiB)."""
    with open(dst + ".part", "wb") as f:
        f.write(gzip_bomb(int(mib)))
    os.rename(dst + ".part", dst)

def cmd_truncate(path, keep):
    with open(path, "r+b") as f:
        f.truncate(int(keep))

def chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

def png(width, height, rows=None):
    head = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    if rows is None:
        rows = b"".join(b"\0" + b"\x80\x40\x20\xff" * width for _ in range(height))
    return head + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")

def cmd_png(dst, kind):
    if kind == "zero":
        data = png(0, 0, rows=b"")
    elif kind == "huge-header":
        # Claims 100000 x 100000 pixels (40 GB of RGBA) with one tiny IDAT.
        data = png(100000, 100000, rows=b"\0" * 16)
    elif kind == "zeros-20000x20000":
        # A valid 20000 x 20000 image of transparent pixels: 1.6 GB decoded from about 2 MB,
        # compressed a row at a time.
        z = zlib.compressobj(9)
        row = b"\0" * (1 + 4 * 20000)
        body = b"".join(z.compress(row) for _ in range(20000)) + z.flush()
        data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 20000, 20000, 8, 6, 0, 0, 0)) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
    elif kind == "truncated":
        data = png(16, 16)[:60]
    elif kind == "bad-crc":
        good = bytearray(png(16, 16))
        good[30] ^= 0xFF
        data = bytes(good)
    elif kind == "garbage":
        data = b"\x89PNG\r\n\x1a\n" + bytes((i * 13) % 256 for i in range(500))
    elif kind.startswith("rgba-"):
        w, h = kind[5:].split("x")
        data = png(int(w), int(h))
    else:
        raise SystemExit("unknown png " + kind)
    with open(dst, "wb") as f:
        f.write(data)

def cmd_points(dst, count, form):
    """A CSV track of COUNT fixes in Monaco, written in blocks."""
    count = int(count)
    with open(dst, "w") as f:
        f.write("lat,lon\n")
        block = "".join("43.73%04d,7.42%04d\n" % (i, i) for i in range(10000))
        for _ in range(count // 10000):
            f.write(block)

def cmd_dump(db):
    """Every tile of an archive as z/x/y and a hash of its bytes, sorted."""
    import hashlib
    con = sqlite3.connect("file:" + db + "?mode=ro", uri=True)
    rows = con.execute("select zoom_level, tile_column, tile_row, tile_data from tiles").fetchall()
    for z, x, y, data in sorted(rows):
        print("%d/%d/%d %s" % (z, x, y, hashlib.sha1(data).hexdigest()))

def cmd_integrity(db):
    con = sqlite3.connect("file:" + db + "?mode=ro", uri=True)
    print(con.execute("PRAGMA integrity_check").fetchone()[0])

commands = {"bomb": cmd_bomb, "dump": cmd_dump, "integrity": cmd_integrity, "archive": cmd_archive, "sql": cmd_sql, "truncate": cmd_truncate, "png": cmd_png, "points": cmd_points}
commands[sys.argv[1]](*sys.argv[2:])
"""#
}
