import Foundation
import Synchronization

/// Encoded tiles in memory, at most `capacity` bytes, the least recently used dropped first.
/// Thread-safe (one lock; a hit is a dictionary lookup and two link updates).
final class TileMemoryCache: Sendable {
    struct Key: Hashable, Sendable {
        var style: String
        var tile: TileKey
    }

    /// A tile and its entity tag (hashed once, when it is stored).
    struct Entry: @unchecked Sendable {
        let data: Data
        let etag: String
    }

    private struct Node {
        var key: Key
        var entry: Entry
        var newer: Int?
        var older: Int?
    }

    private struct Storage {
        var index: [Key: Int] = [:]
        var nodes: [Node] = []
        var free: [Int] = []
        var newest: Int?
        var oldest: Int?
        var bytes = 0
    }

    let capacity: Int
    private let storage = Mutex(Storage())
    /// Bookkeeping per entry, counted with its bytes.
    static let overhead = 128

    init(capacity: Int) { self.capacity = capacity }

    var bytes: Int { storage.withLock { $0.bytes } }
    var count: Int { storage.withLock { $0.index.count } }

    func get(_ key: Key) -> Entry? {
        storage.withLock { s in
            guard let i = s.index[key] else { return nil }
            Self.unlink(i, &s)
            Self.pushNewest(i, &s)
            return s.nodes[i].entry
        }
    }

    func put(_ key: Key, _ entry: Entry) {
        let cost = entry.data.count + Self.overhead
        guard cost <= capacity else { return }
        storage.withLock { s in
            if let i = s.index[key] {
                s.bytes -= s.nodes[i].entry.data.count + Self.overhead
                s.nodes[i].entry = entry
                Self.unlink(i, &s)
                Self.pushNewest(i, &s)
            } else {
                let node = Node(key: key, entry: entry)
                let i: Int
                if let f = s.free.popLast() { s.nodes[f] = node; i = f } else { s.nodes.append(node); i = s.nodes.count - 1 }
                s.index[key] = i
                Self.pushNewest(i, &s)
            }
            s.bytes += cost
            while s.bytes > capacity, let old = s.oldest {
                Self.unlink(old, &s)
                s.index[s.nodes[old].key] = nil
                s.bytes -= s.nodes[old].entry.data.count + Self.overhead
                s.nodes[old].entry = Entry(data: Data(), etag: "")
                s.free.append(old)
            }
        }
    }

    private static func unlink(_ i: Int, _ s: inout Storage) {
        let (newer, older) = (s.nodes[i].newer, s.nodes[i].older)
        if let newer { s.nodes[newer].older = older } else { s.newest = older }
        if let older { s.nodes[older].newer = newer } else { s.oldest = newer }
        s.nodes[i].newer = nil
        s.nodes[i].older = nil
    }

    private static func pushNewest(_ i: Int, _ s: inout Storage) {
        s.nodes[i].older = s.newest
        s.nodes[i].newer = nil
        if let n = s.newest { s.nodes[n].newer = i }
        s.newest = i
        if s.oldest == nil { s.oldest = i }
    }
}

/// A served tile: its address and scale (1: 256 px, 2: 512 px `@2x`).
struct TileKey: Hashable, Sendable {
    var z: Int
    var x: Int
    var y: Int
    var scale: Int
}
