import Foundation
import MapsnapGeo
import MapsnapTiles
import MapsnapRender

/// `mapsnap merge`: joins the MBTiles or PMTiles of several shards into one (MBTiles or PMTiles). Tiles are copied as stored
/// (identical images still stored once); the metadata's bounds and zoom range become the union.
public enum TileMerge {
    public struct Summary: Sendable { public var tiles = 0; public var inputs = 0 }

    public static func merge(_ inputs: [String], into output: String) throws(PyramidError) -> Summary {
        guard !inputs.isEmpty else { throw .request(RequestError("inputs", "give at least one .mbtiles or .pmtiles to merge")) }
        guard TileArchiveCopy.kind(of: output) != .folder else { throw TilePyramid.output("'\(output)' must end in .mbtiles or .pmtiles") }
        guard !FileManager.default.fileExists(atPath: output) else {
            throw TilePyramid.output("\(output) already exists; merge writes a new file")
        }
        var archives: [any TileArchive] = []
        for (i, path) in inputs.enumerated() {
            let field = FieldPath("inputs").appending(index: i)
            do { archives.append(try TileArchives.open(path)) } catch { throw .request(RequestError(field, error.description)) }
            // Shards of one pyramid hold one image format; vector tiles are not a pyramid's.
            let format = archives[i].metadata.format ?? "unknown"
            guard ["png", "webp", "jpg"].contains(format) else {
                throw .request(RequestError(field, "\(path): holds '\(format)' tiles, not png, webp or jpg images"))
            }
            if let first = archives.first?.metadata.format, first != format {
                throw .request(RequestError(field, "\(path): holds \(format) tiles but \(inputs[0]) holds \(first); merge shards of one pyramid"))
            }
        }
        try checkTileSizes(archives)
        let tiles = try TileArchiveCopy.copy(archives, into: output, metadata: mergedMetadata(archives.map(\.metadata)))
        return Summary(tiles: tiles, inputs: archives.count)
    }

    /// Tiles of one size only: a 256-px and a 512-px (`--scale 2`) pyramid do not merge.
    static func checkTileSizes(_ archives: [any TileArchive]) throws(PyramidError) {
        var first: (path: String, width: Int)?
        for (i, a) in archives.enumerated() {
            guard let id = try? a.tileIDs(atZoom: nil).first, let data = try? a.rawTileData(id),
                  let width = PNGHeader.width(data) ?? (try? RasterTileImage.decode(data))?.width else { continue }
            if let first, first.width != width {
                throw .request(RequestError(FieldPath("inputs").appending(index: i), segments: [
                    .text("\(a.path) holds \(width)-px tiles, \(first.path) \(first.width)-px tiles: merge pyramids of one "),
                    .field(FieldPath("scale"))]))
            }
            if first == nil { first = (a.path, width) }
        }
    }

    static func mergedMetadata(_ all: [MBTilesMetadata]) -> [String: String] {
        var out = all[0].raw
        if let b = BoundingBox.union(of: all.compactMap(\.bounds)) {
            out["bounds"] = String(format: "%.6f,%.6f,%.6f,%.6f", b.west, b.south, b.east, b.north)
        }
        if let z = all.compactMap(\.minZoom).min() { out["minzoom"] = "\(z)" }
        if let z = all.compactMap(\.maxZoom).max() { out["maxzoom"] = "\(z)" }
        return out
    }
}
