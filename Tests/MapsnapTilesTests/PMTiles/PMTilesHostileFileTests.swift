import Foundation
import Testing
import MapsnapFormats
import MapsnapGeo
@testable import MapsnapTiles

/// Broken and forged archives: each must end in a `PMTilesError` naming the file and what is
/// wrong, never a crash, a hang or a huge allocation.
@Suite struct PMTilesHostileFileTests {
    /// One tile (0/0/0, 3 bytes) in a root directory.
    static var oneTile: HandMadeArchive {
        HandMadeArchive(entries: [PMTilesEntry(tileID: 0, offset: 0, length: 3, runLength: 1)], tiles: [1, 2, 3])
    }

    /// Writes `archive` and returns what opening it says.
    static func opening(_ archive: HandMadeArchive) throws -> String? {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("x.pmtiles")
        try archive.write(to: path)
        return openingError(path)?.replacingOccurrences(of: path, with: "x.pmtiles")
    }

    /// Writes `archive`, opens it and returns what reading `tile` says.
    static func reading(_ tile: TileID, in archive: HandMadeArchive) throws -> String? {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("x.pmtiles")
        try archive.write(to: path)
        let opened = try PMTilesArchive(path: path)
        return pmtilesError { _ = try opened.tileData(tile) }?.description.replacingOccurrences(of: path, with: "x.pmtiles")
    }

    /// Writes `archive` and returns what walking all its tiles says.
    static func walking(_ archive: HandMadeArchive) throws -> String? {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("x.pmtiles")
        try archive.write(to: path)
        var iterator = try PMTilesArchive(path: path).tileIterator()
        return pmtilesError { while try iterator.next() != nil {} }?.description.replacingOccurrences(of: path, with: "x.pmtiles")
    }

    @Test func theHandMadeArchiveIsValid() throws {
        #expect(try Self.opening(Self.oneTile) == nil)
        #expect(try Self.reading(TileID(z: 0, x: 0, y: 0), in: Self.oneTile) == nil)
        #expect(try Self.walking(Self.oneTile) == nil)
    }

    @Test func refusesWhatIsNotAFileOrNotPMTiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.path("missing.pmtiles")
        #expect(openingError(missing) == "\(missing): no such file")
        #expect(openingError(directory.url.path) == "\(directory.url.path): cannot open: is a folder, not a regular file")
        let fifo = directory.path("fifo.pmtiles")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(openingError(fifo) == "\(fifo): cannot open: is a FIFO (named pipe), not a regular file")

