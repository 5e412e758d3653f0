import Foundation
import MapsnapTiles

/// `mapsnap convert IN OUT`: the same tiles and metadata in another container (MBTiles, PMTiles,
/// a folder of `z/x/y.EXT`), vector or raster, each tile's bytes as stored (brotli and zstd
/// PMTiles tiles, which the others cannot hold, as gzip or plain: see `TileArchive`).
public enum TileConvert {
    public struct Summary: Sendable {
        public var tiles = 0
    }

    /// What was left out or cleaned up on the way goes to `warnings`, a line each, naming the paths.
    public static func convert(_ input: String, into output: String, warnings: WarningLog) throws(PyramidError) -> Summary {
        var isDirectory: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) && isDirectory.boolValue
        let archive: any TileArchive
        do { archive = folder ? try DirectoryTileArchive(path: input) : try TileArchives.open(input) } catch {
            throw .request(RequestError("input", error.description))
        }
        let target = TileArchiveCopy.withoutTrailingSlashes(output)
        guard URL(fileURLWithPath: TileArchiveCopy.withoutTrailingSlashes(input)).standardizedFileURL != URL(fileURLWithPath: target).standardizedFileURL,
              !SameFile.check(input, target) else {
            throw TilePyramid.output("\(output) is the input; write to a new output")
        }
        var summary = Summary()
        // Rows an MBTiles holds outside the z/x/y grid are no tiles: said, not silently dropped.
        var outside: (count: Int, example: String)?
        if let mbtiles = archive as? MBTilesArchive {
            do { outside = try mbtiles.rowsOutsideGrid() } catch { throw .request(RequestError("input", error.description)) }
        }
        let outcome = try TileArchiveCopy.copy([archive], into: output, metadata: archive.metadata.raw,
                                               inputError: { _, message in .request(RequestError("input", message)) },
                                               whenEmpty: { emptyInput(input, outside: outside) })
        summary.tiles = outcome.tiles
        if let outside {
            warnings.warn("\(input): \(rows(outside.count)) of its tiles table \(outside.count == 1 ? "is" : "are") outside the z/x/y grid "
                          + "and \(outside.count == 1 ? "was" : "were") not converted (the first: \(outside.example))")
        }
        if outcome.emptyTiles > 0 {
            warnings.warn("\(input): \(outcome.emptyTiles) \(outcome.emptyTiles == 1 ? "tile has" : "tiles have") no bytes and "
                          + "\(outcome.emptyTiles == 1 ? "was" : "were") left out")
        }
        for partial in outcome.removedPartials {
            warnings.warn("removed \(partial), the unfinished output of an earlier run that was stopped")
        }
        return summary
    }

    /// Why nothing was converted: the input holds no tile, perhaps only rows outside the grid.
    static func emptyInput(_ input: String, outside: (count: Int, example: String)?) -> PyramidError {
        guard let outside else { return .request(RequestError("input", "\(input) holds no tiles; nothing to convert")) }
        return .request(RequestError("input", "\(input) holds no tiles in the z/x/y grid, only \(rows(outside.count)) outside it "
                                     + "(the first: \(outside.example)); nothing to convert"))
    }

    private static func rows(_ n: Int) -> String { n == 1 ? "1 row" : "\(n) rows" }
}
