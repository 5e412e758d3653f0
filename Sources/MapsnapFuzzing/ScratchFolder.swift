import Foundation
import Synchronization

/// A private temporary folder for the inputs that mapsnap only reads from files (SQLite archives,
/// sprites, PNGs, manifests). One per call, so that entry points may run in parallel (the
/// replay test does); removed when `body` returns.
enum ScratchFolder {
    private static let counter = Atomic<Int>(0)

    static func with<R>(_ body: (URL) throws -> R) rethrows -> R {
        let number = counter.add(1, ordering: .relaxed).newValue
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mapsnap-fuzz-\(getpid())-\(number)", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }
}
