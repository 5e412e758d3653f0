import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapTiles

/// Writes tiles read from archives into one new output: an MBTiles file, a PMTiles file or a
/// folder of `z/x/y.EXT`, chosen by the output's name. The one way mapsnap moves tiles between
/// archives: `mapsnap convert`, `mapsnap merge` and the finishing of a PMTiles pyramid use it.
/// The output appears whole or not at all (built beside it and renamed), and must not exist yet.
enum TileArchiveCopy {
    enum Kind { case mbtiles, pmtiles, folder }

    static func kind(of output: String) -> Kind {
        let lower = output.lowercased()
        return lower.hasSuffix(".mbtiles") ? .mbtiles : lower.hasSuffix(".pmtiles") ? .pmtiles : .folder
    }

    /// Copies every tile of `inputs` (a later input's copy of a tile replaces an earlier one) into
    /// `output` with `metadata` (MBTiles rows: format, bounds, zooms, attribution, `json`, …).
    /// `replacing` lets a file output take the place of an existing file in one rename.
    /// Returns how many tiles were written.
    static func copy(_ inputs: [any TileArchive], into output: String, metadata: [String: String],
                     replacing: Bool = false) throws(PyramidError) -> Int {
        guard !FileManager.default.fileExists(atPath: output) || (replacing && kind(of: output) != .folder) else {
            throw TilePyramid.output("\(output) already exists; write to a new output (or remove it first)")
        }
        if let problem = OutputFile.folderProblem(output) { throw TilePyramid.output(problem.description) }
        let temp = output + ".partial-\(getpid())"
        try? FileManager.default.removeItem(atPath: temp)
        var count = 0
        do {
            switch kind(of: output) {
            case .mbtiles:
                let writer = try MBTilesWriter(path: temp, allowExisting: false)
                writer.batchSize = 2048
                try forEachTile(inputs) { id, data throws in try writer.write(id, data: data); count += 1 }
                try writer.writeMetadata(metadata)
            case .folder:
                let ext = Self.fileExtension(format: metadata["format"])
                var made: Set<String> = []
                try forEachTile(inputs) { id, data throws in
                    let column = "\(temp)/\(id.z)/\(id.x)"
                    if made.insert(column).inserted { try FileManager.default.createDirectory(atPath: column, withIntermediateDirectories: true) }
                    try data.write(to: URL(fileURLWithPath: "\(column)/\(id.y).\(ext)"))
                    count += 1
                }
                try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
                let object = JSONObject(metadata.keys.sorted().map { (key: $0, value: JSONValue.string(metadata[$0]!)) })
                try Data(JSONValue.object(object).prettyPrinted.utf8).write(to: URL(fileURLWithPath: temp + "/metadata.json"))
            case .pmtiles:
                // The PMTiles writer spools and renames by itself: it writes `output` directly.
                let writer = try PMTilesWriter(path: output)
                var compressed: Bool?
                do {
                    try forEachTile(inputs) { id, data throws in
                        if compressed == nil { compressed = isCompressed(data) }
                        try writer.write(id, data: data)
                        count += 1
                    }
                    try PMTilesMetadataRows.finalize(writer, rows: metadata, gzipTiles: compressed ?? false)
                } catch {
                    writer.abandon()
                    throw error
                }
                return count
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            // The user named the output, not the temporary file beside it.
            throw TilePyramid.output("\(error)".replacingOccurrences(of: temp, with: output))
        }
        guard rename(temp, output) == 0 else {
            try? FileManager.default.removeItem(atPath: temp)
            throw TilePyramid.output("\(output): cannot rename the new output into place")
        }
        return count
    }

    /// Each tile's stored bytes (compressed vector tiles stay compressed), input by input, in each
    /// input's tile order.
    private static func forEachTile(_ inputs: [any TileArchive], _ body: (TileID, Data) throws -> Void) throws {
        for input in inputs {
            try input.forEachTile { id, data in if !data.isEmpty { try body(id, data) } }
        }
    }

    /// A folder's file name extension for an MBTiles `format`.
    static func fileExtension(format: String?) -> String {
        switch format?.lowercased() {
        case "pbf", "mvt": "pbf"
        case "jpg", "jpeg": "jpg"
        case "webp": "webp"
        default: "png"
        }
    }
}

/// MBTiles metadata rows as a PMTiles header and metadata JSON.
enum PMTilesMetadataRows {
    static func finalize(_ writer: PMTilesWriter, rows: [String: String], gzipTiles: Bool) throws(PMTilesError) {
        let parsed = MBTilesMetadata(raw: rows)
        var members: [(key: String, value: JSONValue)] = []
        for key in rows.keys.sorted() where key != "json" { members.append((key, .string(rows[key]!))) }
        // MBTiles keeps vector_layers inside a JSON string; PMTiles at the top of its metadata.
        if let json = rows["json"], case .object(let o)? = try? JSONValue.parse(Data(json.utf8)) {
            for (key, value) in o where rows[key] == nil { members.append((key, value)) }
        }
        let type: PMTilesTileType = switch parsed.format?.lowercased() {
        case "pbf", "mvt": .mvt
        case "png": .png
        case "jpg", "jpeg": .jpeg
        case "webp": .webp
        default: .unknown
        }
        let centerZoom = parsed.centerZoom.flatMap { $0.isFinite && (0...30).contains($0) ? Int($0) : nil }
        try writer.finalize(metadata: JSONObject(members), tileType: type, tileCompression: gzipTiles ? .gzip : .none,
                            minZoom: parsed.minZoom, maxZoom: parsed.maxZoom, bounds: parsed.bounds,
                            center: parsed.center, centerZoom: centerZoom)
    }
}
