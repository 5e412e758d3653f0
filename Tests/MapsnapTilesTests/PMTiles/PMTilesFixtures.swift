import Foundation
import MapsnapGeo
import Testing
@testable import MapsnapTiles

/// An archive put together byte by byte, for the files no writer makes: each section as given
/// (already compressed when `internalCompression` says so), laid out header, root, metadata,
/// leaves, tiles, and the header then edited by `edit` (to point somewhere wrong).
struct HandMadeArchive {
    var root: [UInt8]
    var metadata: [UInt8] = Array("{}".utf8)
    var leaves: [UInt8] = []
    var tiles: [UInt8] = []
    var internalCompression: PMTilesCompression = .none
    var tileCompression: PMTilesCompression = .none
    var edit: (inout PMTilesHeader) -> Void = { _ in }

    /// A root directory of `entries`, uncompressed.
    init(entries: [PMTilesEntry], tiles: [UInt8] = []) {
        root = PMTilesDirectory.encode(entries)
        self.tiles = tiles
    }

    init(root: [UInt8]) { self.root = root }

    var header: PMTilesHeader {
        let rootOffset = UInt64(PMTilesHeader.size)
        let metadataOffset = rootOffset + UInt64(root.count)
        let leavesOffset = metadataOffset + UInt64(metadata.count)
        let tilesOffset = leavesOffset + UInt64(leaves.count)
        var header = PMTilesHeader(
            rootDirectory: PMTilesSection(offset: rootOffset, length: UInt64(root.count)),
            metadata: PMTilesSection(offset: metadataOffset, length: UInt64(metadata.count)),
            leafDirectories: PMTilesSection(offset: leavesOffset, length: UInt64(leaves.count)),
            tileData: PMTilesSection(offset: tilesOffset, length: UInt64(tiles.count)),
            addressedTilesCount: 0, tileEntriesCount: 0, tileContentsCount: 0, isClustered: false,
            internalCompression: internalCompression, tileCompression: tileCompression, tileType: .mvt,
            minZoom: 0, maxZoom: 4, minLongitudeE7: -1_800_000_000, minLatitudeE7: -850_511_287, maxLongitudeE7: 1_800_000_000,
            maxLatitudeE7: 850_511_287, centerZoom: 0, centerLongitudeE7: 0, centerLatitudeE7: 0)
        edit(&header)
        return header
    }

    var bytes: [UInt8] { header.encoded + root + metadata + leaves + tiles }

    func write(to path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
}

/// The error `body` throws, nil when it throws none (an error of another type is a failure).
func pmtilesError(_ body: () throws -> Void) -> PMTilesError? {
    do {
        try body()
        return nil
    } catch let error as PMTilesError {
        return error
    } catch {
        Issue.record("not a PMTilesError: \(error)")
        return nil
    }
}

/// The message of the error opening `path` throws; nil when it opens.
func openingError(_ path: String) -> String? {
    pmtilesError { _ = try PMTilesArchive(path: path) }?.description
}

/// A repeatable stream of numbers (SplitMix64), so that "random" tiles are the same every run.
struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    mutating func bytes(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }) }

    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        for i in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(i, below(i + 1)) }
        return items
    }
}

/// Every tile of zooms `zooms`.
func allTiles(_ zooms: ClosedRange<Int>) -> [TileID] {
    zooms.flatMap { z in (0..<(1 << z)).flatMap { x in (0..<(1 << z)).map { y in TileID(z: z, x: x, y: y) } } }
}
