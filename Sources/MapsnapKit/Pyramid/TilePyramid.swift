import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapRender
import MapsnapTiles

/// Progress of a running pyramid, reported after every written batch.
public struct PyramidProgress: Sendable {
    public var done = 0
    public var total = 0
    public var skipped = 0
    /// Tiles of one flat colour (open sea, empty): encoded once and reused.
    public var uniform = 0
    public var failed = 0
    public var bytes = 0
    public var seconds = 0.0
    public var tilesPerSecond: Double { seconds > 0 ? Double(done) / seconds : 0 }
}

/// `mapsnap tiles`: renders metatiles on all cores, cuts them into tiles, and writes them to a
/// folder or an MBTiles file. Rendering and encoding run on `jobs` worker threads, each with its
/// own renderer (Pango and SQLite handles are per thread); the calling thread writes, so writing
/// overlaps rendering. Memory stays flat: at most a few metatiles are in flight.
public final class TilePyramid {
    public let options: TilePyramidOptions
    /// What the run met and went on without (a latitude clamped to the Web Mercator limit, a
    /// corrupt source tile, a metatile that failed), each said once for the whole run.
    public let warnings: WarningLog

    public init(options: TilePyramidOptions, warnings: WarningLog = WarningLog()) throws(PyramidError) {
        do { try options.validate() } catch { throw .request(error) }
        self.options = options
        self.warnings = warnings
    }

    static func output(_ message: String) -> PyramidError { .request(RequestError("output", message)) }
    /// `error` as the output's problem; a `PyramidError` stays as it is (its message already
    /// carries its field: wrapping it again would read `--output: output: …`).
    static func outputFailure(_ error: any Error) -> PyramidError { (error as? PyramidError) ?? output("\(error)") }

    /// One rendered tile on its way to the sink.
    private struct Rendered: @unchecked Sendable {
        let tile: TileID
        let data: Data?
        let uniform: Bool
    }

    /// What the run will do, said before it starts (the CLI prints it).
    public var onPlan: @Sendable (_ tiles: Int, _ metatiles: Int) -> Void = { _, _ in }

    public func run(progress: (PyramidProgress) -> Void = { _ in }) throws(PyramidError) -> PyramidProgress {
        let start = Date()
        let main: Snapshotter
        do { main = try Snapshotter(options.style) } catch { throw .request(error) }
        // JPEG has no alpha: a style that leaves some pixels transparent would fail every tile and
        // leave an unfinished output behind, so it is refused before anything is made.
        if options.encoding.format == .jpeg,
           let zoom = options.zooms.first(where: { !main.renderer.backgroundIsOpaque(atZoom: Double(max($0 - 1, 0))) }) {
            throw .request(RequestError("format", "JPEG tiles need an opaque map, and the style's background is not opaque at zoom \(zoom) "
                                        + "(no background layer below everything, or a translucent one); write png or webp tiles"))
        }
        // What the style and data lack is said once, before any tile (the tiles would lack it silently).
        main.reportLoadWarnings(to: warnings)
        let boxes = try areas(main)
        try checkSize(boxes)
        var wanted = TilePyramidPlan.wanted(boxes, zooms: options.zooms, metatileSize: options.metatileSize)
        if let shard = options.shard {
            let costs = wanted.map { Self.cost($0.0, tiles: $0.1.count, main) }
            let assignment = TilePyramidPlan.shardIndices(costs: costs, count: shard.count)
            wanted = wanted.indices.filter { assignment[$0] == shard.index }.map { wanted[$0] }
        }
        let sink = try openSink(plan: PyramidPlanRecord(options, areas: boxes, fingerprints: PyramidFingerprints(main)))
        // From here on a failure removes an output this run created: nothing half-made is left.
        do {
            return try render(wanted, into: sink, main: main, boxes: boxes, start: start, progress: progress)
        } catch {
            sink.discard()
            throw error
        }
    }

