import Foundation
import MapsnapGeo
import MapsnapTiles
import MapsnapRender

/// Where rendered tiles go. Used from one writer thread.
protocol TileSink: AnyObject {
    /// The tiles already present at a zoom level (for `--resume`).
    func existingTiles(z: Int, among: Set<TileID>) throws -> Set<TileID>
    func write(_ tile: TileID, png: Data) throws
    /// Flushes and records the pyramid's metadata.
    func finish(metadata: [String: String]) throws
}

/// `output/tiles/z/x/y.png`, each file written atomically (no truncated file after a kill).
final class DirectoryTileSink: TileSink {
    let root: String
    private var madeFolders: Set<String> = []

    init(root: String) throws(PyramidError) {
        self.root = root
        do { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) } catch {
            throw TilePyramid.output("\(root): cannot create the folder (\(error.localizedDescription))")
        }
        guard FileManager.default.isWritableFile(atPath: root) else { throw TilePyramid.output("\(root): folder is not writable") }
    }

    func path(_ t: TileID) -> String { "\(root)/\(t.z)/\(t.x)/\(t.y).png" }

    func existingTiles(z: Int, among: Set<TileID>) throws -> Set<TileID> {
        Set(among.filter { FileManager.default.fileExists(atPath: path($0)) })
    }

    func write(_ tile: TileID, png: Data) throws {
        let folder = "\(root)/\(tile.z)/\(tile.x)"
        if madeFolders.insert(folder).inserted {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try AtomicFile.write(png, to: path(tile))
    }

    func finish(metadata: [String: String]) throws {
        let json = try JSONSerialization.data(withJSONObject: metadata, options: [.prettyPrinted, .sortedKeys])
        try AtomicFile.write(json, to: root + "/metadata.json")
    }
}

/// An MBTiles 1.3 file (images/map layout: identical tiles stored once).
final class MBTilesTileSink: TileSink {
    let writer: MBTilesWriter

    init(path: String, resume: Bool) throws(PyramidError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            throw TilePyramid.output("\(path): folder \(folder) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else { throw TilePyramid.output("\(path): folder \(folder) is not writable") }
        do { writer = try MBTilesWriter(path: path, allowExisting: resume) } catch {
            if case .alreadyExists = error {
                throw .request(RequestError(FieldPath("output"), segments: [
                    .text("\(path) already exists ("), .field(FieldPath("resume")), .text(" adds the missing tiles to it; or remove it)")]))
            }
            throw TilePyramid.output(error.description)
        }
    }

    func existingTiles(z: Int, among: Set<TileID>) throws -> Set<TileID> {
        try writer.existingTiles(z: z).intersection(among)
    }

    func write(_ tile: TileID, png: Data) throws { try writer.write(tile, png: png) }

    func finish(metadata: [String: String]) throws { try writer.finish(metadata: metadata) }
}
