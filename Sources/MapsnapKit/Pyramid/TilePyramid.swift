import Foundation
import Synchronization
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
    /// Notices (a latitude clamped to the Web Mercator limit, a corrupt source tile).
    public var onWarning: @Sendable (String) -> Void = { _ in }

    public init(options: TilePyramidOptions) throws(PyramidError) {
        do { try options.validate() } catch { throw .request(error) }
        self.options = options
    }

    static func output(_ message: String) -> PyramidError { .request(RequestError("output", message)) }

    /// One rendered tile on its way to the sink.
    private struct Rendered: @unchecked Sendable {
        let tile: TileID
        let png: Data?
        let uniform: Bool
    }

    public func run(progress: (PyramidProgress) -> Void = { _ in }) throws(PyramidError) -> PyramidProgress {
        let start = Date()
        let main: Snapshotter
        do { main = try Snapshotter(options.style) } catch { throw .request(error) }
        let boxes = try areas(main)
        var wanted = TilePyramidPlan.wanted(boxes, zooms: options.zooms, metatileSize: options.metatileSize)
        if let shard = options.shard {
            let costs = wanted.map { Self.cost($0.0, tiles: $0.1.count, main) }
            let assignment = TilePyramidPlan.shardIndices(costs: costs, count: shard.count)
            wanted = wanted.indices.filter { assignment[$0] == shard.index }.map { wanted[$0] }
        }
        let sink = try makeSink()
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
            throw Self.output("\(error)")
        }

        let queue = BoundedQueue<[Rendered]>(capacity: max(2, options.jobs * 2), producers: 1)
        let failures = FailureLog()
        let opts = options
        let warn = onWarning
        let pool = WorkerPool<PyramidWorker>(threads: options.jobs) { PyramidWorker(opts.style) }
        let side = 256 * options.scale
        for job in jobs {
            pool.submit { worker in
                queue.push(Self.render(job, with: &worker, side: side, options: opts, failures: failures, warn: warn))
            }
        }
        pool.finish()
        DispatchQueue.global().async { pool.wait(); queue.producerFinished() }
        // This thread writes.
        var writeError: Error?
        while let batch = queue.pop() {
            guard writeError == nil else { continue }   // drain so workers can finish
            for r in batch {
                guard let png = r.png else { stats.failed += 1; continue }
                do { try sink.write(r.tile, png: png) } catch { writeError = error; break }
                stats.done += 1
                stats.bytes += png.count
                if r.uniform { stats.uniform += 1 }
            }
            stats.seconds = Date().timeIntervalSince(start)
            progress(stats)
        }
        if let writeError { throw Self.output("\(writeError)") }
        for message in failures.messages { onWarning(message) }
        do { try sink.finish(metadata: metadata(main, boxes)) } catch { throw Self.output("\(error)") }
        stats.seconds = Date().timeIntervalSince(start)
        return stats
    }

    /// Renders one metatile on a worker's snapshotter, cuts and encodes its tiles (a tile of one
    /// flat colour is encoded once per worker and reused).
    private static func render(_ job: TilePyramidPlan.Job, with worker: inout PyramidWorker, side: Int,
                               options: TilePyramidOptions, failures: FailureLog, warn: @escaping @Sendable (String) -> Void) -> [Rendered] {
        let m = job.metatile
        let snapshotter: Snapshotter
        switch worker.snapshotter {
        case .success(let s): snapshotter = s
        case .failure(let error):
            failures.add("metatile \(m): cannot open the style or data in a worker: \(error)")
            return job.tiles.map { Rendered(tile: $0, png: nil, uniform: false) }
        }
        // Only the part of the metatile that holds wanted tiles (a small box needs one or two).
        let x0 = job.tiles.map(\.x).min()!, x1 = job.tiles.map(\.x).max()!
        let y0 = job.tiles.map(\.y).min()!, y1 = job.tiles.map(\.y).max()!
        let columns = x1 - x0 + 1, rows = y1 - y0 + 1
        let zoom = Double(m.z) - 1   // a 256-px tile at level z is MapLibre zoom z − 1
        let centerWorld = Point(x: (Double(x0) + Double(columns) / 2) * 256, y: (Double(y0) + Double(rows) / 2) * 256)
        let camera = Camera(center: WebMercator.unproject(centerWorld, zoom: zoom), zoom: zoom,
                            size: ImageSize(width: columns * 256, height: rows * 256), pixelRatio: Double(options.scale))
        var out: [Rendered] = []
        out.reserveCapacity(job.tiles.count)
        do {
            let image = try snapshotter.renderer.render(camera, warnings: WarningLog(sink: warn))
            for t in job.tiles {
                let px = (t.x - x0) * side, py = (t.y - y0) * side
                if let color = image.uniformPixel(x: px, y: py, width: side, height: side) {
                    if worker.uniformTiles[color] == nil {
                        worker.uniformTiles[color] = try image.pngData(x: px, y: py, width: side, height: side, compression: options.compression)
                    }
                    out.append(Rendered(tile: t, png: worker.uniformTiles[color], uniform: true))
                } else {
                    out.append(Rendered(tile: t, png: try image.pngData(x: px, y: py, width: side, height: side,
                                                                         compression: options.compression), uniform: false))
                }
            }
        } catch {
            failures.add("metatile \(m): \(error)")
            out = job.tiles.map { Rendered(tile: $0, png: nil, uniform: false) }
        }
        return out
    }

    /// The boxes to cover: `--bbox`, else each region of the data (latitudes clamped to the Web
    /// Mercator limit, with a warning).
    private func areas(_ main: Snapshotter) throws(PyramidError) -> [BoundingBox] {
        var boxes = options.bbox.map { [$0] } ?? main.coverage.regions.map(\.bounds)
        guard !boxes.isEmpty else {
            throw .request(RequestError(FieldPath("bbox"), segments: [.text("the data has no bounds; give "), .field(FieldPath("bbox"))]))
        }
        let limit = WebMercator.maxLatitude
        if boxes.contains(where: { $0.north > limit || $0.south < -limit }) {
            onWarning("bbox: latitudes beyond ±85.0511° (the Web Mercator limit) are clamped to it")
            boxes = boxes.map { BoundingBox(west: $0.west, south: max($0.south, -limit), east: $0.east, north: min($0.north, limit)) }
        }
        return boxes
    }

    private func makeSink() throws(PyramidError) -> TileSink {
        if options.outputIsMBTiles { return try MBTilesTileSink(path: options.output, resume: options.resume) }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: options.output, isDirectory: &isDir) {
            guard isDir.boolValue else { throw Self.output("\(options.output) is a file; give a folder or a .mbtiles path") }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: options.output)) ?? []
            if !contents.isEmpty && !options.resume {
                throw .request(RequestError(FieldPath("output"), segments: [
                    .text("\(options.output) is not empty ("), .field(FieldPath("resume")), .text(" adds the missing tiles to it; or remove it)")]))
            }
        } else if !URL(fileURLWithPath: options.output).pathExtension.isEmpty {
            throw Self.output("'\(options.output)' is neither a folder nor a .mbtiles file")
        }
        return try DirectoryTileSink(root: options.output)
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
            "format": "png",
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

/// A pyramid worker thread's own snapshotter (or why it could not open one) and its encoded
/// flat-colour tiles (open sea), which are encoded once and reused.
struct PyramidWorker {
    let snapshotter: Result<Snapshotter, RequestError>
    var uniformTiles: [UInt32: Data] = [:]
    init(_ selection: StyleSelection) {
        snapshotter = Result { () throws(RequestError) in try Snapshotter(selection) }
    }
}

/// Failures reported by worker threads.
final class FailureLog: Sendable {
    private let log = Mutex<[String]>([])
    func add(_ m: String) { log.withLock { $0.append(m) } }
    var messages: [String] { log.withLock { $0 } }
}
