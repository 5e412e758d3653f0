import Foundation
import MapsnapKit
import Synchronization

/// `--cache`: the MBTiles files that keep rendered tiles across restarts, one per style and scale
/// (`PATH.mbtiles` and `PATH@2x.mbtiles` for one style; `FOLDER/{style}.mbtiles` and
/// `FOLDER/{style}@2x.mbtiles` for several). Reads run on the HTTP threads, each on a read-only
/// connection taken from a small pool; writes go to one writer thread, which commits whenever it
/// has caught up, so a tile is on disk a moment after it was drawn.
final class TileDiskCache: @unchecked Sendable {
    private struct Key: Hashable {
        var style: String
        var scale: Int
    }

    private let archives: [Key: TileCacheArchive]
    private let readers = Mutex<[Key: [TileCacheArchive.Reader]]>([:])
    private let pending = NSCondition()
    private var queue: [(Key, TileID, Data)] = []
    private var closed = false
    private let writerDone = DispatchSemaphore(value: 0)
    /// Problems writing (a full disk): reported once each, the server goes on without writing.
    var onError: @Sendable (String) -> Void = { _ in }

    /// The files of every style at scales 1 and 2, opened (created) now; errors name `cache`.
    init(path: String, styles: [ServedStyle], metatileSize: Int, encoding: ImageEncoding) throws(RequestError) {
        let layout = try TileDiskCacheLayout.resolve(path, styles: styles.count)
        if case .folder(let folder) = layout {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw RequestError("cache", "\(folder): cannot create the folder (\(error.localizedDescription))")
            }
        }
        for style in styles {
            for scale in [1, 2] { try TileDiskCacheLayout.checkFile(layout.file(style: style.id, scale: scale)) }
        }
        var archives: [Key: TileCacheArchive] = [:]
        for style in styles {
            for scale in [1, 2] {
                archives[Key(style: style.id, scale: scale)] = try TileCacheArchive(
                    path: layout.file(style: style.id, scale: scale), style: style.selection, scale: scale, metatileSize: metatileSize,
                    encoding: encoding, styleName: style.name, attribution: style.attribution)
            }
        }
        self.archives = archives
        let thread = Thread { [self] in writeLoop() }
        thread.name = "mapsnap-cache-writer"
        thread.start()
    }

    func read(style: String, scale: Int, _ id: TileID) -> Data? {
        let key = Key(style: style, scale: scale)
        guard let archive = archives[key] else { return nil }
        let reader = readers.withLock { $0[key]?.popLast() } ?? (try? archive.reader())
        guard let reader else { return nil }
        defer { readers.withLock { $0[key, default: []].append(reader) } }
        return reader.data(id)
    }

    func write(style: String, scale: Int, _ tiles: [(TileID, Data)]) {
        let key = Key(style: style, scale: scale)
        guard archives[key] != nil else { return }
        pending.lock()
        if !closed { queue += tiles.map { (key, $0.0, $0.1) } }
        pending.signal()
        pending.unlock()
    }

    /// Writes what is queued, commits, and stops the writer (at shutdown).
    func close() {
        pending.lock()
        closed = true
        pending.signal()
        pending.unlock()
        writerDone.wait()
    }

    private func writeLoop() {
        var failed: Set<String> = []
        while true {
            pending.lock()
            while queue.isEmpty && !closed { pending.wait() }
            let batch = queue
            queue = []
            let finished = closed
            pending.unlock()
            var touched: Set<Key> = []
            for (key, id, png) in batch where !failed.contains(archives[key]!.path) {
                do {
                    try archives[key]!.write(id, data: png)
                    touched.insert(key)
                } catch {
                    failed.insert(archives[key]!.path)
                    onError("\(error); tiles are no longer written to it")
                }
            }
            for key in touched { try? archives[key]!.commit() }
            if finished { break }
        }
        writerDone.signal()
    }
}
