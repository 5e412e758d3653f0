import Foundation
import MapsnapFormats
import MapsnapRender
import MapsnapTiles

/// The output side of `TileArchiveCopy`: an MBTiles, a PMTiles or a folder of `z/x/y.EXT`,
/// written at `path` (the partial output, renamed into place by the copy).
struct CopyOutputWriter {
    private enum Target {
        case mbtiles(MBTilesWriter)
        /// `compressed`: whether the tiles are gzip (told from the first), for the header.
        case pmtiles(PMTilesWriter, compressed: Bool?)
        case folder(fileExtension: String, made: Set<String>)
        case finished
    }

    let path: String
    private var target: Target

    /// Tiles of a run an MBTiles stores per step (its bytes hashed once a step): a run of
    /// millions is written in steps, so that a copy can stop between them.
    static let mbtilesStep = 4096

    init(kind: TileArchiveCopy.Kind, path: String, format: String?) throws {
        self.path = path
        switch kind {
        case .mbtiles:
            let writer = try MBTilesWriter(path: path, allowExisting: false)
            writer.batchSize = 2048
            target = .mbtiles(writer)
        case .pmtiles:
            target = .pmtiles(try PMTilesWriter(path: path), compressed: nil)
        case .folder:
            target = .folder(fileExtension: TileArchiveCopy.fileExtension(format: format), made: [])
        }
    }

    /// Writes every tile of `run`, calling `progress` with the tiles each step wrote.
    mutating func write(_ run: TileRun, progress: (Int) throws -> Void) throws {
        switch target {
        case .mbtiles(let writer):
            var done = 0
            while done < run.count {
                let step = min(Self.mbtilesStep, run.count - done)
                try writer.write(TileRun(firstID: run.firstID + UInt64(done), count: step, data: run.data))
                done += step
                try progress(step)
            }
        case .pmtiles(let writer, let compressed):
            try writer.write(run)
            target = .pmtiles(writer, compressed: compressed ?? isCompressed(run.data))
            try progress(run.count)
        case .folder(let fileExtension, var made):
            try run.forEachTile { id in
                let column = "\(path)/\(id.z)/\(id.x)"
                let file = "\(column)/\(id.y).\(fileExtension)"
                if made.insert(column).inserted { try AtomicFile.makeFolder(column, for: file) }
                try AtomicFile.write(run.data, to: file)
                try progress(1)
            }
            target = .folder(fileExtension: fileExtension, made: made)
        case .finished:
            preconditionFailure("write after finish")
        }
    }

    /// Writes the metadata and closes the output (a PMTiles is written now, from its spool).
    mutating func finish(metadata: [String: String]) throws {
        switch target {
        case .mbtiles(let writer):
            try writer.writeMetadata(metadata)
        case .pmtiles(let writer, let compressed):
            try PMTilesMetadataRows.finalize(writer, rows: metadata, gzipTiles: compressed ?? false)
        case .folder:
            try AtomicFile.makeFolder(path, for: path + "/metadata.json")
            let object = JSONObject(metadata.keys.sorted().map { (key: $0, value: JSONValue.string(metadata[$0]!)) })
            try AtomicFile.write(Data(JSONValue.object(object).prettyPrinted.utf8), to: path + "/metadata.json")
        case .finished:
            break
        }
        // Dropping the MBTiles writer closes its database before the file is renamed.
        target = .finished
    }

    /// Gives up: closes what is open and removes what was written (the PMTiles spool; the
    /// MBTiles database and SQLite's journal).
    mutating func abandon() {
        if case .pmtiles(let writer, _) = target { writer.abandon() }
        let wasMBTiles = if case .mbtiles = target { true } else { false }
        target = .finished
        if wasMBTiles { MBTilesTileSink.removeFiles(of: path) }
    }
}
