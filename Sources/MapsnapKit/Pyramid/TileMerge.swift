import Foundation
import MapsnapGeo
import MapsnapTiles

/// `mapsnap merge`: joins the MBTiles of several shards into one. Tiles are copied as stored
/// (identical images still stored once); the metadata's bounds and zoom range become the union.
public enum TileMerge {
    public struct Summary: Sendable { public var tiles = 0; public var inputs = 0 }

    public static func merge(_ inputs: [String], into output: String) throws(PyramidError) -> Summary {
        guard !inputs.isEmpty else { throw .request(RequestError("inputs", "give at least one .mbtiles to merge")) }
        guard output.lowercased().hasSuffix(".mbtiles") else { throw TilePyramid.output("'\(output)' must end in .mbtiles") }
        guard !FileManager.default.fileExists(atPath: output) else {
            throw TilePyramid.output("\(output) already exists; merge writes a new file")
        }
        var archives: [MBTilesArchive] = []
        for (i, path) in inputs.enumerated() {
            let field = FieldPath("inputs").appending(index: i)
            do { archives.append(try MBTilesArchive(path: path)) } catch { throw .request(RequestError(field, error.description)) }
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
        // Build next to the output and rename at the end: a failed merge leaves no half file.
        let temp = output + ".partial-\(getpid())"
        try? FileManager.default.removeItem(atPath: temp)
        var summary = Summary(tiles: 0, inputs: archives.count)
        do {
            let writer = try MBTilesWriter(path: temp, allowExisting: false)
            writer.batchSize = 2048
            for a in archives {
                for id in try a.tileIDs() {
                    if let data = try a.rawTileData(id) { try writer.write(id, data: data); summary.tiles += 1 }
                }
            }
            try writer.writeMetadata(mergedMetadata(archives.map(\.metadata)))
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            // The user named the output, not the temporary file beside it.
            throw TilePyramid.output("\(error)".replacingOccurrences(of: temp, with: output))
        }
        guard rename(temp, output) == 0 else {
            try? FileManager.default.removeItem(atPath: temp)
            throw TilePyramid.output("\(output): cannot rename the merged file into place")
        }
        return summary
    }

    /// Tiles of one size only: a 256-px and a 512-px (`--scale 2`) pyramid do not merge.
    static func checkTileSizes(_ archives: [MBTilesArchive]) throws(PyramidError) {
        var first: (path: String, width: Int)?
        for (i, a) in archives.enumerated() {
            guard let id = try? a.tileIDs().first, let data = try? a.rawTileData(id), let width = PNGHeader.width(data) else { continue }
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
