import Foundation
import Synchronization
import MapsnapFormats
import MapsnapGeo
import MapsnapRender

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
    /// What every item starts from (style, size, …, as the CLI's options give them); an item's
    /// own fields override these.
    public var defaults = MapRequest()
    /// Threads, or worker processes that a crash cannot take the whole batch down with.
    public var isolation: ItemIsolation = .threads
    /// Also write the batch as one PDF, a page per item that rendered (`BatchReportPDF`).
    public var reportPDF: String?
    public init(manifest: String, outputFolder: String) { self.manifest = manifest; self.outputFolder = outputFolder }
}

/// `mapsnap batch`: one image per manifest item on all cores. Every item's failure is recorded
/// and the batch goes on; images are written atomically; an item whose image is newer than the
/// manifest is skipped (unless forced). Each worker loads a style and its data once per
/// selection (`SnapshotterCache`). With `reportPDF`, the items that rendered are then laid out
/// as the pages of one PDF (`BatchReportPDF`).
public final class ReportBatch {
    public let options: ReportBatchOptions

    public init(options: ReportBatchOptions) { self.options = options }

    public struct Progress: Sendable {
        public var done = 0; public var total = 0; public var failed = 0
        /// Pages of the report PDF drawn so far, of `pageTotal` (0: none yet, or no PDF).
        public var pages = 0; public var pageTotal = 0
    }

    /// Pages in the report PDF that the last `run` wrote (0: none written).
    public private(set) var pdfPages = 0

    public func run(progress: @escaping @Sendable (Progress) -> Void = { _ in }) throws(RequestError) -> [BatchRow] {
        let (items, lineErrors) = try BatchManifest.read(options.manifest, defaults: options.defaults)
        try prepareOutputFolder()
        if BatchWorker.samePath(reportPath, options.manifest) {
            throw RequestError("output", "\(reportPath) is the manifest itself; write the batch to another folder")
        }
        if let pdf = options.reportPDF { try Self.checkReportPDF(pdf, manifest: options.manifest) }
        let manifestDate = (try? FileManager.default.attributesOfItem(atPath: options.manifest)[.modificationDate] as? Date) ?? .distantPast

        let results = ResultTable(count: items.count)
        let state = ProgressState(total: items.count)
        switch options.isolation {
        case .threads:
            let opts = options
            let pool: WorkerPool<BatchWorker>
            do {
                pool = try WorkerPool(threads: min(options.jobs, max(items.count, 1))) {
                    BatchWorker(options: opts, manifestDate: manifestDate)
                }
            } catch { throw RequestError("jobs", "\(error)") }
            for (i, item) in items.enumerated() {
                pool.submit { worker in
                    let row = worker.render(item)
                    results.set(i, row)
                    progress(state.add(failed: row.status == .failed))
                }
            }
            pool.finish()
            pool.wait()
        case .processes(let command):
            ItemProcesses(command: command, jobs: options.jobs).render(items, results: results) { row in
                progress(state.add(failed: row.status == .failed))
            }
        }
        var itemRows = items.indices.map { results.get($0)! }
        // The PDF before the CSV, which is always written last, even when the PDF cannot be.
        var pdfFailure: RequestError?
        do { try writeReportPDF(items, rows: &itemRows, done: state.current, progress: progress) } catch { pdfFailure = error }
        // Rows in manifest order: items and bad lines interleaved by line number.
        var rows: [(Int, BatchRow)] = items.indices.map { (items[$0].line, itemRows[$0]) }
        rows += lineErrors.map { ($0.line, BatchRow(id: $0.id, status: .failed, output: "", message: $0.message)) }
        let ordered = rows.sorted { $0.0 < $1.0 }.map(\.1)
        try writeReport(ordered)
        if let pdfFailure { throw pdfFailure }
        return ordered
    }

    /// The `--pdf` report, when asked for; items whose page fails are failed in `rows`.
    private func writeReportPDF(_ items: [BatchItem], rows: inout [BatchRow], done: Progress,
                                progress: (Progress) -> Void) throws(RequestError) {
        pdfPages = 0
        guard let pdf = options.reportPDF else { return }
        let outcome = try BatchReportPDF(path: pdf, address: options.address).write(items, rows: rows) { pages, pageTotal in
            var p = done
            (p.pages, p.pageTotal) = (pages, pageTotal)
            progress(p)
        }
        for (i, row) in outcome.failures { rows[i] = row }
        pdfPages = outcome.pages
    }

    /// The report PDF's name and folder, checked before any item is drawn.
    static func checkReportPDF(_ path: String, manifest: String) throws(RequestError) {
        guard VectorFormat(fileName: path) == .pdf else { throw RequestError("pdf", "'\(path)' must end in .pdf") }
        if BatchWorker.samePath(path, manifest) { throw RequestError("pdf", "\(path) is the manifest itself") }
        if let problem = OutputFile.problem(path) { throw RequestError("pdf", problem.description) }
    }

