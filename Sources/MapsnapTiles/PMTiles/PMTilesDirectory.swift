import Foundation

/// One directory entry: `runLength` tiles from `tileID` on, all with the bytes at `offset`
/// (relative to the tile data section); or, with `runLength` 0, a leaf directory at `offset`
/// (relative to the leaf directories section) whose first tile id is `tileID`.
struct PMTilesEntry: Hashable, Sendable {
    var tileID: UInt64
    var offset: UInt64
    var length: UInt32
    var runLength: UInt32

    var isLeaf: Bool { runLength == 0 }

    /// The bytes this entry points at, relative to its section.
    var section: PMTilesSection { PMTilesSection(offset: offset, length: UInt64(length)) }
}

/// The directory encoding of PMTiles v3: the entry count, then the columns of all entries one
/// after another (tile ids as deltas, run lengths, lengths, offsets), each number a protobuf
/// varint. An offset is stored as 0 when the entry's bytes follow the previous entry's (the common
/// case in a clustered archive, which makes the column almost all zeros), otherwise as offset + 1.
enum PMTilesDirectory {
    /// Each entry takes at least one byte in each of the four columns.
    static let minimumBytesPerEntry: UInt64 = 4

    /// The uncompressed bytes of `entries`, which must be sorted by tile id without repeats (the
    /// writer's own entries; the reader never encodes).
    static func encode(_ entries: [PMTilesEntry]) -> [UInt8] {
        var out = ProtobufBuffer()
        out.varint(UInt64(entries.count))
        var previousID: UInt64 = 0
        for entry in entries {
            out.varint(entry.tileID - previousID)
            previousID = entry.tileID
        }
        for entry in entries { out.varint(UInt64(entry.runLength)) }
        for entry in entries { out.varint(UInt64(entry.length)) }
        var expectedOffset: UInt64? = nil
        for entry in entries {
            out.varint(entry.offset == expectedOffset ? 0 : entry.offset + 1)
            expectedOffset = entry.offset + UInt64(entry.length)
        }
        return out.bytes
    }

    /// Decodes uncompressed directory bytes. `directory` names it in errors ("the root
    /// directory"). Every number is checked before it is used: varints end within 10 bytes and fit
    /// 64 bits, the count fits the bytes there are (so a forged count allocates nothing), tile ids
    /// ascend and stay below zoom 32, lengths are 1...2³²-1 and offsets do not overflow.
    static func decode(_ data: Data, path: String, directory: String) throws(PMTilesError) -> [PMTilesEntry] {
        guard !data.isEmpty else {
            throw .corruptDirectory(path: path, directory: directory, reason: "it is empty (a directory holds at least one entry)")
        }
        let result = data.withUnsafeBytes { raw -> Result<[PMTilesEntry], PMTilesError> in
            let bytes = raw.bindMemory(to: UInt8.self)
            return Result { () throws(PMTilesError) in
                var reader = EntryReader(bytes: bytes, path: path, directory: directory)
                return try reader.entries()
            }
        }
        return try result.get()
    }

    /// The entry that answers for `tileID`: the last one starting at or before it, when that is a
    /// leaf directory (which may hold it) or a run that covers it; nil when the tile is not there.
    static func find(_ tileID: UInt64, in entries: [PMTilesEntry]) -> PMTilesEntry? {
        // Binary search for the first entry past tileID; the one before it is the candidate.
        var low = 0, high = entries.count
        while low < high {
            let middle = low + (high - low) / 2
            if entries[middle].tileID <= tileID { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let entry = entries[low - 1]
        if entry.isLeaf || tileID - entry.tileID < UInt64(entry.runLength) { return entry }
        return nil
    }
}

/// Reads the four columns of one directory with the MVT decoder's varint reader.
private struct EntryReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    let directory: String
    var cursor: ProtobufCursor

    init(bytes: UnsafeBufferPointer<UInt8>, path: String, directory: String) {
        self.bytes = bytes
        self.path = path
        self.directory = directory
        // decode() refuses empty input, so there is a base address.
        cursor = ProtobufCursor(base: bytes.baseAddress!, range: 0..<bytes.count)
    }

    func corrupt(_ reason: String) -> PMTilesError { .corruptDirectory(path: path, directory: directory, reason: reason) }

    mutating func varint() throws(PMTilesError) -> UInt64 {
        let start = cursor.offset
        let value: UInt64
        do { value = try cursor.varint() } catch { throw corrupt(error.description) }
        // A tenth byte carries only bit 63; anything more would be silently cut off.
        if cursor.offset - start == 10, bytes[start + 9] > 1 { throw corrupt("varint at byte \(start) does not fit 64 bits") }
        return value
    }

    mutating func entries() throws(PMTilesError) -> [PMTilesEntry] {
        let count = try varint()
        guard count > 0 else { throw corrupt("it has no entries (a directory holds at least one)") }
        let remaining = UInt64(bytes.count - cursor.offset)
        guard count <= remaining / PMTilesDirectory.minimumBytesPerEntry else {
            throw corrupt("it claims \(count) entries, but its remaining \(remaining) bytes hold at most \(remaining / PMTilesDirectory.minimumBytesPerEntry)")
        }
        var entries = [PMTilesEntry](repeating: PMTilesEntry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))

        var tileID: UInt64 = 0
        for i in entries.indices {
            let delta = try varint()
            guard i == 0 || delta > 0 else { throw corrupt("entry \(i) repeats tile id \(tileID) (ids must ascend)") }
            let (sum, overflow) = tileID.addingReportingOverflow(delta)
            guard !overflow, sum < HilbertTileID.end else { throw corrupt("entry \(i) has a tile id past zoom \(HilbertTileID.maxZoom)") }
            tileID = sum
            entries[i].tileID = tileID
        }
        for i in entries.indices {
            let run = try varint()
            guard run <= UInt64(UInt32.max) else { throw corrupt("entry \(i) has run length \(run), over 2³²-1") }
            entries[i].runLength = UInt32(run)
        }
        for i in entries.indices {
            let length = try varint()
            guard length > 0 else { throw corrupt("entry \(i) has length 0 (lengths must be above 0)") }
            guard length <= UInt64(UInt32.max) else { throw corrupt("entry \(i) has length \(length), over 2³²-1") }
            entries[i].length = UInt32(length)
        }
        for i in entries.indices {
            let stored = try varint()
            if stored > 0 {
                entries[i].offset = stored - 1
            } else if i > 0 {
                // 0: right after the previous entry's bytes.
                let previous = entries[i - 1]
                guard let end = previous.section.end else { throw corrupt("entry \(i)'s offset overflows 64 bits") }
                entries[i].offset = end
            } else {
                throw corrupt("entry 0 has offset code 0 ('after the previous entry'), but there is no previous entry")
            }
        }
        return entries
    }
}
