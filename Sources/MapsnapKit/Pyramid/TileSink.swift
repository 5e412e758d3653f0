import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapRender
import MapsnapTiles

/// Where rendered tiles go. Used from one writer thread. A sink records its pyramid's plan when
/// the run starts and marks it complete at the end, so that resumes and re-runs can check them.
protocol TileSink: AnyObject {
    /// The metadata an earlier run left (empty for a new output).
    var recorded: [String: String] { get }
    /// Whether this run created the output (so a failed run can remove it again).
    var isNew: Bool { get }
    /// The tiles already present at a zoom level (for `--resume`).
    func existingTiles(z: Int, among: Set<TileID>) throws -> Set<TileID>
    func write(_ tile: TileID, data: Data) throws
    /// Writes metadata rows (replacing earlier ones), durably.
    func writeMetadata(_ metadata: [String: String]) throws
    /// Removes a new output after a failed run, so that nothing half-made is left behind.
    func discard()
    /// Ends a run whose metadata is written (an archive written in one pass is written now).
    func finish() throws
}

extension TileSink {
    func finish() throws {}
}

/// `output/tiles/z/x/y.png` (or `.webp`, `.jpg`), each file written atomically (no truncated file after a kill), and
/// `metadata.json`.
final class DirectoryTileSink: TileSink {
    let root: String
    /// `png`, `webp` or `jpg`: the tiles' file names.
    let fileExtension: String
    /// The folder was missing or empty.
    let isNew: Bool
    private let createdFolder: Bool
    let recorded: [String: String]
    private var madeFolders: Set<String> = []

    init(root: String, resume: Bool, fileExtension: String = "png") throws(PyramidError) {
        self.root = root
        self.fileExtension = fileExtension
        createdFolder = !FileManager.default.fileExists(atPath: root)
        isNew = createdFolder || ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).isEmpty
        do { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) } catch {
            throw TilePyramid.output("\(root): cannot create the folder (\(AtomicFile.systemReason(error)))")
        }
        guard FileManager.default.isWritableFile(atPath: root) else { throw TilePyramid.output("\(root): folder is not writable") }
        let metadata = root + "/metadata.json"
        if let data = try? InputFile.read(metadata), case .object(let o)? = try? JSONValue.parse(data) {
            recorded = Dictionary(o.compactMap { k, v in v.stringValue.map { (k, $0) } }, uniquingKeysWith: { $1 })
        } else {
            recorded = [:]
        }
        // A run killed while writing a tile leaves that tile's temporary file: it is not a tile.
        if resume { Self.removeTemporaryFiles(in: root) }
    }

    static func removeTemporaryFiles(in root: String) {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return }
        while let relative = walker.nextObject() as? String {
            if AtomicFile.isTemporary(URL(fileURLWithPath: relative).lastPathComponent) {
                try? FileManager.default.removeItem(atPath: root + "/" + relative)
            }
        }
    }

    func path(_ t: TileID) -> String { "\(root)/\(t.z)/\(t.x)/\(t.y).\(fileExtension)" }

    /// Tiles whose file is there and begins as an image does: an empty or cut-short file (a disk
    /// that filled, a tool other than mapsnap) is drawn again, never kept.
    func existingTiles(z: Int, among: Set<TileID>) throws -> Set<TileID> {
        Set(among.filter { Self.looksLikeAnImage(path($0)) })
    }

    /// The file's first bytes are a PNG, JPEG or WebP signature.
    static func looksLikeAnImage(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 12), head.count >= 4 else { return false }
        let bytes = [UInt8](head)
        if bytes.starts(with: [0x89, 0x50, 0x4e, 0x47]) || bytes.starts(with: [0xff, 0xd8, 0xff]) { return true }
        return bytes.count == 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
    }

    func write(_ tile: TileID, data: Data) throws {
        let folder = "\(root)/\(tile.z)/\(tile.x)"
        if madeFolders.insert(folder).inserted { try AtomicFile.makeFolder(folder, for: path(tile)) }
        try AtomicFile.write(data, to: path(tile))
    }

    private var written: [String: String] = [:]

    func writeMetadata(_ metadata: [String: String]) throws {
        written = (written.isEmpty ? recorded : written).merging(metadata) { $1 }
        let object = JSONObject(written.keys.sorted().map { (key: $0, value: JSONValue.string(written[$0]!)) })
        try AtomicFile.write(Data(JSONValue.object(object).prettyPrinted.utf8), to: root + "/metadata.json", durable: true)
    }

    func discard() {
        guard isNew else { return }
        if createdFolder { try? FileManager.default.removeItem(atPath: root); return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            try? FileManager.default.removeItem(atPath: root + "/" + name)
        }
    }
}

/// An MBTiles 1.3 file (images/map layout: identical tiles stored once).
final class MBTilesTileSink: TileSink {
    let writer: MBTilesWriter
    let isNew: Bool
    let recorded: [String: String]

    init(path: String, resume: Bool) throws(PyramidError) {
        if let problem = OutputFile.folderProblem(path) { throw TilePyramid.output(problem.description) }
        isNew = !FileManager.default.fileExists(atPath: path)
        if !isNew {
            // Only a regular file can be an archive to add to; a FIFO would block SQLite.
            do { try InputFile.check(path) } catch { throw TilePyramid.output(error.description) }
            if let reason = Self.notAnArchive(path) {
                throw TilePyramid.output("\(path) already exists and is not an MBTiles archive (\(reason)); write to a new output (or remove it first)")
            }
        }
        do {
            writer = try MBTilesWriter(path: path, allowExisting: true)
            recorded = isNew ? [:] : try writer.metadata()
        } catch {
            throw TilePyramid.output(error.description)
        }
    }

    func existingTiles(z: Int, among: Set<TileID>) throws -> Set<TileID> {
        try writer.existingTiles(z: z).intersection(among)
    }

    func write(_ tile: TileID, data: Data) throws { try writer.write(tile, data: data) }

    func writeMetadata(_ metadata: [String: String]) throws { try writer.writeMetadata(metadata) }

    func discard() {
        guard isNew else { return }
        Self.removeFiles(of: writer.path)
    }

    /// Why the existing file at `path` is no MBTiles archive at all (not SQLite, no `tiles` or
    /// `metadata`), in a few words; nil when it is one (the writer says if it is not one to add to).
    static func notAnArchive(_ path: String) -> String? {
        do { _ = try MBTilesArchive(path: path) } catch {
            switch error {
            case .notSQLite: return "not an SQLite database"
            case .notMBTiles(_, let table): return "no '\(table)' table"
            default: return nil
            }
        }
        return nil
    }

    /// The database and SQLite's files beside it.
    static func removeFiles(of path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }
}
