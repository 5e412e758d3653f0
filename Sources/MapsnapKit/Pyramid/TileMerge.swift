import Foundation
import MapsnapGeo
import MapsnapTiles
import MapsnapRender

/// `mapsnap merge`: joins the MBTiles or PMTiles of several shards into one (MBTiles or PMTiles). Tiles are copied as stored
/// (identical images still stored once); the metadata's bounds and zoom range become the union.
public enum TileMerge {
    public struct Summary: Sendable { public var tiles = 0; public var inputs = 0 }

    /// `replacing`: an existing `output` is replaced in one rename once the merge is written
    /// (`--force`; a rerun of a pyramid needs no cleaning by hand), never one of the inputs.
    public static func merge(_ inputs: [String], into output: String, replacing: Bool = false) throws(PyramidError) -> Summary {
        guard !inputs.isEmpty else { throw .request(RequestError("inputs", "give at least one .mbtiles or .pmtiles to merge")) }
        guard TileArchiveCopy.kind(of: output) != .folder else { throw TilePyramid.output("'\(output)' must end in .mbtiles or .pmtiles") }
        if FileManager.default.fileExists(atPath: output) {
            guard replacing else {
                throw .request(RequestError(FieldPath("output"), segments: [
                    .text("\(output) already exists; merge writes a new file ("), .field(FieldPath("force")), .text(" replaces it)")]))
            }
            if let i = inputs.firstIndex(where: { SameFile.check($0, output) }) {
                throw .request(RequestError(FieldPath("output"), segments: [
                    .text("\(output) is also input \(i + 1) (\(inputs[i])); merge into another file")]))
            }
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
        var metadata = mergedMetadata(archives.map(\.metadata))
        // Shards of one plan make up that plan's whole pyramid, recorded as a single run records it.
        if let whole = try ShardSet.check(zip(inputs, archives).map { ShardSet.Input(path: $0, metadata: $1.metadata.raw) }) {
            metadata[PyramidPlanRecord.planKey] = whole.text
            metadata[PyramidPlanRecord.completeKey] = "true"
        }
        let outcome = try TileArchiveCopy.copy(archives, into: output, metadata: metadata, replacing: replacing)
        return Summary(tiles: outcome.tiles, inputs: archives.count)
    }

    /// Tiles of one size only: a 256-px and a 512-px (`--scale 2`) pyramid do not merge.
    static func checkTileSizes(_ archives: [any TileArchive]) throws(PyramidError) {
        var first: (path: String, width: Int)?
        for (i, a) in archives.enumerated() {
            // The first tile only: listing an archive's tiles would expand its runs.
            guard let (_, data) = try? a.firstTile(), let width = PNGHeader.width(data) ?? (try? RasterTileImage.decode(data))?.width else { continue }
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
