/// Tiles as the writer keeps them until `finalize`: `runLength` consecutive Hilbert ids from
/// `tileID` on (one for a tile written alone), all with one distinct content (an index into the
/// writer's spool records).
struct SpooledTile {
    var tileID: UInt64
    var content: UInt32
    var runLength: UInt32 = 1

    var end: UInt64 { tileID + UInt64(runLength) }
}

/// The tiles of an archive in the clustered layout: entries sorted by tile id, each distinct
/// content stored once at the place where its first tile (by id) puts it, and consecutive ids
/// with the same content joined into one entry with a run length. Clustered archives read an
/// area with nearby reads, and their offset column encodes as almost all zeros.
struct PMTilesClusteredTiles {
    /// Offsets relative to the tile data section being written.
    private(set) var entries: [PMTilesEntry] = []
    /// Indexes of the contents, in the order they are stored in the tile data section.
    private(set) var contentOrder: [Int] = []
    private(set) var addressedTiles: UInt64 = 0
    private(set) var tileDataLength: UInt64 = 0
    private let contentLengths: [UInt32]
    private var placedAt: [UInt64]
    private static let unplaced = UInt64.max

    /// `tiles` in the order written: where writes overlap (a tile, or part of a run, written
    /// again), the later one wins, id by id. `contentLengths[i]` is content i's length.
    init(tiles: [SpooledTile], contentLengths: [UInt32]) {
        self.contentLengths = contentLengths
        placedAt = [UInt64](repeating: Self.unplaced, count: contentLengths.count)
        // Sorted by first id, then by when they were written.
        let sorted = tiles.indices.sorted { a, b in
            tiles[a].tileID != tiles[b].tileID ? tiles[a].tileID < tiles[b].tileID : a < b
        }
        // A sweep along the ids: of the writes that cover an id, the latest (the highest index)
        // wins. `active` holds the writes begun, latest on top; one that has ended is dropped when
        // it comes to the top. Each write goes on and off once: n log n for n writes, however
        // long their runs.
        var active = MaxHeap()
        var next = 0
        var position: UInt64 = 0
        while next < sorted.count || !active.isEmpty {
            while let top = active.top, tiles[top].end <= position { active.pop() }
            if active.isEmpty {
                guard next < sorted.count else { break }
                position = tiles[sorted[next]].tileID
            }
            while next < sorted.count, tiles[sorted[next]].tileID == position {
                active.push(sorted[next])
                next += 1
            }
            while let top = active.top, tiles[top].end <= position { active.pop() }
            guard let winner = active.top else { continue }
            // The winner holds until it ends or a later write may begin.
            var stop = tiles[winner].end
            if next < sorted.count { stop = min(stop, tiles[sorted[next]].tileID) }
            append(from: position, count: stop - position, content: Int(tiles[winner].content))
            position = stop
        }
    }

    /// Adds `count` (at most 2³²-1) tiles from `tileID` on with `content`, joined to the last
    /// entry when they continue it with the same bytes (up to the longest run an entry holds).
    private mutating func append(from tileID: UInt64, count: UInt64, content: Int) {
        let length = contentLengths[content]
        if placedAt[content] == Self.unplaced {
            placedAt[content] = tileDataLength
            tileDataLength += UInt64(length)
            contentOrder.append(content)
        }
        addressedTiles += count
        var tileID = tileID, count = count
        if var last = entries.last, last.offset == placedAt[content], last.tileID + UInt64(last.runLength) == tileID {
            let joined = min(count, UInt64(UInt32.max - last.runLength))
            last.runLength += UInt32(joined)
            entries[entries.count - 1] = last
            tileID += joined
            count -= joined
        }
        if count > 0 {
            entries.append(PMTilesEntry(tileID: tileID, offset: placedAt[content], length: length, runLength: UInt32(count)))
        }
    }
}

/// A binary max-heap of indexes (the latest write on top), for the sweep above.
private struct MaxHeap {
    private var items: [Int] = []

    var isEmpty: Bool { items.isEmpty }
    var top: Int? { items.first }

    mutating func push(_ item: Int) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[parent] < items[child] else { break }
            items.swapAt(parent, child)
            child = parent
        }
    }

    mutating func pop() {
        guard items.count > 1 else { items.removeAll(keepingCapacity: true); return }
        items[0] = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var largest = parent
            if left < items.count, items[left] > items[largest] { largest = left }
            if right < items.count, items[right] > items[largest] { largest = right }
            guard largest != parent else { return }
            items.swapAt(parent, largest)
            parent = largest
        }
    }
}
