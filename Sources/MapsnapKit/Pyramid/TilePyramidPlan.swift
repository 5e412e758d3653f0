import Foundation
import MapsnapGeo

/// Which metatiles to render: every tile of the box at each zoom, grouped in metatiles, minus the
/// tiles already done (`--resume`), cut to this machine's shard.
struct TilePyramidPlan {
    struct Job: Sendable {
        let metatile: Metatile
        /// The tiles of the metatile to write (inside the box, not yet present).
        let tiles: [TileID]
    }

    var jobs: [Job] = []
    var totalTiles = 0
    var skippedTiles = 0

    /// The tiles of the boxes at each zoom (a tile under several boxes once), by metatile (in
    /// zoom, row, column order).
    static func wanted(_ boxes: [BoundingBox], zooms: ClosedRange<Int>, metatileSize: Int) -> [(Metatile, [TileID])] {
        var out: [(Metatile, [TileID])] = []
        for z in zooms {
            var byMeta: [Metatile: Set<TileID>] = [:]
            for box in boxes {
                for range in TileRange.covering(box, z: z) {
                    for y in range.rows {
                        for x in range.columns {
                            let t = TileID(z: z, x: x, y: y)
                            byMeta[Metatile(containing: t, size: metatileSize), default: []].insert(t)
                        }
                    }
                }
            }
            out += byMeta.keys.sorted().map { ($0, byMeta[$0]!.sorted()) }
        }
        return out
    }

    /// Splits metatiles among `count` shards so each gets about the same expected work (the
    /// longest-processing-time rule: heaviest first, each to the least-loaded shard). Every
    /// machine computes the same split from the same inputs, so the shards neither overlap nor
    /// leave gaps.
    static func shardIndices(costs: [Double], count: Int) -> [Int] {
        var load = [Double](repeating: 0, count: count)
        var assignment = [Int](repeating: 0, count: costs.count)
        let order = costs.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        for i in order {
            var best = 0
            for s in 1..<count where load[s] < load[best] { best = s }
            assignment[i] = best
            load[best] += costs[i]
        }
        return assignment
    }
}
