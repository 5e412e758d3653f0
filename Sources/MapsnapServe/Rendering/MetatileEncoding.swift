import Foundation
import MapsnapKit
import Synchronization

/// The tiles of one drawn metatile being encoded, by the worker that drew it and by idle workers
/// that help: each takes the next tile (one that a request waits for first), encodes it and says
/// so; the drawing worker then waits for the helpers' last tiles.
final class MetatileEncoding: Sendable {
    let drawn: MetatileRenderer.Drawn

    private struct State {
        var remaining: [TileID]
        var busy = 0
        var entries: [TileID: TileMemoryCache.Entry] = [:]
        var failure: RenderError?
    }
    private let state: Mutex<State>
    private let finished = DispatchSemaphore(value: 0)

    init(_ drawn: MetatileRenderer.Drawn, tiles: [TileID]) {
        self.drawn = drawn
        state = Mutex(State(remaining: tiles))
    }

    /// The next tile to encode, one of `wanted` if any is left; nil when none is left.
    func take(preferring wanted: Set<TileID>) -> TileID? {
        state.withLock { s in
            guard !s.remaining.isEmpty else { return nil }
            let index = s.remaining.firstIndex { wanted.contains($0) } ?? s.remaining.startIndex
            s.busy += 1
            return s.remaining.remove(at: index)
        }
    }

    /// A taken tile is encoded (or failed).
    func done(_ id: TileID, _ result: Result<TileMemoryCache.Entry, RenderError>) {
        let last = state.withLock { s in
            switch result {
            case .success(let entry):
                s.entries[id] = entry
            case .failure(let error):
                s.failure = error
            }
            s.busy -= 1
            return s.remaining.isEmpty && s.busy == 0
        }
        if last { finished.signal() }
    }

    /// Waits until every tile is encoded (the last `done` signals once); every encoded tile by id,
    /// and a failure if one failed.
    func waitUntilFinished() -> (entries: [TileID: TileMemoryCache.Entry], failure: RenderError?) {
        finished.wait()
        return state.withLock { ($0.entries, $0.failure) }
    }
}
