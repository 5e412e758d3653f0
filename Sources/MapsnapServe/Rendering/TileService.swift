import Foundation
import MapsnapFormats
import MapsnapKit
import Synchronization

/// Raster tiles on demand: the memory cache, then the MBTiles cache, then a render of the whole
/// metatile by the shared `MetatileRenderer`, exactly as `mapsnap tiles` renders it. Requests for
/// tiles of a metatile that is being drawn wait for that render (coalescing) instead of starting
/// another; every tile of a drawn metatile goes into the caches, so its neighbours are hits.
final class TileService: Sendable {
    let memory: TileMemoryCache
    let disk: TileDiskCache?
    let render: RenderService
    let metrics: Metrics
    let metatileSize: Int
    let renderTimeout: Double
    let maxAge: Int

    private struct MetaKey: Hashable {
        var style: String
        var metatile: Metatile
        var scale: Int
    }

    /// The requests waiting for each metatile being drawn.
    private let waiting = Mutex<[MetaKey: [(TileID, ResponsePromise)]]>([:])

    init(memory: TileMemoryCache, disk: TileDiskCache?, render: RenderService, metrics: Metrics, metatileSize: Int,
         renderTimeout: Double, maxAge: Int) {
        self.memory = memory
        self.disk = disk
        self.render = render
        self.metrics = metrics
        self.metatileSize = metatileSize
        self.renderTimeout = renderTimeout
        self.maxAge = maxAge
    }

    /// The tile `id` of `style` at `scale` (already checked to be one the style serves).
    func tile(_ style: ServedStyle, _ id: TileID, scale: Int) -> Reply {
        let key = TileMemoryCache.Key(style: style.id, tile: TileKey(z: id.z, x: id.x, y: id.y, scale: scale))
        if let hit = memory.get(key) {
            metrics.cache(.memoryHit)
            return .now(response(hit))
        }
        if let png = disk?.read(style: style.id, scale: scale, id) {
            metrics.cache(.diskHit)
            let entry = TileMemoryCache.Entry(png: png, etag: EntityTag.of(png))
            memory.put(key, entry)
            return .now(response(entry))
        }
        let meta = MetaKey(style: style.id, metatile: Metatile(containing: id, size: metatileSize), scale: scale)
        let promise = ResponsePromise()
        enum Step { case hit(TileMemoryCache.Entry), joined, start, full }
        let step: Step = waiting.withLock { w in
            // A render that ended since the lookup above has filled the cache.
            if let hit = memory.get(key) { return .hit(hit) }
            if w[meta] != nil {
                w[meta]!.append((id, promise))
                return .joined
            }
            guard render.admit() else { return .full }
            w[meta] = [(id, promise)]
            return .start
        }
        switch step {
        case .hit(let entry):
            metrics.cache(.memoryHit)
            return .now(response(entry))
        case .full:
            metrics.cache(.miss)
            return .now(Self.busy(render.queueLimit))
        case .joined:
            metrics.cache(.coalesced)
        case .start:
            metrics.cache(.miss)
            render.run { [self] worker in draw(meta, style, worker) }
        }
        promise.expire(after: renderTimeout, message: "tile \(id) of '\(style.id)' took longer than \(MessageNumber.format(renderTimeout)) s to render; try again (it is cached once drawn)")
        return promise.reply
    }

    /// On a worker: draws the metatile, caches its tiles, answers everyone waiting for it.
    private func draw(_ meta: MetaKey, _ style: ServedStyle, _ worker: ServeWorker) {
        let start = Date()
        var result: Result<[MetatileRenderer.Tile], Error>
        do {
            let snapshotter = try worker.snapshotter(style.selection)
            result = .success(try worker.metatileRenderer(scale: meta.scale).render(meta.metatile, with: snapshotter))
        } catch {
            result = .failure(error)
        }
        metrics.rendered(.tile, seconds: Date().timeIntervalSince(start))
        var entries: [TileID: TileMemoryCache.Entry] = [:]
        if case .success(let tiles) = result {
            for t in tiles {
                let entry = TileMemoryCache.Entry(png: t.png, etag: EntityTag.of(t.png))
                entries[t.id] = entry
                memory.put(TileMemoryCache.Key(style: style.id, tile: TileKey(z: t.id.z, x: t.id.x, y: t.id.y, scale: meta.scale)), entry)
            }
            disk?.write(style: style.id, scale: meta.scale, tiles.map { ($0.id, $0.png) })
        }
        let waiters = waiting.withLock { $0.removeValue(forKey: meta) } ?? []
        for (id, promise) in waiters {
            if let entry = entries[id] {
                promise.fulfill(response(entry))
            } else if case .failure(let error) = result {
                promise.fulfill(.text(500, "tile \(id) of '\(style.id)': \(error)"))
            } else {
                promise.fulfill(.text(500, "tile \(id) of '\(style.id)' was not in its metatile"))
            }
        }
    }

    private func response(_ entry: TileMemoryCache.Entry) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "image/png"), ("ETag", entry.etag), ("Cache-Control", "public, max-age=\(maxAge)")],
                     body: entry.png)
    }

    /// 503: the render queue is full.
    static func busy(_ limit: Int) -> HTTPResponse {
        var r = HTTPResponse.text(503, "the render queue is full (\(limit) renders); retry in a second")
        r.setHeader("Retry-After", "1")
        return r
    }
}