    private func render(_ wanted: [(Metatile, [TileID])], into sink: TileSink, main: Snapshotter, boxes: [BoundingBox],
                        start: Date, progress: (PyramidProgress) -> Void) throws(PyramidError) -> PyramidProgress {
        var stats = PyramidProgress()
        stats.total = wanted.reduce(0) { $0 + $1.1.count }
        var jobs: [TilePyramidPlan.Job] = []
        do {
            var existing: [Int: Set<TileID>] = [:]
            if options.resume {
                for z in options.zooms {
                    let all = Set(wanted.filter { $0.0.z == z }.flatMap(\.1))
                    existing[z] = try sink.existingTiles(z: z, among: all)
                }
            }
            for (meta, tiles) in wanted {
                let todo = tiles.filter { !(existing[meta.z]?.contains($0) ?? false) }
                stats.skipped += tiles.count - todo.count
                if !todo.isEmpty { jobs.append(.init(metatile: meta, tiles: todo)) }
            }
        } catch {
            throw Self.outputFailure(error)
        }
        onPlan(stats.total, wanted.count)

        let queue = BoundedQueue<[Rendered]>(capacity: max(2, options.jobs * 2), producers: 1)
        // Failed metatiles are said after the last tile is written, not amid the other warnings.
        let failures = WarningLog()
        let opts = options
        let warnings = warnings
        let pool: WorkerPool<PyramidWorker>
        do { pool = try WorkerPool(threads: min(options.jobs, max(jobs.count, 1))) { PyramidWorker(opts) } } catch { throw .request(RequestError("jobs", "\(error)")) }
        if let shortfall = pool.shortfall { warnings.warn("jobs: \(shortfall)") }
        for job in jobs {
            pool.submit { worker in
                queue.push(Self.render(job, with: &worker, failures: failures, warnings: warnings))
            }
        }
        pool.finish(whenDone: { queue.producerFinished() })
        // This thread writes.
        var writeError: Error?
        while let batch = queue.pop() {
            guard writeError == nil else { continue }   // drain so workers can finish
            for r in batch {
                guard let data = r.data else { stats.failed += 1; continue }
                do { try sink.write(r.tile, data: data) } catch { writeError = error; break }
                stats.done += 1
                stats.bytes += data.count
                if r.uniform { stats.uniform += 1 }
            }
            stats.seconds = Date().timeIntervalSince(start)
            progress(stats)
        }
        if let writeError { throw Self.outputFailure(writeError) }
        failures.messages.forEach(warnings.warn)
        var metadata = metadata(main, boxes)
        metadata[PyramidPlanRecord.completeKey] = stats.failed == 0 ? "true" : "false"
        do { try sink.writeMetadata(metadata); try sink.finish() } catch { throw Self.outputFailure(error) }
        stats.seconds = Date().timeIntervalSince(start)
        return stats
    }

    /// Refuses work that cannot finish: more than `InputLimits.maxPyramidTiles` tiles, or more than
    /// `pyramidTilesWithoutConfirmation` without `confirmLarge`. Counted from the tile ranges, before
    /// any tile is listed.
    private func checkSize(_ boxes: [BoundingBox]) throws(PyramidError) {
        var count = 0
        for z in options.zooms {
            for box in boxes { for range in TileRange.covering(box, z: z) { count = count.addingReportingOverflow(range.count).partialValue } }
            if count > InputLimits.maxPyramidTiles { break }
        }
        let zooms = "z\(options.zooms.lowerBound)–\(options.zooms.upperBound)"
        if count > InputLimits.maxPyramidTiles {
            throw .request(RequestError(FieldPath("zoom"), segments: [
                .text("\(zooms) over this area is more than \(InputLimits.maxPyramidTiles) tiles, the most one run renders; "),
                .text("split the zoom range or the area, or render it in shards (the limit is per shard's plan)")]))
        }
        if count > InputLimits.pyramidTilesWithoutConfirmation && !options.confirmLarge {
            throw .request(RequestError(FieldPath("yes"), segments: [
                .text("\(zooms) over this area is up to \(count) tiles; give "), .field(FieldPath("yes")),
                .text(" to render more than \(InputLimits.pyramidTilesWithoutConfirmation) in one run")]))
        }
    }

    /// The output, checked against what an earlier run recorded in it: a plain run refuses any
    /// existing output (saying whether it is finished); a resume must ask for the same plan.
    private func openSink(plan: PyramidPlanRecord) throws(PyramidError) -> TileSink {
        let sink = try makeSink()
        let output = options.output
        if !sink.isNew {
            let recordedPlan = sink.recorded[PyramidPlanRecord.planKey].flatMap(PyramidPlanRecord.init(text:))
            if !options.resume {
                let unfinished = recordedPlan != nil && sink.recorded[PyramidPlanRecord.completeKey] != "true"
                throw .request(RequestError(FieldPath("output"), segments: [
                    .text(unfinished ? "\(output) is an unfinished pyramid ("
                          : "\(output) \(options.outputIsMBTiles || options.outputIsPMTiles ? "already exists" : "is not empty") ("),
                    .field(FieldPath("resume")),
                    .text(unfinished ? " finishes it with the same options; or remove it)" : " adds the missing tiles to it; or remove it)")]))
            }
            guard let recordedPlan else {
                throw .request(RequestError("resume", "\(output) holds no mapsnap plan (another tool or an older mapsnap made it); write to a new output"))
            }
            if let mismatch = plan.mismatch(with: recordedPlan, output: output) { throw .request(mismatch) }
        }
        do { try sink.writeMetadata([PyramidPlanRecord.planKey: plan.text, PyramidPlanRecord.completeKey: "false"]) } catch {
            sink.discard()
            throw Self.outputFailure(error)
        }
        return sink
    }

