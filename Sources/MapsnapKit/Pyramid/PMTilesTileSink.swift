import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapTiles

/// A PMTiles pyramid output. A PMTiles file is written in one pass once every tile is known
/// (its directories come before the tiles), so the run renders into an MBTiles beside it,
/// `OUT.pmtiles.partial.mbtiles`, which makes it resumable (`--resume` continues that file and
/// checks its plan, as for an MBTiles output) and shardable (each shard its own `.pmtiles`, or
/// `.mbtiles` shards merged into one `.pmtiles`). When the run ends with every tile rendered, the
/// archive is written from it (clustered, identical tiles once) and the partial file removed;
/// otherwise the partial file stays for `--resume`.
final class PMTilesTileSink: TileSink {
    let output: String
    private let stagingPath: String
    private let resume: Bool
    /// Made when the run first writes (a refused run leaves no file behind).
    private var staging: MBTilesTileSink?
    /// The finished archive an earlier run left, when there is no partial file.
    private let finished: PMTilesTileArchive?
    let recorded: [String: String]
    let isNew: Bool
    private var wroteTiles = false

    static func stagingPath(_ output: String) -> String { output + ".partial.mbtiles" }

    init(path: String, resume: Bool) throws(PyramidError) {
        output = path
        stagingPath = Self.stagingPath(path)
        self.resume = resume
        if FileManager.default.fileExists(atPath: stagingPath) {
            let s = try MBTilesTileSink(path: stagingPath, resume: resume)
            (staging, finished, recorded, isNew) = (s, nil, s.recorded, false)
        } else if FileManager.default.fileExists(atPath: path) {
            do { finished = try PMTilesTileArchive(path: path) } catch { throw TilePyramid.output(error.description) }
            (recorded, isNew) = (finished!.metadata.raw, false)
        } else {
            (finished, recorded, isNew) = (nil, [:], true)
        }
    }

    private func openStaging() throws -> MBTilesTileSink {
        if let staging { return staging }
        let s = try MBTilesTileSink(path: stagingPath, resume: resume)
        staging = s
        return s
    }

    func existingTiles(z: Int, among: Set<TileID>) throws -> Set<TileID> {
        if let finished { return Set(try finished.tileIDs(atZoom: z)).intersection(among) }
        return try staging?.existingTiles(z: z, among: among) ?? []
    }

    func write(_ tile: TileID, data: Data) throws {
        try openStaging().write(tile, data: data)
        wroteTiles = true
    }

    func writeMetadata(_ metadata: [String: String]) throws { try openStaging().writeMetadata(metadata) }

    /// Writes the archive when the run completed. A finished archive resumed with nothing to add stays.
    func finish() throws {
        guard let staging else { return }
        let rows = try staging.writer.metadata()
        guard rows[PyramidPlanRecord.completeKey] == "true" else { return }
        if finished != nil && !wroteTiles {
            MBTilesTileSink.removeFiles(of: stagingPath)
            return
        }
        let archive: MBTilesArchive
        do { archive = try MBTilesArchive(path: stagingPath) } catch { throw TilePyramid.output(error.description) }
        // The plan matched, so a file at the output is this pyramid's: replaced in one rename.
        _ = try TileArchiveCopy.copy([archive], into: output, metadata: rows, replacing: true)
        MBTilesTileSink.removeFiles(of: stagingPath)
    }

    func discard() {
        guard isNew else { return }
        MBTilesTileSink.removeFiles(of: stagingPath)
    }
}
