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
            // The partial file is the run's own, not the user's: named only to say what to remove.
            if let reason = MBTilesTileSink.notAnArchive(stagingPath) {
                throw TilePyramid.output("\(path): the tiles of its unfinished run (\(stagingPath)) are not an MBTiles archive (\(reason)); "
                                         + "remove that file to start again")
            }
            let s = try MBTilesTileSink(path: stagingPath, resume: resume)
            (staging, finished, recorded, isNew) = (s, nil, s.recorded, false)
        } else if FileManager.default.fileExists(atPath: path) {
            do { finished = try PMTilesTileArchive(path: path) } catch {
                if case .pmtiles(let problem) = error, case .noSuchFile = problem { throw TilePyramid.output(error.description) }
                throw TilePyramid.output("\(path) already exists and cannot be added to: \(Self.reason(error, path: path)); "
                                         + "write to a new output (or remove it first)")
            }
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
        do { archive = try MBTilesArchive(path: stagingPath) } catch { throw readBackFailure(error.description) }
        // The plan matched, so a file at the output is this pyramid's: replaced in one rename. Its
        // input is the run's own partial file: its problems are the output's.
        _ = try TileArchiveCopy.copy([archive], into: output, metadata: rows, replacing: true,
                                     inputError: { _, message in self.readBackFailure(message) })
        MBTilesTileSink.removeFiles(of: stagingPath)
    }

    /// The rendered tiles could not be read back from the partial file to write the archive.
    private func readBackFailure(_ message: String) -> PyramidError {
        TilePyramid.output("\(output): cannot read back the tiles rendered so far: \(Self.reason(message, path: stagingPath))")
    }

    /// `error`'s message without the path it starts with.
    static func reason(_ error: any Error, path: String) -> String { reason("\(error)", path: path) }

    static func reason(_ message: String, path: String) -> String {
        message.hasPrefix(path + ": ") ? String(message.dropFirst(path.count + 2)) : message
    }

    func discard() {
        guard isNew else { return }
        MBTilesTileSink.removeFiles(of: stagingPath)
    }
}
