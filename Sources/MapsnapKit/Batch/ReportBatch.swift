import Foundation

/// The outcome of one manifest item, one row of `batch-report.csv`.
public struct BatchRow: Sendable {
    public enum Status: String, Sendable { case ok, failed, skipped }
    public var id: String
    public var status: Status
    public var output: String
    public var message: String
}

/// Options of `mapsnap batch`.
public struct ReportBatchOptions: Sendable {
    public var manifest: String
    public var outputFolder: String
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Re-render items whose image is already there and newer than the manifest.
    public var force = false
    /// Add the offline address to every item's caption.
    public var address = false
    /// Defaults for every item (style, size, …), as the CLI's options give them.
    public var defaults = SnapshotOptions()
    public var filter = FixFilter()
    public init(manifest: String, outputFolder: String) { self.manifest = manifest; self.outputFolder = outputFolder }
}

/// `mapsnap batch`: one image per manifest item on all cores. Every item's failure is recorded
/// and the batch goes on; images are written atomically; an item whose image is newer than the
/// manifest is skipped (unless forced). Styles, fonts and tiles are loaded once per worker.
public final class ReportBatch {
    public let options: ReportBatchOptions

    public init(options: ReportBatchOptions) { self.options = options }

    public struct Progress: Sendable { public var done = 0; public var total = 0; public var failed = 0 }

    public func run(progress: @escaping @Sendable (Progress) -> Void = { _ in }) throws(BatchError) -> [BatchRow] {
        let (items, lineErrors) = try BatchManifest.read(options.manifest, defaults: options.defaults)
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: options.outputFolder, isDirectory: &isDir) {
            do { try FileManager.default.createDirectory(atPath: options.outputFolder, withIntermediateDirectories: true) } catch {
                throw .output("\(options.outputFolder): cannot create the folder")
            }
        } else if !isDir.boolValue {
            throw .output("\(options.outputFolder) is a file, not a folder")
        }
        guard FileManager.default.isWritableFile(atPath: options.outputFolder) else { throw .output("\(options.outputFolder): folder is not writable") }
        let manifestDate = (try? FileManager.default.attributesOfItem(atPath: options.manifest)[.modificationDate] as? Date) ?? .distantPast

        let results = ResultTable(count: items.count)
        let counter = JobCounter(count: items.count)
        let opts = options
        let total = items.count
        let state = ProgressState(total: total)
        var threads: [Thread] = []
        let done = DispatchGroup()
        for _ in 0..<max(1, min(options.jobs, max(items.count, 1))) {
            done.enter()
            let t = Thread {
                defer { done.leave() }
                let worker = BatchWorker(options: opts, manifestDate: manifestDate)
                while let i = counter.take() {
                    let row = worker.render(items[i])
                    results.set(i, row)
                    progress(state.add(failed: row.status == .failed))
                }
            }
            t.stackSize = 8 << 20
            threads.append(t)
            t.start()
        }
        done.wait()
        // Rows in manifest order: items and bad lines interleaved by line number.
        var rows: [(Int, BatchRow)] = items.indices.map { (items[$0].line, results.get($0)!) }
        rows += lineErrors.map { ($0.line, BatchRow(id: $0.id, status: .failed, output: "", message: $0.message)) }
        let ordered = rows.sorted { $0.0 < $1.0 }.map(\.1)
        try writeReport(ordered)
        return ordered
    }

    private func writeReport(_ rows: [BatchRow]) throws(BatchError) {
        var csv = "id,status,output,message\n"
        for r in rows { csv += [r.id, r.status.rawValue, r.output, r.message].map(CSV.escape).joined(separator: ",") + "\n" }
        let path = options.outputFolder + "/batch-report.csv"
        do { try AtomicFile.write(Data(csv.utf8), to: path) } catch { throw .output(error.description) }
    }
}

/// One worker thread's renderers (one per style), geocoder and caption drawing.
final class BatchWorker {
    let options: ReportBatchOptions
    let manifestDate: Date
    private var snapshotters: [StyleReference: Snapshotter] = [:]
    private var geocoder: ReverseGeocoder?

    init(options: ReportBatchOptions, manifestDate: Date) {
        self.options = options
        self.manifestDate = manifestDate
    }

    func render(_ item: BatchItem) -> BatchRow {
        let name = item.id + ".png"
        let path = options.outputFolder + "/" + name
        if !options.force, let attrs = try? FileManager.default.attributesOfItem(atPath: path),
           let date = attrs[.modificationDate] as? Date, date > manifestDate {
            return BatchRow(id: item.id, status: .skipped, output: name, message: "already rendered")
        }
        do {
            var o = item.options
            for file in item.trackFiles {
                do {
                    let result = try TrackFile.load(path: file, filter: options.filter, style: Track(segments: []), startEndMarkers: true)
                    o.overlays += result.overlays
                } catch { throw BatchItemParser.Problem(field: "tracks", message: error.description) }
            }
            if case .fit = o.framing {} else if o.center == nil && !o.overlays.isEmpty {
                o.framing = .fit(padding: 40, fallbackMeters: 800)
            }
            let snapshotter = try snapshotterFor(o.style)
            let snapshot = try snapshotter.snapshot(o)
            var image = snapshot.image
            var lines: [CaptionBand.Line] = []
            if let t = item.title { lines.append(.init(t, .title)) }
            if let c = item.caption { lines.append(.init(c, .body)) }
            if item.address || options.address {
                if geocoder == nil { geocoder = ReverseGeocoder(snapshotter: snapshotter) }
                let a = geocoder!.address(at: addressPoint(o, snapshot.camera)).formatted
                if !a.isEmpty { lines.append(.init(a, .detail)) }
            }
            if !lines.isEmpty {
                image = try CaptionBand.captioned(image, lines: lines, pixelRatio: o.scale,
                                                  dark: snapshotter.renderer.backgroundIsDark(atZoom: snapshot.camera.zoom),
                                                  text: snapshotter.renderer.text)
            }
            try AtomicFile.write(try image.pngData(compression: o.compression), to: path)
            return BatchRow(id: item.id, status: .ok, output: name, message: "")
        } catch {
            return BatchRow(id: item.id, status: .failed, output: "", message: "line \(item.line): \(error)")
        }
    }

    /// Where the address is looked up: the user's location, else the first marker, else the center.
    private func addressPoint(_ o: SnapshotOptions, _ camera: Camera) -> LatLon {
        for case .userLocation(let u) in o.overlays { return u.coordinate }
        for case .marker(let m) in o.overlays { return m.coordinate }
        return camera.center
    }

    private func snapshotterFor(_ style: StyleReference) throws -> Snapshotter {
        if let s = snapshotters[style] { return s }
        let s = try Snapshotter(style: style, tiles: options.defaults.tiles)
        snapshotters[style] = s
        return s
    }
}

final class ResultTable: @unchecked Sendable {
    private var rows: [BatchRow?]
    private let lock = NSLock()
    init(count: Int) { rows = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: BatchRow) { lock.lock(); rows[i] = r; lock.unlock() }
    func get(_ i: Int) -> BatchRow? { lock.lock(); defer { lock.unlock() }; return rows[i] }
}

final class ProgressState: @unchecked Sendable {
    private var p: ReportBatch.Progress
    private let lock = NSLock()
    init(total: Int) { p = .init(done: 0, total: total, failed: 0) }
    func add(failed: Bool) -> ReportBatch.Progress {
        lock.lock(); defer { lock.unlock() }
        p.done += 1
        if failed { p.failed += 1 }
        return p
    }
}
