import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapTiles

/// Writes tiles read from archives into one new output: an MBTiles file, a PMTiles file or a
/// folder of `z/x/y.EXT`, chosen by the output's name. The one way mapsnap moves tiles between
/// archives: `mapsnap convert`, `mapsnap merge` and the finishing of a PMTiles pyramid use it.
/// The output appears whole or not at all (built beside it as `PartialOutput` and renamed), and
/// must not exist yet.
///
/// Runs of identical tiles (`TileRun`: a PMTiles stores billions of sea tiles in one entry) stay
/// runs in a PMTiles output; an MBTiles or a folder stores tiles one by one, so the inputs' tiles
/// are counted first, up to `InputLimits.maxArchiveTiles`, and refused above it before anything is
/// written.
enum TileArchiveCopy {
    enum Kind { case mbtiles, pmtiles, folder }

    /// A name ending in `/` is a folder, whatever comes before it.
    static func kind(of output: String) -> Kind {
        let lower = output.lowercased()
        if lower.hasSuffix("/") { return .folder }
        return lower.hasSuffix(".mbtiles") ? .mbtiles : lower.hasSuffix(".pmtiles") ? .pmtiles : .folder
    }

    /// What a copy did.
    struct Outcome {
        /// Tiles written (each tile of a run counted).
        var tiles = 0
        /// Tiles the inputs hold without bytes, which no output stores (PMTiles has no empty tiles).
        var emptyTiles = 0
        /// Partial outputs that runs killed earlier left beside the output, now removed.
        var removedPartials: [String] = []
    }

    /// How the caller names input `index` in an error about it (`message` names the file): the
    /// field it came from (`input`, `inputs[2]`), or, for an input the user never gave, the output.
    typealias InputError = (_ index: Int, _ message: String) -> PyramidError

    /// Copies every tile of `inputs` (a later input's copy of a tile replaces an earlier one) into
    /// `output` with `metadata` (MBTiles rows: format, bounds, zooms, attribution, `json`, …).
    /// `replacing` lets a file output take the place of an existing file in one rename;
    /// `whenEmpty`, when given, is the error when no tile was copied (then nothing is written).
    static func copy(_ inputs: [any TileArchive], into output: String, metadata: [String: String], replacing: Bool = false,
                     inputError: InputError = { i, message in .request(RequestError(FieldPath("inputs").appending(index: i), message)) },
                     whenEmpty: (() -> PyramidError)? = nil) throws(PyramidError) -> Outcome {
        let kind = kind(of: output)
        // `OUT/` names the folder OUT: the partial output goes beside it, not into it.
        let target = withoutTrailingSlashes(output)
        guard !FileManager.default.fileExists(atPath: target) || (replacing && kind != .folder) else {
            throw TilePyramid.output("\(output) already exists; write to a new output (or remove it first)")
        }
        // The folder is judged from the output without its trailing slash (`OUT/` names OUT).
        if let problem = OutputFile.folderProblem(target) {
            throw TilePyramid.output(OutputFile.Problem(path: output, reason: problem.reason).description)
        }
        var outcome = Outcome(removedPartials: PartialOutput.removeStale(of: target))
        if kind != .pmtiles { try checkTileCount(inputs, inputError: inputError) }

        let temp = PartialOutput.path(for: target)
        try? FileManager.default.removeItem(atPath: temp)
        do {
            var writer = try CopyOutputWriter(kind: kind, path: temp, format: metadata["format"])
            do {
                for (i, input) in inputs.enumerated() {
                    try forEachRun(of: input, index: i) { run throws in
                        guard !run.data.isEmpty else { outcome.emptyTiles += run.count; return }
                        try writer.write(run) { written throws in
                            outcome.tiles += written
                            try CopyInterruption.check(tilesWritten: outcome.tiles)
                        }
                    }
                }
                try CopyInterruption.check(tilesWritten: outcome.tiles)
                if outcome.tiles == 0, let whenEmpty { throw NothingCopied(error: whenEmpty()) }
                try writer.finish(metadata: metadata)
                try CopyInterruption.check(tilesWritten: outcome.tiles)
            } catch {
                writer.abandon()
                throw error
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            throw describe(error, output: output, temp: temp, inputError: inputError)
        }
        do { try AtomicFile.moveIntoPlace(temp, target) } catch {
            throw TilePyramid.output("\(output): cannot move the new output into place (\(error.reason))")
        }
        return outcome
    }

    /// Refuses inputs that hold more tiles together than an output without runs takes, counting
    /// no further than the limit.
    private static func checkTileCount(_ inputs: [any TileArchive], inputError: InputError) throws(PyramidError) {
        let limit = InputLimits.maxArchiveTiles
        var total = 0
        for (i, input) in inputs.enumerated() {
            let count: Int?
            do { count = try input.tileCount(upTo: limit - total) } catch { throw inputError(i, error.description) }
            guard let count else {
                let tooMany = TileArchiveError.tooManyTiles(path: input.path, limit: limit).description
                throw inputError(i, i == 0 ? tooMany : "\(tooMany) (counting the inputs before it)")
            }
            total += count
        }
    }

    /// Input `index`'s runs; what `body` throws is the output's problem (`OutputFailure`), what
    /// else comes out is the input's (`InputFailure`).
    private static func forEachRun(of input: any TileArchive, index: Int, _ body: (TileRun) throws -> Void) throws {
        do {
            try input.forEachRun { run in
                do { try body(run) } catch let error as CopyInterruption { throw error } catch { throw OutputFailure(error: error) }
            }
        } catch let error as OutputFailure { throw error } catch let error as CopyInterruption { throw error } catch {
            throw InputFailure(index: index, error: error)
        }
    }

    private struct InputFailure: Error { let index: Int, error: any Error }
    private struct NothingCopied: Error { let error: PyramidError }
    private struct OutputFailure: Error { let error: any Error }

    /// The error to report: an input's problem in the caller's words for it, an output's naming
    /// the output the user gave (not the partial file beside it).
    private static func describe(_ error: any Error, output: String, temp: String, inputError: InputError) -> PyramidError {
        switch error {
        case let failure as InputFailure:
            return inputError(failure.index, "\(failure.error)")
        case let empty as NothingCopied:
            return empty.error
        case let interruption as CopyInterruption:
            return .failed("\(output): interrupted by \(TerminationSignals.name(interruption.signal)) before it was finished; nothing was written")
        case let failure as OutputFailure:
            return TilePyramid.output("\(failure.error)".replacingOccurrences(of: temp, with: output))
        default:
            return TilePyramid.output("\(error)".replacingOccurrences(of: temp, with: output))
        }
    }

    /// `path` without the slashes it ends with (`/` stays `/`).
    static func withoutTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
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
