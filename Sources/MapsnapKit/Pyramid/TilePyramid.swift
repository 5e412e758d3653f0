import Foundation

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
        try options.validate()
        self.options = options
    }

    /// One rendered tile on its way to the sink.
    private struct Rendered: @unchecked Sendable {
        let tile: TileID
        let png: Data?
        let uniform: Bool
    }

    public func run(progress: (PyramidProgress) -> Void = { _ in }) throws(PyramidError) -> PyramidProgress {
        let start = Date()
        let main: Snapshotter
        do { main = try Snapshotter(style: options.style, tiles: options.tiles) } catch { throw .snapshot(error) }
        let box = try bbox(main)
        var wanted = TilePyramidPlan.wanted(box, zooms: options.zooms, metatileSize: options.metatileSize)
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
            throw .output("\(error)")
        }

        let queue = BoundedQueue<[Rendered]>(capacity: max(2, options.jobs * 2), producers: options.jobs)
        let counter = JobCounter(count: jobs.count)
        let failures = FailureLog()
        let jobList = jobs
        let opts = options
        let warn = onWarning
        var threads: [Thread] = []
        for _ in 0..<options.jobs {
            let t = Thread {
                Self.work(jobs: jobList, counter: counter, queue: queue, options: opts, failures: failures, warn: warn)
            }
            t.stackSize = 8 << 20
            threads.append(t)
            t.start()
        }
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
        if let writeError { throw .output("\(writeError)") }
        for message in failures.messages { onWarning(message) }
        do { try sink.finish(metadata: metadata(main, box)) } catch { throw .output("\(error)") }
        stats.seconds = Date().timeIntervalSince(start)
        return stats
    }

    /// A worker: takes metatiles in turn, renders each, cuts and encodes its tiles.
    private static func work(jobs: [TilePyramidPlan.Job], counter: JobCounter, queue: BoundedQueue<[Rendered]>,
                             options: TilePyramidOptions, failures: FailureLog, warn: @escaping @Sendable (String) -> Void) {
        defer { queue.producerFinished() }
        let snapshotter: Snapshotter
        do { snapshotter = try Snapshotter(style: options.style, tiles: options.tiles) } catch {
            failures.add("cannot open the style or tiles in a worker: \(error)")
            while let i = counter.take() { queue.push(jobs[i].tiles.map { Rendered(tile: $0, png: nil, uniform: false) }) }
            return
        }
        var uniformCache: [UInt32: Data] = [:]
        let side = 256 * options.scale
        while let i = counter.take() {
            let job = jobs[i]
            let m = job.metatile
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
                let log = WarningLog(sink: warn)
                let image = try snapshotter.renderer.render(camera, warnings: log)
                for t in job.tiles {
                    let px = (t.x - x0) * side, py = (t.y - y0) * side
                    if let color = image.uniformPixel(x: px, y: py, width: side, height: side) {
                        if uniformCache[color] == nil {
                            uniformCache[color] = try image.pngData(x: px, y: py, width: side, height: side, compression: options.compression)
                        }
                        out.append(Rendered(tile: t, png: uniformCache[color], uniform: true))
                    } else {
                        out.append(Rendered(tile: t, png: try image.pngData(x: px, y: py, width: side, height: side,
                                                                             compression: options.compression), uniform: false))
                    }
                }
            } catch {
                failures.add("metatile \(m): \(error)")
                out = job.tiles.map { Rendered(tile: $0, png: nil, uniform: false) }
            }
            queue.push(out)
        }
    }

    private func bbox(_ main: Snapshotter) throws(PyramidError) -> BoundingBox {
        guard var b = options.bbox ?? main.dataBounds else {
            throw .invalidOption(option: "bbox", message: "the tile source has no bounds; give --bbox W,S,E,N")
        }
        let limit = WebMercator.maxLatitude
        if b.north > limit || b.south < -limit {
            onWarning("--bbox: latitudes beyond ±85.0511° (the Web Mercator limit) are clamped to it")
            b.north = min(b.north, limit)
            b.south = max(b.south, -limit)
        }
        return b
    }

    private func makeSink() throws(PyramidError) -> TileSink {
        if options.outputIsMBTiles { return try MBTilesTileSink(path: options.output, resume: options.resume) }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: options.output, isDirectory: &isDir) {
            guard isDir.boolValue else { throw .output("\(options.output) is a file; give a folder or a .mbtiles path") }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: options.output)) ?? []
            if !contents.isEmpty && !options.resume {
                throw .output("\(options.output) is not empty (--resume adds the missing tiles to it; or remove it)")
            }
        } else if !URL(fileURLWithPath: options.output).pathExtension.isEmpty {
            throw .output("'\(options.output)' is neither a folder nor a .mbtiles file")
        }
        return try DirectoryTileSink(root: options.output)
    }

    /// Expected work of a metatile: its tiles, weighted by how much vector data lies under it.
    static func cost(_ m: Metatile, tiles: Int, _ main: Snapshotter) -> Double {
        let n = Double(1 << m.z)
        let center = WebMercator.unprojectUnit(Point(x: (Double(m.x) + Double(m.size) / 2) / n, y: (Double(m.y) + Double(m.size) / 2) / n))
        let bytes = main.sources.values.reduce(0) { total, source in
            let z = TileCover.sourceZoom(forZoom: Double(m.z) - 1, minZoom: source.minZoom, maxZoom: source.maxZoom)
            let id = TileID(containing: center, z: z)
            return total + source.archives.reduce(0) { $0 + ((try? $1.rawTileData(id)?.count) ?? 0) }
        }
        return Double(tiles) * (1 + Double(bytes) / 16384)
    }

    private func metadata(_ main: Snapshotter, _ box: BoundingBox) -> [String: String] {
        func f(_ v: Double) -> String { String(format: "%.6f", v) }
        let center = box.center
        return [
            "name": "mapsnap \(main.style.name ?? "map")",
            "format": "png",
            "type": "baselayer",
            "version": "1.0.0",
            "description": "Raster tiles rendered by mapsnap from \(main.style.name ?? "a style")",
            "bounds": "\(f(box.west)),\(f(box.south)),\(f(box.east)),\(f(box.north))",
            "center": "\(f(center.longitude)),\(f(center.latitude)),\(options.zooms.lowerBound)",
            "minzoom": "\(options.zooms.lowerBound)",
            "maxzoom": "\(options.zooms.upperBound)",
            "attribution": main.attribution,
        ]
    }
}

/// Failures reported by worker threads.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var messages: [String] = []
    func add(_ m: String) { lock.lock(); messages.append(m); lock.unlock() }
}
