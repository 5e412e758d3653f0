import Foundation
import Testing
@testable import MapsnapTiles

@Suite struct PMTilesDirectoryTests {
    static let path = "t.pmtiles"

    static func decode(_ bytes: [UInt8]) throws(PMTilesError) -> [PMTilesEntry] {
        try PMTilesDirectory.decode(Data(bytes), path: path, directory: "the root directory")
    }

    /// The columns one after another; offsets 0 when contiguous, else offset + 1 (the spec's 4.2).
    @Test func encodesTheSpecsColumns() throws {
        let entries = [
            PMTilesEntry(tileID: 5, offset: 0, length: 10, runLength: 1),
            PMTilesEntry(tileID: 7, offset: 10, length: 20, runLength: 2),
            PMTilesEntry(tileID: 9, offset: 5, length: 10, runLength: 1),
            PMTilesEntry(tileID: 300, offset: 30, length: 200, runLength: 0),
        ]
        let bytes = PMTilesDirectory.encode(entries)
        #expect(bytes == [4, /* ids */ 5, 2, 2, 0xa3, 0x02, /* runs */ 1, 2, 1, 0, /* lengths */ 10, 20, 10, 0xc8, 0x01,
                          /* offsets */ 1, 0, 6, 31])
        #expect(try Self.decode(bytes) == entries)
    }

    @Test func roundTripsLargeValues() throws {
        var random = SplitMix(state: 7)
        var entries: [PMTilesEntry] = []
        var id: UInt64 = 0, offset: UInt64 = 0
        for i in 0..<5000 {
            id += 1 + UInt64(random.below(i % 7 == 0 ? 1_000_000 : 3))
            let length = UInt32(1 + random.below(i % 11 == 0 ? Int(UInt32.max) : 70_000))
            let run = UInt32(i % 13 == 0 ? 0 : 1 + random.below(i % 17 == 0 ? Int(UInt32.max) : 4))
            // Mostly contiguous, sometimes back to an earlier content, sometimes far ahead.
            offset = i % 5 == 0 ? UInt64(random.below(Int(offset) + 1)) : (i % 9 == 0 ? offset + 1 << 40 : offset)
            entries.append(PMTilesEntry(tileID: id, offset: offset, length: length, runLength: run))
            offset += UInt64(length)
        }
        entries.append(PMTilesEntry(tileID: HilbertTileID.end - 1, offset: UInt64(Int64.max), length: UInt32.max, runLength: UInt32.max))
        #expect(try Self.decode(PMTilesDirectory.encode(entries)) == entries)
    }

    /// Each hostile directory, with the reason it is refused.
    @Test(arguments: [
        ([], "it is empty (a directory holds at least one entry)"),
        ([0], "it has no entries (a directory holds at least one)"),
        ([2, 1, 1, 1, 1, 1, 1, 1], "it claims 2 entries, but its remaining 7 bytes hold at most 1"),
        ([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f], "it claims 9223372036854775807 entries, but its remaining 0 bytes hold at most 0"),
        ([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01], "varint longer than 10 bytes at byte 0"),
        ([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02], "varint at byte 0 does not fit 64 bits"),
        ([1, 0, 1, 0x80, 0x80], "truncated varint at byte 3"),
        ([1, 0, 1, 0, 1], "entry 0 has length 0 (lengths must be above 0)"),
        ([1, 0, 1, 0x80, 0x80, 0x80, 0x80, 0x10, 1], "entry 0 has length 4294967296, over 2³²-1"),
        ([1, 0, 0x80, 0x80, 0x80, 0x80, 0x10, 1, 1], "entry 0 has run length 4294967296, over 2³²-1"),
        ([1, 0, 1, 5, 0], "entry 0 has offset code 0 ('after the previous entry'), but there is no previous entry"),
        ([2, 3, 0, 1, 1, 1, 1, 1, 1], "entry 1 repeats tile id 3 (ids must ascend)"),
        ([1, 0xd5, 0xaa, 0xd5, 0xaa, 0xd5, 0xaa, 0xd5, 0xaa, 0x55, 1, 1, 1], "entry 0 has a tile id past zoom 31"),
        // The last id of zoom 31, then a delta that overflows 64 bits.
        ([2, 0xd4, 0xaa, 0xd5, 0xaa, 0xd5, 0xaa, 0xd5, 0xaa, 0x55, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01,
          1, 1, 1, 1, 1, 1], "entry 1 has a tile id past zoom 31"),
        // Offset 2⁶⁴-2 and length 2³²-1, then "right after it".
        ([2, 1, 1, 1, 1, 0xff, 0xff, 0xff, 0xff, 0x0f, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0],
         "entry 1's offset overflows 64 bits"),
    ] as [([UInt8], String)])
    func refusesHostileDirectories(bytes: [UInt8], reason: String) {
        #expect(pmtilesError { _ = try Self.decode(bytes) } == .corruptDirectory(path: Self.path, directory: "the root directory", reason: reason))
    }

    /// Trailing bytes are ignored, as the reference reader ignores them.
    @Test func ignoresBytesAfterTheLastColumn() throws {
        #expect(try Self.decode([1, 4, 1, 9, 1, 0xff, 0xff]) == [PMTilesEntry(tileID: 4, offset: 0, length: 9, runLength: 1)])
    }

    @Test func findsTheEntryCoveringATileID() {
        let entries = [
            PMTilesEntry(tileID: 2, offset: 0, length: 1, runLength: 3),   // 2, 3, 4
            PMTilesEntry(tileID: 10, offset: 0, length: 1, runLength: 0),  // a leaf from 10 on
            PMTilesEntry(tileID: 40, offset: 1, length: 1, runLength: 1),
        ]
        let found: [UInt64: UInt64?] = [0: nil, 1: nil, 2: 2, 4: 2, 5: nil, 9: nil, 10: 10, 39: 10, 40: 40, 41: nil, .max: nil]
        for (tileID, entryID) in found {
            #expect(PMTilesDirectory.find(tileID, in: entries)?.tileID == entryID, "\(tileID)")
        }
        #expect(PMTilesDirectory.find(0, in: []) == nil)
    }

    @Test func splitsIntoLeavesOnlyWhenTheRootWouldNotFit() throws {
        let entries = (0..<10_000).map { PMTilesEntry(tileID: UInt64($0) * 3, offset: UInt64($0) * 1000, length: 1000 - UInt32($0 % 7), runLength: 1) }
        let small = try #require(PMTilesDirectoryLayout.build(Array(entries.prefix(50))))
        #expect(small.leafCount == 0 && small.leaves.isEmpty)

        let split = try #require(PMTilesDirectoryLayout.build(entries, maxRootBytes: 100))
        #expect(split.leafCount > 1)
        #expect(split.root.count <= 100)
        let root = try PMTilesDirectory.decode(inflate(Data(split.root)), path: Self.path, directory: "root")
        #expect(root.allSatisfy(\.isLeaf) && root.count == split.leafCount)
        // The leaves, in order, hold every entry once, and the root's ids are each leaf's first.
        var all: [PMTilesEntry] = []
        for leaf in root {
            let bytes = Data(split.leaves[Int(leaf.offset)..<Int(leaf.offset) + Int(leaf.length)])
            let entries = try PMTilesDirectory.decode(inflate(bytes), path: Self.path, directory: "leaf")
            #expect(entries.first?.tileID == leaf.tileID)
            all += entries
        }
        #expect(all == entries)
        // A root that cannot fit at all still ends, with one leaf.
        #expect(try #require(PMTilesDirectoryLayout.build(entries, maxRootBytes: 1)).leafCount == 1)
    }
}