        let short = directory.path("short.pmtiles")
        try Data(Self.oneTile.bytes.prefix(100)).write(to: URL(fileURLWithPath: short))
        #expect(openingError(short) == "\(short): not a PMTiles archive (100 bytes, shorter than the 127-byte header)")
        let mbtiles = directory.path("monaco.pmtiles")
        try FileManager.default.copyItem(atPath: RepositoryData.monaco, toPath: mbtiles)
        #expect(openingError(mbtiles) == "\(mbtiles): not a PMTiles archive (it does not start with 'PMTiles')")
        var version2 = Self.oneTile.bytes
        version2[7] = 2
        let v2 = directory.path("v2.pmtiles")
        try Data(version2).write(to: URL(fileURLWithPath: v2))
        #expect(openingError(v2) == "\(v2): PMTiles version 2 is not supported (mapsnap reads version 3)")
    }

    /// Directories of "unknown" compression cannot be read at all (a wrong guess decodes as
    /// garbage): refused on opening, naming the field.
    @Test func refusesDirectoriesOfUnknownCompression() throws {
        var archive = Self.oneTile
        archive.internalCompression = .unknown
        #expect(try Self.opening(archive) == "x.pmtiles: invalid PMTiles header: internal compression 0 (unknown) does not say how the directories are compressed")
    }

    /// Directories the header says are brotli or zstd but are not: the decoder's reason, once, on opening.
    @Test func namesTheCompressionOfDirectoriesThatDoNotDecode() throws {
        var brotli = Self.oneTile
        brotli.internalCompression = .brotli
        let brotliMessage = try #require(try Self.opening(brotli))
        #expect(brotliMessage.hasPrefix("x.pmtiles: the root directory is corrupt: brotli stream "), "\(brotliMessage)")
        var zstd = Self.oneTile
        zstd.internalCompression = .zstd
        #expect(try Self.opening(zstd) == "x.pmtiles: the root directory is corrupt: zstd stream is corrupt: Unknown frame descriptor")
    }

    /// Tiles the header says are brotli but are not: the archive opens, the tile's problem is its own.
    @Test func tilesThatDoNotDecodeAreNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("x.pmtiles")
        var archive = Self.oneTile
        archive.tileCompression = .zstd
        try archive.write(to: path)
        let opened = try PMTilesArchive(path: path)
        #expect(try opened.rawTileData(TileID(z: 0, x: 0, y: 0)) == Data([1, 2, 3]))
        #expect(pmtilesError { _ = try opened.tileData(TileID(z: 0, x: 0, y: 0)) }?.description ==
                "\(path): tile 0/0/0 is corrupt: zstd stream is corrupt: Unknown frame descriptor")
    }

    @Test func refusesSectionsPastTheEndOfTheFile() throws {
        var root = Self.oneTile
        root.edit = { $0.rootDirectory.length = 1000 }
        #expect(try Self.opening(root) == "x.pmtiles: the root directory (1000 bytes at byte 127 of the file) reaches past its end (byte 137)")
        var huge = Self.oneTile
        huge.edit = { $0.rootDirectory.offset = .max }
        #expect(try Self.opening(huge) == "x.pmtiles: the root directory (5 bytes at byte 18446744073709551615 of the file) reaches past its end (byte 137)")
        var tiles = Self.oneTile
        tiles.edit = { $0.tileData.length = 4 }
        #expect(try Self.opening(tiles) == "x.pmtiles: the tile data section (4 bytes at byte 134 of the file) reaches past its end (byte 137)")
        var metadata = Self.oneTile
        metadata.edit = { $0.metadata.offset = 136 }
        #expect(try Self.opening(metadata) == "x.pmtiles: the metadata (2 bytes at byte 136 of the file) reaches past its end (byte 137)")
        var leaves = Self.oneTile
        leaves.edit = { $0.leafDirectories.length = 1 << 40 }
        #expect(try Self.opening(leaves) == "x.pmtiles: the leaf directories section (1099511627776 bytes at byte 134 of the file) reaches past its end (byte 137)")
    }

    /// A tile entry whose bytes lie outside the tile data section.
    @Test func refusesTilesOutsideTheTileSection() throws {
        let archive = HandMadeArchive(entries: [PMTilesEntry(tileID: 0, offset: 2, length: 3, runLength: 1)], tiles: [1, 2, 3])
        #expect(try Self.reading(TileID(z: 0, x: 0, y: 0), in: archive) == "x.pmtiles: tile 0/0/0 (3 bytes at byte 2 of the tile data section) reaches past its end (byte 3)")
        #expect(try Self.walking(archive) == "x.pmtiles: tile 0/0/0 (3 bytes at byte 2 of the tile data section) reaches past its end (byte 3)")
    }

    @Test func refusesATileLargerThanATileMayBe() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("x.pmtiles")
        let length = UInt32(InputLimits.maxInflatedTileBytes + 1)
        var archive = HandMadeArchive(entries: [PMTilesEntry(tileID: 0, offset: 0, length: length, runLength: 1)])
        archive.edit = { $0.tileData.length = UInt64(length) }
        try archive.write(to: path)
        // A sparse file: the tile's bytes take no disk space.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: archive.header.tileData.offset + UInt64(length))
        try handle.close()
        let opened = try PMTilesArchive(path: path)
        #expect(pmtilesError { _ = try opened.rawTileData(TileID(z: 0, x: 0, y: 0)) } ==
                .tooLarge(path: path, what: "tile 0/0/0", bytes: UInt64(length), limit: InputLimits.maxInflatedTileBytes))
        #expect(PMTilesError.tooLarge(path: "x", what: "tile 0/0/0", bytes: 16_777_217, limit: 16 << 20).description ==
                "x: tile 0/0/0 has 16777217 bytes, more than the 16 MiB mapsnap reads")
    }

    @Test func refusesCorruptRootDirectories() throws {
        #expect(try Self.opening(HandMadeArchive(root: [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01])) ==
                "x.pmtiles: the root directory is corrupt: varint longer than 10 bytes at byte 0")
        #expect(try Self.opening(HandMadeArchive(root: [0xff, 0xff, 0xff, 0xff, 0x0f, 0, 1, 1, 1])) ==
                "x.pmtiles: the root directory is corrupt: it claims 4294967295 entries, but its remaining 4 bytes hold at most 1")
        var notGzip = Self.oneTile
        notGzip.internalCompression = .gzip
        #expect(try Self.opening(notGzip) == "x.pmtiles: the root directory is corrupt: not gzip data, though the header says gzip")
        var cut = Self.oneTile
        cut.internalCompression = .gzip
        cut.root = Array(gzipped(cut.root).dropLast(3))
        #expect(try Self.opening(cut) == "x.pmtiles: the root directory is corrupt: gzip stream ended early")
        var bomb = Self.oneTile
        bomb.internalCompression = .gzip
        bomb.root = gzipped([UInt8](repeating: 1, count: InputLimits.maxInflatedTileBytes + 1))
        #expect(try Self.opening(bomb) == "x.pmtiles: the root directory is corrupt: it decompresses to more than 16 MiB")
    }

    @Test func refusesMetadataThatIsNotAJSONObject() throws {
        for (metadata, reason) in [
            (Array("[1, 2]".utf8), "it is [1, 2], not a JSON object"),
            (Array("{\"a\":".utf8), "not JSON: line 1, column 6: expected a value, found the end of the input"),
        ] {
            var archive = Self.oneTile
            archive.metadata = metadata
            let message = try Self.opening(archive)
            #expect(message == "x.pmtiles: the metadata is corrupt: \(reason)", "\(message ?? "opened")")
        }
        var gzipMetadata = Self.oneTile
        gzipMetadata.internalCompression = .gzip
        gzipMetadata.root = gzipped(gzipMetadata.root)
        #expect(try Self.opening(gzipMetadata) == "x.pmtiles: the metadata is corrupt: not gzip data, though the header says gzip")
        var noMetadata = Self.oneTile
        noMetadata.metadata = []
        #expect(try Self.opening(noMetadata) == nil)
    }

    // MARK: leaf directories

    /// Uncompressed leaves of one entry each, `leaf i` at byte 5·i pointing to `leaf i+1`; the
    /// last one holds tile 0/0/0.
    static func chain(of count: Int, last: [UInt8]? = nil) -> HandMadeArchive {
        var archive = HandMadeArchive(entries: [PMTilesEntry(tileID: 0, offset: 0, length: 5, runLength: 0)], tiles: [7])
        for i in 0..<count - 1 { archive.leaves += [1, 0, 0, 5, UInt8(5 * (i + 1) + 1)] }
        archive.leaves += last ?? [1, 0, 1, 1, 1]
        return archive
    }

    @Test func followsLeavesThreeDeepButNoDeeper() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("x.pmtiles")
        try Self.chain(of: 3).write(to: path)
        #expect(try PMTilesArchive(path: path).tileData(TileID(z: 0, x: 0, y: 0)) == Data([7]))
        #expect(try Self.walking(Self.chain(of: 3)) == nil)

        #expect(try Self.reading(TileID(z: 0, x: 0, y: 0), in: Self.chain(of: 4)) ==
                "x.pmtiles: the leaf directory at byte 10 of the leaf directories is corrupt: its leaf directories nest deeper than 3 levels")
        #expect(try Self.walking(Self.chain(of: 4)) ==
                "x.pmtiles: the directory tree is corrupt: leaf directories nest deeper than 3 levels")
    }

    @Test func refusesALeafThatContainsItself() throws {
        // The leaf at byte 0 lists a leaf at byte 0.
        let archive = Self.chain(of: 1, last: [1, 0, 0, 5, 1])
        #expect(try Self.reading(TileID(z: 0, x: 0, y: 0), in: archive) ==
                "x.pmtiles: the leaf directory at byte 0 of the leaf directories is corrupt: it refers to itself or to a directory that contains it")
        #expect(try Self.walking(archive) ==
                "x.pmtiles: the directory tree is corrupt: the leaf directory at byte 0 of the leaf directories is listed twice or overlaps another leaf")
    }

    @Test func refusesLeavesOutsideTheLeafSection() throws {
        var archive = Self.chain(of: 1)
        archive.root = PMTilesDirectory.encode([PMTilesEntry(tileID: 0, offset: 3, length: 5, runLength: 0)])
        #expect(try Self.reading(TileID(z: 0, x: 0, y: 0), in: archive) ==
                "x.pmtiles: the leaf directory at byte 3 of the leaf directories (5 bytes at byte 3 of the leaf directories section) reaches past its end (byte 5)")
    }

    /// A root listing the same leaf many times: lookups are fine (each is one path), a walk stops.
    @Test func refusesAWalkThroughTheSameLeafTwice() throws {
        var archive = Self.chain(of: 1)
        archive.root = PMTilesDirectory.encode((0..<1000).map { PMTilesEntry(tileID: UInt64($0), offset: 0, length: 5, runLength: 0) })
        #expect(try Self.reading(TileID(z: 0, x: 0, y: 0), in: archive) == nil)
        #expect(try Self.walking(archive) ==
                "x.pmtiles: the directory tree is corrupt: the leaf directory at byte 0 of the leaf directories is listed twice or overlaps another leaf")
    }

    @Test func refusesAWalkWhoseTileIDsGoBack() throws {
        // Tiles 0...4 as a run, then tile 2 again (a leaf's tiles that overlap the run).
        var archive = HandMadeArchive(entries: [
            PMTilesEntry(tileID: 0, offset: 0, length: 1, runLength: 5),
            PMTilesEntry(tileID: 6, offset: 0, length: 5, runLength: 0),
        ], tiles: [9])
        archive.leaves = [1, 2, 1, 1, 1]
        #expect(try Self.walking(archive) == "x.pmtiles: the directory tree is corrupt: tile id 2 comes after tile id 4 (ids must ascend)")
    }

    @Test func refusesARunPastZoom31() throws {
        let archive = HandMadeArchive(entries: [PMTilesEntry(tileID: HilbertTileID.end - 1, offset: 0, length: 1, runLength: 2)], tiles: [9])
        #expect(try Self.walking(archive) ==
                "x.pmtiles: the directory tree is corrupt: a run of 2 tiles from tile id 6148914691236517204 reaches past zoom 31")
    }

    /// Random bytes written over an uncompressed archive with two leaves and runs, where every
    /// varint lies open (gzip would refuse most changes before the directory decoder sees them).
    @Test func survivesRandomDamageToUncompressedDirectories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("x.pmtiles")
        var tiles: [UInt8] = []
        var entries: [PMTilesEntry] = []
        for id in UInt64(0)..<85 where id % 7 != 3 {
            if id % 5 == 0, let last = entries.last, last.tileID + UInt64(last.runLength) == id {
                entries[entries.count - 1].runLength += 1
            } else {
                entries.append(PMTilesEntry(tileID: id, offset: UInt64(tiles.count), length: 2, runLength: 1))
                tiles += [UInt8(id), 0x1a]
            }
        }
        let first = PMTilesDirectory.encode(Array(entries[..<30])), second = PMTilesDirectory.encode(Array(entries[30...]))
        var archive = HandMadeArchive(entries: [
            PMTilesEntry(tileID: entries[0].tileID, offset: 0, length: UInt32(first.count), runLength: 0),
            PMTilesEntry(tileID: entries[30].tileID, offset: UInt64(first.count), length: UInt32(second.count), runLength: 0),
        ], tiles: tiles)
        archive.leaves = first + second
        let original = archive.bytes
        try Data(original).write(to: URL(fileURLWithPath: path))
        #expect(try PMTilesArchive(path: path).tileData(TileID(z: 3, x: 7, y: 0)) != nil)

        var random = SplitMix(state: 2024)
        var opened = 0
        for round in 0..<800 {
            var bytes = original
            // Mostly the directories (past the header), sometimes the header's offsets and lengths.
            let start = round % 10 == 0 ? 8 : PMTilesHeader.size
            for _ in 0...random.below(4) { bytes[start + random.below(bytes.count - start)] = UInt8(truncatingIfNeeded: random.next()) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            guard let damaged = try? PMTilesArchive(path: path) else { continue }
            opened += 1
            for tile in allTiles(0...3) { _ = try? damaged.tileData(tile) }
            var iterator = damaged.tileIterator()
            var walked = 0
            while walked < 200, let _ = try? iterator.next() { walked += 1 }
        }
        #expect(opened > 30, "\(opened) of 800 opened")
    }

    /// Every cut and every flipped byte of a small real archive opens or fails with a PMTilesError.
    @Test func survivesEveryCutAndEveryFlippedByte() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = directory.path("source.pmtiles")
        var tiles: [TileID: Data] = [:]
        for tile in allTiles(0...2) { tiles[tile] = tile.z == 2 && tile.x < 2 ? Data("sea".utf8) : Data(gzipped(Array("\(tile)".utf8))) }
        try PMTilesWriterTests.write(tiles, to: source, tileCompression: .gzip)
        let original = try Data(contentsOf: URL(fileURLWithPath: source))
        let path = directory.path("x.pmtiles")
        var outcomes = (opened: 0, refused: 0)

        func tryEverything(_ bytes: Data) throws {
            try bytes.write(to: URL(fileURLWithPath: path))
            guard let archive = try? PMTilesArchive(path: path) else {
                outcomes.refused += 1
                return
            }
            outcomes.opened += 1
            for tile in allTiles(0...3) { _ = try? archive.tileData(tile) }
            var iterator = archive.tileIterator()
            var walked = 0
            while walked < 100, let _ = try? iterator.next() { walked += 1 }
        }
        for length in 0..<original.count { try tryEverything(original.prefix(length)) }
        for index in original.indices {
            var flipped = original
            flipped[index] ^= 0xff
            try tryEverything(flipped)
        }
        #expect(outcomes.refused > original.count)  // every cut is refused
        #expect(outcomes.opened > 0)
    }
}
