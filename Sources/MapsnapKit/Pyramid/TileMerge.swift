import Foundation

/// `mapsnap merge`: joins the MBTiles of several shards into one. Tiles are copied as stored
/// (identical images still stored once); the metadata's bounds and zoom range become the union.
public enum TileMerge {
    public struct Summary: Sendable { public var tiles = 0; public var inputs = 0 }

    public static func merge(_ inputs: [String], into output: String) throws(PyramidError) -> Summary {
        guard !inputs.isEmpty else { throw .invalidOption(option: "merge", message: "give at least one .mbtiles to merge") }
        guard output.lowercased().hasSuffix(".mbtiles") else { throw .output("'\(output)' must end in .mbtiles") }
        guard !FileManager.default.fileExists(atPath: output) else {
            throw .output("\(output) already exists; merge writes a new file")
        }
        let archives: [MBTilesArchive]
        do { archives = try inputs.map { path throws(TileArchiveError) in try MBTilesArchive(path: path) } } catch {
            throw .invalidOption(option: "merge", message: error.description)
        }
        for a in archives where a.metadata.format != "png" {
            throw .invalidOption(option: "merge", message: "\(a.path): holds '\(a.metadata.format ?? "unknown")' tiles, not png")
        }
        // Build next to the output and rename at the end: a failed merge leaves no half file.
        let temp = output + ".partial-\(getpid())"
        try? FileManager.default.removeItem(atPath: temp)
        var summary = Summary(tiles: 0, inputs: archives.count)
        do {
            let writer = try MBTilesWriter(path: temp, allowExisting: false)
            writer.batchSize = 2048
            for a in archives {
                for id in try a.tileIDs() {
                    if let data = try a.rawTileData(id) { try writer.write(id, png: data); summary.tiles += 1 }
                }
            }
            try writer.finish(metadata: mergedMetadata(archives.map(\.metadata)))
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            throw .output("\(error)")
        }
        guard rename(temp, output) == 0 else {
            try? FileManager.default.removeItem(atPath: temp)
            throw .output("\(output): cannot rename the merged file into place")
        }
        return summary
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
