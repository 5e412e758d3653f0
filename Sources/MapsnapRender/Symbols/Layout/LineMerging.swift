import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// MapLibre's `mergeLines`: within a tile, the first lines of `line`-placed features with the
/// same text that meet end to end (the same point ends one and starts the other) become one
/// line, which keeps the first feature's properties. A street cut into many short pieces by
/// the data is then labelled as one long line, where the label fits and repeats as it does.
enum LineMerging {
    struct Entry {
        var feature: any Feature
        var parts: [[TilePoint]]
        var string: String
        var sections: [TextSection]?
    }

    private struct Key: Hashable {
        let text: String
        let x: Int32, y: Int32
    }

    /// Bounds on the work a hostile tile can cause (MapLibre has none): a merged line grows to at
    /// most this many points (a line of the data up to it stays whole), and a tile merges at most
    /// `maxMerges` times; past either, pieces are labelled as they come. Each merge copies at most
    /// one line, so a tile costs at most `maxMerges × maxPoints` point copies.
    static let maxPoints = 4096
    static let maxMerges = 20_000

    static func merged(_ entries: [Entry]) -> [Entry] {
        var merged: [Entry?] = []
        var merges = 0
        // Merged lines by the key of their first point (left) and of their last point (right).
        var left: [Key: Int] = [:], right: [Key: Int] = [:]
        func key(_ text: String, _ line: [TilePoint], last: Bool) -> Key {
            let p = last ? line[line.count - 1] : line[0]
            return Key(text: text, x: p.x, y: p.y)
        }
        for entry in entries {
            guard !entry.string.isEmpty, let line = entry.parts.first, !line.isEmpty else {
                merged.append(entry)
                continue
            }
            let leftKey = key(entry.string, line, last: false), rightKey = key(entry.string, line, last: true)
            func fits(_ others: Int...) -> Bool { merges < maxMerges && others.reduce(line.count, +) <= maxPoints }
            if let i = right[leftKey], let j = left[rightKey], i != j,
               fits(merged[i]!.parts[0].count, merged[j]!.parts[0].count) {
                merges += 1
                // Lines with the same text at both ends: all three become one.
                right[leftKey] = nil
                left[rightKey] = nil
                var first = merged[i]!.parts[0]
                first.removeLast()
                var last = merged[j]!.parts[0]
                last.removeFirst()
                merged[i]!.parts[0] = first + line + last
                // The merged line ends where the right-hand one ended.
                right[key(entry.string, merged[j]!.parts[0], last: true)] = i
                merged[j] = nil
            } else if let i = right[leftKey], fits(merged[i]!.parts[0].count) {
                merges += 1
                // The end of a line is this one's start.
                right[leftKey] = nil
                right[rightKey] = i
                merged[i]!.parts[0].removeLast()
                merged[i]!.parts[0] += line
            } else if let j = left[rightKey], fits(merged[j]!.parts[0].count) {
                merges += 1
                // This line's end is the start of another.
                left[rightKey] = nil
                left[leftKey] = j
                merged[j]!.parts[0].removeFirst()
                merged[j]!.parts[0] = line + merged[j]!.parts[0]
            } else {
                merged.append(entry)
                left[leftKey] = merged.count - 1
                right[rightKey] = merged.count - 1
            }
        }
        return merged.compactMap { $0 }
    }
}
