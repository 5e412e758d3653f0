import Foundation
import MapsnapTiles

/// `mapsnap convert IN OUT`: the same tiles and metadata in another container (MBTiles, PMTiles,
/// a folder of `z/x/y.EXT`), vector or raster, each tile's bytes as stored.
public enum TileConvert {
    public struct Summary: Sendable { public var tiles = 0 }

    public static func convert(_ input: String, into output: String) throws(PyramidError) -> Summary {
        var isDirectory: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) && isDirectory.boolValue
        let archive: any TileArchive
        do { archive = folder ? try DirectoryTileArchive(path: input) : try TileArchives.open(input) } catch {
            throw .request(RequestError("input", error.description))
        }
        guard URL(fileURLWithPath: input).standardizedFileURL != URL(fileURLWithPath: output).standardizedFileURL else {
            throw TilePyramid.output("\(output) is the input; write to a new output")
        }
        return Summary(tiles: try TileArchiveCopy.copy([archive], into: output, metadata: archive.metadata.raw))
    }
}