    /// Renders one metatile on a worker's snapshotter with the shared `MetatileRenderer` (the whole
    /// metatile, whichever of its tiles are wanted: a tile depends only on its z/x/y, the style and
    /// the data, so resumes, shards, small boxes and the server all give the same bytes).
    private static func render(_ job: TilePyramidPlan.Job, with worker: inout PyramidWorker,
                               failures: WarningLog, warnings: WarningLog) -> [Rendered] {
        let m = job.metatile
        let snapshotter: Snapshotter
        switch worker.snapshotter {
        case .success(let s): snapshotter = s
        case .failure(let error):
            failures.warn("metatile \(m): cannot open the style or data in a worker: \(error)")
            return job.tiles.map { Rendered(tile: $0, data: nil, uniform: false) }
        }
        do {
            return try worker.tiles.render(m, tiles: job.tiles, with: snapshotter, warnings: warnings)
                .map { Rendered(tile: $0.id, data: $0.data, uniform: $0.uniform) }
        } catch {
            failures.warn("metatile \(m): \(error)")
            return job.tiles.map { Rendered(tile: $0, data: nil, uniform: false) }
        }
    }

    /// The boxes to cover: `--bbox`, else each region of the data (latitudes clamped to the Web
    /// Mercator limit, with a warning).
    private func areas(_ main: Snapshotter) throws(PyramidError) -> [BoundingBox] {
        var boxes = options.bbox.map { [$0] } ?? main.coverage.regions.map(\.bounds)
        guard !boxes.isEmpty else {
            let why = main.coverage.unbounded.isEmpty ? "" : " (\(main.coverage.unbounded.joined(separator: "; ")))"
            throw .request(RequestError(FieldPath("bbox"), segments: [.text("the data has no bounds\(why); give "), .field(FieldPath("bbox"))]))
        }
        let limit = WebMercator.maxLatitude
        if boxes.contains(where: { $0.north > limit || $0.south < -limit }) {
            warnings.warn("bbox: latitudes beyond ±85.0511° (the Web Mercator limit) are clamped to it")
            boxes = boxes.map { BoundingBox(west: $0.west, south: max($0.south, -limit), east: $0.east, north: min($0.north, limit)) }
        }
        return boxes
    }

    private func makeSink() throws(PyramidError) -> TileSink {
        if options.outputIsMBTiles { return try MBTilesTileSink(path: options.output, resume: options.resume) }
        if options.outputIsPMTiles { return try PMTilesTileSink(path: options.output, resume: options.resume) }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: options.output, isDirectory: &isDir) {
            guard isDir.boolValue else { throw Self.output("\(options.output) is a file; give a folder, a .mbtiles or a .pmtiles path") }
        } else if !URL(fileURLWithPath: options.output).pathExtension.isEmpty {
            throw Self.output("'\(options.output)' is neither a folder nor a .mbtiles or .pmtiles file")
        }
        return try DirectoryTileSink(root: options.output, resume: options.resume, fileExtension: options.encoding.fileExtension)
    }

    /// Expected work of a metatile: its tiles, weighted by how much vector data lies under it.
    static func cost(_ m: Metatile, tiles: Int, _ main: Snapshotter) -> Double {
        let n = Double(1 << m.z)
        let center = WebMercator.unprojectUnit(Point(x: (Double(m.x) + Double(m.size) / 2) / n, y: (Double(m.y) + Double(m.size) / 2) / n))
        let bytes = main.vectorSources.values.reduce(0) { total, source in
            let z = TileCover.sourceZoom(forZoom: Double(m.z) - 1, minZoom: source.minZoom, maxZoom: source.maxZoom)
            let id = TileID(containing: center, z: z)
            return total + source.archives.reduce(0) { $0 + ((try? $1.rawTileData(id)?.count) ?? 0) }
        }
        return Double(tiles) * (1 + Double(bytes) / 16384)
    }

    private func metadata(_ main: Snapshotter, _ boxes: [BoundingBox]) -> [String: String] {
        let box = BoundingBox.union(of: boxes)!
        func f(_ v: Double) -> String { String(format: "%.6f", v) }
        // A center that has data: the first area's (the union of several regions may be open sea).
        let center = boxes[0].center
        var metadata = [
            "name": "mapsnap \(main.style.name ?? "map")",
            "format": options.encoding.fileExtension,
            "type": "baselayer",
            "version": "1.0.0",
            "description": "Raster tiles rendered by mapsnap from \(main.style.name ?? "a style")",
            "bounds": "\(f(box.west)),\(f(box.south)),\(f(box.east)),\(f(box.north))",
            "center": "\(f(center.longitude)),\(f(center.latitude)),\(options.zooms.lowerBound)",
            "minzoom": "\(options.zooms.lowerBound)",
            "maxzoom": "\(options.zooms.upperBound)",
        ]
        if let credit = main.attribution { metadata["attribution"] = credit }
        return metadata
    }
}

/// A pyramid worker thread's own snapshotter (or why it could not open one) and its metatile
/// renderer (which keeps the encoded flat-colour tiles, e.g. open sea, to reuse them).
struct PyramidWorker {
    let snapshotter: Result<Snapshotter, RequestError>
    let tiles: MetatileRenderer
    init(_ options: TilePyramidOptions) {
        snapshotter = Result { () throws(RequestError) in try Snapshotter(options.style) }
        tiles = MetatileRenderer(scale: options.scale, encoding: options.encoding)
    }
}