    /// The worker side of `ItemIsolation.processes`: reads the manifest as the parent does, then
    /// renders the items whose numbers arrive on stdin, one row per line on stdout, until stdin ends.
    public func serveItems() throws(RequestError) {
        let (items, _) = try BatchManifest.read(options.manifest, defaults: options.defaults)
        let manifestDate = (try? FileManager.default.attributesOfItem(atPath: options.manifest)[.modificationDate] as? Date) ?? .distantPast
        let worker = BatchWorker(options: options, manifestDate: manifestDate)
        while let line = Swift.readLine(strippingNewline: true) {
            guard let i = Int(line), items.indices.contains(i) else { continue }
            let text = ItemProtocol.line(index: i, worker.render(items[i])) + "\n"
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    private func prepareOutputFolder() throws(RequestError) {
        let folder = options.outputFolder
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw RequestError("output", "\(folder): cannot create the folder")
            }
        } else if !isDir.boolValue {
            throw RequestError("output", "\(folder) is a file, not a folder")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else { throw RequestError("output", "\(folder): folder is not writable") }
    }

    var reportPath: String { options.outputFolder + "/batch-report.csv" }

    private func writeReport(_ rows: [BatchRow]) throws(RequestError) {
        var csv = "id,status,output,message\n"
        for r in rows { csv += [r.id, r.status.rawValue, r.output, r.message].map(CSV.escape).joined(separator: ",") + "\n" }
        do { try AtomicFile.write(Data(csv.utf8), to: reportPath) } catch { throw RequestError("output", error.description) }
    }
}

/// One worker thread: its snapshotters (one per style selection), their geocoders, and captions.
final class BatchWorker {
    let options: ReportBatchOptions
    let manifestDate: Date
    private let items = BatchItemRenderer()

    init(options: ReportBatchOptions, manifestDate: Date) {
        self.options = options
        self.manifestDate = manifestDate
    }

    func render(_ item: BatchItem) -> BatchRow {
        let name = item.id + "." + (item.request.vectorFormat?.fileExtension ?? item.request.encoding.fileExtension)
        let path = options.outputFolder + "/" + name
        if Self.samePath(path, options.manifest) {
            return failed(item, "id: \(name) would overwrite the manifest; give the item another id or the batch another output folder")
        }
        // A FIFO or a device at the item's name is neither written over nor taken as done.
        if let problem = OutputFile.problem(path) { return failed(item, "output: \(problem)") }
        if !options.force, let attrs = try? FileManager.default.attributesOfItem(atPath: path),
           let date = attrs[.modificationDate] as? Date, date > manifestDate, (attrs[.size] as? Int ?? 0) > 0 {
            return BatchRow(id: item.id, status: .skipped, output: name, message: "already rendered")
        }
        // Tests: a deterministic crash in one item, to show that the others are still rendered.
        if InjectedFaults.current.crashItem == item.id { fatalError("injected fault: crash-item=\(item.id)") }
        // What the item's render warned of (a corrupt tile, an icon the sprite lacks) goes into its
        // row: in a batch of thousands nobody reads a stream of warnings, and a row is kept.
        let warnings = WarningLog()
        do {
            if let format = item.request.vectorFormat {
                try AtomicFile.write(try items.document(item, format: format, address: options.address, warnings: warnings), to: path)
            } else {
                let snapshot = try items.snapshot(item, address: options.address, warnings: warnings)
                try AtomicFile.write(try snapshot.encoded(), to: path)
            }
            return BatchRow(id: item.id, status: .ok, output: name, message: warnings.messages.map { "warning: " + $0 }.joined(separator: "; "))
        } catch let e as RequestError {
            return failed(item, e.description)
        } catch let e as SnapshotError {
            return failed(item, e.description)
        } catch {
            return failed(item, "\(error)")
        }
    }

    private func failed(_ item: BatchItem, _ message: String) -> BatchRow {
        BatchRow(id: item.id, status: .failed, output: "", message: "line \(item.line): \(message)")
    }

    static func samePath(_ a: String, _ b: String) -> Bool {
        URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath().path
            == URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath().path
    }

}

/// The rows of a batch, set by the workers, read in order at the end.
final class ResultTable: Sendable {
    private let rows: Mutex<[BatchRow?]>
    init(count: Int) { rows = Mutex(Array(repeating: nil, count: count)) }
    func set(_ i: Int, _ r: BatchRow) { rows.withLock { $0[i] = r } }
    func get(_ i: Int) -> BatchRow? { rows.withLock { $0[i] } }
}

/// Items done and failed so far, for the progress line.
final class ProgressState: Sendable {
    private let progress: Mutex<ReportBatch.Progress>
    init(total: Int) { progress = Mutex(.init(done: 0, total: total, failed: 0)) }
    var current: ReportBatch.Progress { progress.withLock { $0 } }
    func add(failed: Bool) -> ReportBatch.Progress {
        progress.withLock { p in
            p.done += 1
            if failed { p.failed += 1 }
            return p
        }
    }
}
