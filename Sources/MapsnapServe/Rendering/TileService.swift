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
    /// Where failed renders are logged (the server's standard error).
    let log: @Sendable (String) -> Void
    /// What renders met and went on without (a corrupt source tile skipped): said once per process.
    let warnings: WarningLog

    private struct MetaKey: Hashable {
        var style: String
        var metatile: Metatile
        var scale: Int
    }

    /// The requests waiting for each metatile being drawn.
    private let waiting = Mutex<[MetaKey: [(TileID, ResponsePromise)]]>([:])

    /// The tiles' format: one per server.
    let format: ImageEncoding.Format
    private var contentType: String { format.contentType }

    init(memory: TileMemoryCache, disk: TileDiskCache?, render: RenderService, metrics: Metrics, metatileSize: Int,
         renderTimeout: Double, maxAge: Int, format: ImageEncoding.Format = .png, log: @escaping @Sendable (String) -> Void = { _ in },
         warnings: WarningLog = WarningLog()) {
        self.warnings = warnings
        self.format = format
        self.log = log
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
        if let data = disk?.read(style: style.id, scale: scale, id) {
            metrics.cache(.diskHit)
            let entry = TileMemoryCache.Entry(data: data, etag: EntityTag.of(data))
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

    /// On a worker: draws the metatile, then encodes its tiles, those that requests wait for first,
    /// helped by every idle worker: each waiting request is answered as soon as its tile is
    /// encoded, so its client can go on to its next tile (often of another metatile, which a
    /// worker then draws while this one's tiles are still encoded). Every tile goes into the
    /// caches; a request that arrives for an encoded tile finds it in the memory cache, the others
    /// join the waiting list and are answered in turn.
    private func draw(_ meta: MetaKey, _ style: ServedStyle, _ worker: ServeWorker) {
        let start = Date()
        let drawn: MetatileRenderer.Drawn
        do {
            let snapshotter = try worker.snapshotter(style.selection)
            drawn = try worker.metatileRenderer(scale: meta.scale).draw(meta.metatile, with: snapshotter, warnings: warnings)
        } catch {
            metrics.rendered(.tile, seconds: Date().timeIntervalSince(start))
            // Nothing of the metatile is cached: its tiles are drawn again when next asked for.
            let asked = waiting.withLock { w in w[meta]?.map { "\($0.0)" } ?? [] }
            log("tile\(asked.count == 1 ? "" : "s") \(asked.joined(separator: ", ")) of '\(style.id)'\(meta.scale == 2 ? " @2x" : "") (metatile \(meta.metatile)) answered 500: \(error)")
            answerAll(meta) { [style] id in RenderFailure.answer("tile \(id) of '\(style.id)'", error) }
            return
        }
        let encoding = MetatileEncoding(drawn, tiles: meta.metatile.tiles)
        for _ in 0..<render.idleWorkers {
            render.help { [self] helper in encode(encoding, meta, style, with: helper.metatileRenderer(scale: meta.scale)) }
        }
        encode(encoding, meta, style, with: worker.metatileRenderer(scale: meta.scale))
        let (entries, failure) = encoding.waitUntilFinished()
        metrics.rendered(.tile, seconds: Date().timeIntervalSince(start))
        disk?.write(style: style.id, scale: meta.scale, entries.map { ($0.key, $0.value.data) })
        answerAll(meta) { [self] id in
            if let entry = entries[id] { return response(entry) }
            if let failure { return .text(500, "tile \(id) of '\(style.id)': \(failure)") }
            return .text(500, "tile \(id) of '\(style.id)' was not in its metatile")
        }
    }

    /// Encodes tiles of `encoding` until none is left, those that requests wait for first, and
    /// answers their requests.
    private func encode(_ encoding: MetatileEncoding, _ meta: MetaKey, _ style: ServedStyle, with renderer: MetatileRenderer) {
        while true {
            let wanted = waiting.withLock { w in Set(w[meta]?.map(\.0) ?? []) }
            guard let id = encoding.take(preferring: wanted) else { return }
            do {
                let tile = try encoding.drawn.tile(id, flatTilesOf: renderer)
                let entry = TileMemoryCache.Entry(data: tile.data, etag: EntityTag.of(tile.data))
                memory.put(TileMemoryCache.Key(style: style.id, tile: TileKey(z: id.z, x: id.x, y: id.y, scale: meta.scale)), entry)
                encoding.done(id, .success(entry))
                if wanted.contains(id) { answer(meta, id, with: response(entry)) }
            } catch {
                encoding.done(id, .failure(error))
            }
        }
    }

    /// Answers the requests waiting for tile `id` of `meta` (they stop waiting).
    private func answer(_ meta: MetaKey, _ id: TileID, with response: HTTPResponse) {
        let promises: [ResponsePromise] = waiting.withLock { w in
            guard var list = w[meta] else { return [] }
            let mine = list.filter { $0.0 == id }.map(\.1)
            list.removeAll { $0.0 == id }
            w[meta] = list
            return mine
        }
        for p in promises { p.fulfill(response) }
    }

    /// Ends the metatile's render: answers everyone still waiting for it.
    private func answerAll(_ meta: MetaKey, _ answer: (TileID) -> HTTPResponse) {
        let waiters = waiting.withLock { $0.removeValue(forKey: meta) } ?? []
        for (id, promise) in waiters { promise.fulfill(answer(id)) }
    }

    private func response(_ entry: TileMemoryCache.Entry) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", contentType), ("ETag", entry.etag), ("Cache-Control", "public, max-age=\(maxAge)")],
                     body: entry.data)
    }

    /// 503: the render queue is full.
    static func busy(_ limit: Int) -> HTTPResponse {
        var r = HTTPResponse.text(503, "the render queue is full (\(limit) renders); retry in a second")
        r.setHeader("Retry-After", "1")
        return r
    }
}
