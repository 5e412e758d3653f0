import Foundation
import MapsnapFormats
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How a batch keeps one item's failure from ending the others.
public enum ItemIsolation: Sendable, Equatable {
    /// Items render on worker threads of this process: fastest; a bug that traps ends the batch.
    case threads
    /// Items render in worker processes started with `command` (the executable and its arguments,
    /// which must make it call `ReportBatch.serveItems()`); a worker that crashes fails the item it
    /// was on, is replaced, and the batch goes on.
    case processes(command: [String])
}

/// The parent side of `.processes`: one thread per worker process hands it item numbers on its
/// stdin, one per line, and reads one result row per item on its stdout.
struct ItemProcesses {
    let command: [String]
    let jobs: Int

    func render(_ items: [BatchItem], results: ResultTable, progress: @escaping @Sendable (BatchRow) -> Void) {
        let next = Mutex(0)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(jobs, items.count)) {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                var worker: WorkerProcess?
                while let i = next.withLock({ n -> Int? in
                    guard n < items.count else { return nil }
                    n += 1
                    return n - 1
                }) {
                    let row: BatchRow
                    do {
                        if worker == nil { worker = try WorkerProcess(command) }
                        row = try worker!.render(i)
                    } catch {
                        let why = worker?.exitDescription() ?? "\(error)"
                        worker = nil
                        row = BatchRow(id: items[i].id, status: .failed, output: "",
                                       message: "line \(items[i].line): rendering this item stopped its worker process (\(why)); the batch went on")
                    }
                    results.set(i, row)
                    progress(row)
                }
                worker?.finish()
            }
            thread.start()
        }
        group.wait()
    }
}

/// One worker process and the pipes to it.
final class WorkerProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    struct Stopped: Error {}

    init(_ command: [String]) throws {
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Asks for item `i` and waits for its row; throws when the process ends instead.
    func render(_ i: Int) throws -> BatchRow {
        try input.fileHandleForWriting.write(contentsOf: Data("\(i)\n".utf8))
        guard let line = readLine(), let row = ItemProtocol.row(line), row.index == i else { throw Stopped() }
        return row.row
    }

    /// How the process ended, for the failed row: `signal 11`, `exit code 3`.
    func exitDescription() -> String {
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "exit code \(process.terminationStatus)"
    }

    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func readLine() -> [UInt8]? {
        let fd = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return line
            }
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 4096) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }
}

/// The rows a worker process sends back: one JSON object per line.
enum ItemProtocol {
    static func line(index: Int, _ row: BatchRow) -> String {
        JSONValue.object(JSONObject([
            (key: "index", value: .number(Double(index))), (key: "id", value: .string(row.id)),
            (key: "status", value: .string(row.status.rawValue)), (key: "output", value: .string(row.output)),
            (key: "message", value: .string(row.message)),
        ])).compactText
    }

    static func row(_ line: [UInt8]) -> (index: Int, row: BatchRow)? {
        guard case .object(let o)? = try? JSONValue.parse(line), let index = o["index"]?.integerValue,
              let id = o["id"]?.stringValue, let status = o["status"]?.stringValue.flatMap(BatchRow.Status.init(rawValue:)),
              let output = o["output"]?.stringValue, let message = o["message"]?.stringValue else { return nil }
        return (index, BatchRow(id: id, status: status, output: output, message: message))
    }
}
