import Foundation
import Testing
import MapsnapFormats
import MapsnapGeo
@testable import MapsnapTiles

/// The writer, checked through the reader: every tile comes back, and the header says what the
/// archive holds.
@Suite struct PMTilesWriterTests {
    /// Zooms 0...5 in a shuffled order: distinct tiles, a sea tile shared by the west half of
    /// zooms 4 and 5 (runs along the curve), and three tiles repeated all over zoom 3.
    static func sampleTiles() -> [TileID: Data] {
        var random = SplitMix(state: 5)
        var tiles: [TileID: Data] = [:]
        let sea = Data("sea".utf8)
        for tile in allTiles(0...5) {
            if tile.z >= 4, tile.x < 1 << (tile.z - 1) {
                tiles[tile] = sea
            } else if tile.z == 3 {
                tiles[tile] = Data("land \(tile.x % 3)".utf8)
            } else {
                tiles[tile] = Data("tile \(tile)".utf8) + random.bytes(random.below(300))
            }
        }
        return tiles
    }

    static func write(_ tiles: [TileID: Data], to path: String, shuffle seed: UInt64 = 9,
                      metadata: JSONObject = ["name": "sample"], tileCompression: PMTilesCompression = .none) throws {
        var random = SplitMix(state: seed)
        let writer = try PMTilesWriter(path: path)
        for tile in random.shuffled(tiles.keys.sorted()) { try writer.write(tile, data: tiles[tile]!) }
        try writer.finalize(metadata: metadata, tileType: .mvt, tileCompression: tileCompression)
    }

    /// Entries the tiles need: sorted by id, consecutive ids with the same bytes are one run.
    static func runCount(_ tiles: [TileID: Data]) -> Int {
        let sorted = tiles.map { (HilbertTileID.id(of: $0.key)!, $0.value) }.sorted { $0.0 < $1.0 }
        var runs = 0
        for (i, tile) in sorted.enumerated() where i == 0 || sorted[i - 1].0 + 1 != tile.0 || sorted[i - 1].1 != tile.1 { runs += 1 }
        return runs
    }

    @Test func everyTileComesBackAndDuplicatesAreStoredOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("sample.pmtiles")
        let tiles = Self.sampleTiles()
        try Self.write(tiles, to: path)

        let archive = try PMTilesArchive(path: path)
        for (tile, data) in tiles {
            #expect(try archive.tileData(tile) == data, "\(tile)")
            #expect(try archive.rawTileData(tile) == data, "\(tile)")
        }
        for absent in [TileID(z: 6, x: 0, y: 0), TileID(z: 31, x: 5, y: 5), TileID(z: 32, x: 0, y: 0), TileID(z: 2, x: 4, y: 0)] {
            #expect(try archive.tileData(absent) == nil, "\(absent)")
        }

        let header = archive.header
        let distinct = Set(tiles.values)
        #expect(header.addressedTilesCount == UInt64(tiles.count))
        #expect(header.tileContentsCount == UInt64(distinct.count))
        #expect(header.tileEntriesCount == UInt64(Self.runCount(tiles)))
        #expect(header.tileEntriesCount < header.addressedTilesCount)  // there are runs
        #expect(header.tileData.length == UInt64(distinct.map(\.count).reduce(0, +)))
        #expect(header.isClustered && header.internalCompression == .gzip && header.tileCompression == .none)
        #expect(header.leafDirectories.length == 0)
        #expect(header.rootDirectory.offset == 127 && header.rootDirectory.length <= 16384 - 127)
        // Deduplicated: smaller than the tiles' bytes added up.
        let allBytes = tiles.values.map(\.count).reduce(0, +)
        let fileSize = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(fileSize < allBytes - 1000, "\(fileSize) vs \(allBytes)")
        #expect(UInt64(fileSize) == header.tileData.offset + header.tileData.length)

        // The zooms and bounds default to what the tiles cover: the whole world here.
        #expect((archive.minZoom, archive.maxZoom, archive.centerZoom) == (0, 5, 0))
        #expect(archive.bounds == BoundingBox(west: -180, south: -85.0511288, east: 180, north: 85.0511288))
        #expect(archive.center == LatLon(0, 0))
        #expect(archive.metadataJSON == ["name": "sample"])
        #expect(archive.attribution == nil)
        #expect(archive.tileType == .mvt)
    }

    /// Clustered: the tile data is in tile id order, each content where its first tile puts it.
    @Test func tileDataIsInTileIDOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("clustered.pmtiles")
        try Self.write(Self.sampleTiles(), to: path, shuffle: 77)
        let archive = try PMTilesArchive(path: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var nextOffset: UInt64 = 0
        var iterator = archive.tileIterator()
        var stored: Set<Data> = []
        while let (_, data) = try iterator.next() {
            guard !stored.contains(data) else { continue }
            stored.insert(data)
            let start = Int(archive.header.tileData.offset + nextOffset)
            #expect(bytes[start..<start + data.count] == data)
            nextOffset += UInt64(data.count)
        }
        #expect(nextOffset == archive.header.tileData.length)
    }

    @Test func theIteratorWalksEveryTileInIDOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("walk.pmtiles")
        let tiles = Self.sampleTiles()
        try Self.write(tiles, to: path)
        var iterator = try PMTilesArchive(path: path).tileIterator()
        var walked: [(TileID, Data)] = []
        while let tile = try iterator.next() { walked.append(tile) }
        #expect(walked.map(\.0) == tiles.keys.sorted { HilbertTileID.id(of: $0)! < HilbertTileID.id(of: $1)! })
        #expect(walked.allSatisfy { tiles[$0.0] == $0.1 })
        #expect(try iterator.next() == nil)
    }

    /// 25 000 distinct tiles do not fit a 16 KiB root: leaf directories hold them.
    @Test func manyTilesGoIntoLeafDirectories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("leaves.pmtiles")
        var random = SplitMix(state: 25)
        var tiles: [TileID: Data] = [:]
        for x in 0..<250 {
            for y in 0..<100 { tiles[TileID(z: 9, x: x * 2, y: y * 3)] = Data("\(x),\(y)".utf8) + random.bytes(random.below(40)) }
        }
        tiles[TileID(z: 0, x: 0, y: 0)] = Data("world".utf8)
        try Self.write(tiles, to: path)

        let archive = try PMTilesArchive(path: path)
        let header = archive.header
        #expect(header.leafDirectories.length > 0)
        #expect(header.rootDirectory.offset + header.rootDirectory.length <= 16384)
        let counts = (header.addressedTilesCount, header.tileEntriesCount, header.tileContentsCount)
        #expect(counts == (25_001, 25_001, UInt64(Set(tiles.values).count)), "\(counts), \(Set(tiles.values).count) distinct")
        for (tile, data) in tiles { #expect(try archive.tileData(tile) == data, "\(tile)") }
        #expect(try archive.tileData(TileID(z: 9, x: 1, y: 0)) == nil)
        #expect(try archive.tileData(TileID(z: 9, x: 511, y: 511)) == nil)
        #expect(archive.leafCacheCount > 0)
        var iterator = archive.tileIterator()
        var count = 0
        while let (tile, data) = try iterator.next() {
            #expect(tiles[tile] == data)
            count += 1
        }
        #expect(count == tiles.count)
        #expect((archive.minZoom, archive.maxZoom) == (0, 9))
    }

    @Test func gzipTilesAreInflatedByTileData() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("gzip.pmtiles")
        let plain = Data(repeating: 0x1a, count: 500)
        let tiles = [TileID(z: 1, x: 0, y: 1): Data(gzipped(Array(plain))), TileID(z: 1, x: 1, y: 1): Data(gzipped([1, 2, 3]))]
        try Self.write(tiles, to: path, tileCompression: .gzip)
        let archive = try PMTilesArchive(path: path)
        #expect(archive.tileCompression == .gzip)
        #expect(try archive.tileData(TileID(z: 1, x: 0, y: 1)) == plain)
        #expect(try archive.rawTileData(TileID(z: 1, x: 0, y: 1)) == tiles[TileID(z: 1, x: 0, y: 1)])
        #expect(try archive.tileData(TileID(z: 1, x: 1, y: 1)) == Data([1, 2, 3]))
    }

    @Test func headerAndMetadataSayWhatTheCallerPasses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("monaco.pmtiles")
        let metadata: JSONObject = [
            "name": "Monaco", "format": "png", "attribution": "© OpenStreetMap contributors",
            "bounds": [7.349, 43.71, 7.491, 43.77], "minzoom": 2, "maxzoom": 14, "vector_layers": [],
        ]
        let writer = try PMTilesWriter(path: path)
        try writer.write(TileID(z: 14, x: 8529, y: 5974), data: Data([0x89, 0x50]))
        try writer.finalize(metadata: metadata, tileType: .png, tileCompression: .none, minZoom: 2, maxZoom: 14,
                            bounds: BoundingBox(west: 7.349, south: 43.71, east: 7.491, north: 43.77),
                            center: LatLon(43.74, 7.42), centerZoom: 13)
        let archive = try PMTilesArchive(path: path)
        #expect(archive.metadataJSON == metadata)
        #expect(Array(archive.metadataJSON.keys) == Array(metadata.keys))
        #expect(archive.attribution == "© OpenStreetMap contributors")
        #expect((archive.minZoom, archive.maxZoom, archive.centerZoom) == (2, 14, 13))
        #expect(archive.bounds == BoundingBox(west: 7.349, south: 43.71, east: 7.491, north: 43.77))
        #expect(archive.center == LatLon(43.74, 7.42))
        #expect((archive.header.minLongitudeE7, archive.header.maxLatitudeE7) == (73_490_000, 437_700_000))
        #expect(archive.tileType == .png)
    }

    @Test func defaultBoundsAreTheBoxTheTilesCover() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("small.pmtiles")
        let writer = try PMTilesWriter(path: path)
        try writer.write(TileID(z: 2, x: 2, y: 1), data: Data([1]))
        try writer.write(TileID(z: 3, x: 6, y: 3), data: Data([2]))
        try writer.finalize(metadata: [:], tileType: .unknown, tileCompression: .unknown)
        let archive = try PMTilesArchive(path: path)
        #expect(archive.bounds == BoundingBox(west: 0, south: 0, east: 135, north: 66.5132604))
        #expect(archive.center == LatLon(33.2566302, 67.5))
        #expect((archive.minZoom, archive.maxZoom, archive.centerZoom) == (2, 3, 2))
    }

    @Test func aTileWrittenAgainIsReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("again.pmtiles")
        let writer = try PMTilesWriter(path: path)
        let tile = TileID(z: 4, x: 3, y: 9)
        try writer.write(tile, data: Data("first".utf8))
        try writer.write(TileID(z: 4, x: 3, y: 8), data: Data("other".utf8))
        try writer.write(tile, data: Data("second".utf8))
        try writer.finalize(metadata: [:], tileType: .mvt, tileCompression: .none)
        let archive = try PMTilesArchive(path: path)
        #expect(try archive.tileData(tile) == Data("second".utf8))
        // The replaced content is not stored.
        #expect(archive.header.addressedTilesCount == 2 && archive.header.tileContentsCount == 2)
        #expect(archive.header.tileData.length == 11)
    }

    @Test func refusesTilesNoArchiveCanHold() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("bad.pmtiles")
        let writer = try PMTilesWriter(path: path)
        defer { writer.abandon() }
        let cases: [(TileID, Data, String)] = [
            (TileID(z: 32, x: 0, y: 0), Data([1]), "cannot write tile 32/0/0: zoom 32 is outside 0...31, the zooms PMTiles addresses"),
            (TileID(z: -1, x: 0, y: 0), Data([1]), "cannot write tile -1/0/0: zoom -1 is outside 0...31, the zooms PMTiles addresses"),
            (TileID(z: 2, x: 4, y: 0), Data([1]), "cannot write tile 2/4/0: x and y must be within 0...3 at zoom 2"),
            (TileID(z: 2, x: 1, y: -1), Data([1]), "cannot write tile 2/1/-1: x and y must be within 0...3 at zoom 2"),
            (TileID(z: 2, x: 1, y: 1), Data(), "cannot write tile 2/1/1: it has no bytes (PMTiles stores no empty tiles; leave it out)"),
            (TileID(z: 2, x: 1, y: 1), Data(count: (16 << 20) + 1), "cannot write tile 2/1/1: 16777217 bytes is more than the 16 MiB a tile may have"),
        ]
        for (tile, data, message) in cases {
            #expect(pmtilesError { try writer.write(tile, data: data) }?.description == "\(path): \(message)")
        }
    }

    @Test func finalizeRefusesZoomsOutsideTheRangeAndAnArchiveWithoutTiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("zooms.pmtiles")
        for (minZoom, maxZoom, message) in [(5, 3, "invalid PMTiles header: min zoom 5 is above max zoom 3"),
                                            (0, 32, "invalid PMTiles header: max zoom 32 is outside 0...31")] {
            let writer = try PMTilesWriter(path: path)
            try writer.write(TileID(z: 0, x: 0, y: 0), data: Data([1]))
            #expect(pmtilesError { try writer.finalize(metadata: [:], tileType: .mvt, tileCompression: .none, minZoom: minZoom, maxZoom: maxZoom) }?
                .description == "\(path): \(message)")
        }
        let empty = try PMTilesWriter(path: path)
        #expect(pmtilesError { try empty.finalize(metadata: [:], tileType: .mvt, tileCompression: .none) } == .noTiles(path: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
    }

    @Test func aFinishedWriterRefusesMoreWork() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("done.pmtiles")
        let writer = try PMTilesWriter(path: path)
        try writer.write(TileID(z: 0, x: 0, y: 0), data: Data([1]))
        try writer.finalize(metadata: [:], tileType: .mvt, tileCompression: .none)
        #expect(pmtilesError { try writer.write(TileID(z: 0, x: 0, y: 0), data: Data([1])) } == .writerClosed(path: path))
        #expect(pmtilesError { try writer.finalize(metadata: [:], tileType: .mvt, tileCompression: .none) } == .writerClosed(path: path))
        // Only the archive is left: the spool and the temporary file are gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["done.pmtiles"])
    }

    /// The tiles wait in `<path>.tmp-tiles`, each distinct content once; the output appears only at the end.
    @Test func tilesWaitInASpoolFileBesideTheOutput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("spooled.pmtiles")
        let writer = try PMTilesWriter(path: path)
        #expect(writer.spoolPath == path + ".tmp-tiles")
        for x in 0..<4 { try writer.write(TileID(z: 2, x: x, y: 0), data: Data("abc".utf8)) }
        try writer.write(TileID(z: 2, x: 0, y: 1), data: Data("defg".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: writer.spoolPath)) == Data("abcdefg".utf8))
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.finalize(metadata: [:], tileType: .mvt, tileCompression: .none)
        #expect(!FileManager.default.fileExists(atPath: writer.spoolPath))
    }

    @Test func aWriterDroppedOrAbandonedLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let writer = try PMTilesWriter(path: directory.path("dropped.pmtiles"))
            try writer.write(TileID(z: 0, x: 0, y: 0), data: Data([1]))
        }
        let abandoned = try PMTilesWriter(path: directory.path("abandoned.pmtiles"))
        try abandoned.write(TileID(z: 0, x: 0, y: 0), data: Data([1]))
        abandoned.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
    }

    /// The archive replaces an older file only when it is complete; a failed finalize leaves
    /// the old file and nothing else.
    @Test func replacesAnOldArchiveAtomicallyAndCleansUpAfterAFailure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("out.pmtiles")
        try Self.write([TileID(z: 0, x: 0, y: 0): Data("old".utf8)], to: path)
        try Self.write([TileID(z: 0, x: 0, y: 0): Data("new".utf8)], to: path)
        #expect(try PMTilesArchive(path: path).tileData(TileID(z: 0, x: 0, y: 0)) == Data("new".utf8))

        // A folder appears where the archive goes: it is refused (never renamed over), and the
        // spool is removed. (A rename that fails is `AtomicFileTests`'.)
        let blocked = directory.path("blocked.pmtiles")
        let writer = try PMTilesWriter(path: blocked)
        try writer.write(TileID(z: 0, x: 0, y: 0), data: Data([1]))
        try FileManager.default.createDirectory(atPath: blocked + "/inside", withIntermediateDirectories: true)
        let error = pmtilesError { try writer.finalize(metadata: [:], tileType: .mvt, tileCompression: .none) }
        #expect(error == .writeFailed(path: blocked, what: "the archive", reason: "is a folder"), "\(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == ["blocked.pmtiles", "out.pmtiles"])
    }

    @Test func refusesAFolderAndAMissingFolder() {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(pmtilesError { _ = try PMTilesWriter(path: folder) } == .cannotOpen(path: folder, reason: "is a folder"))
        let missing = "/nonexistent-mapsnap-folder/x.pmtiles"
        #expect(pmtilesError { _ = try PMTilesWriter(path: missing) } ==
                .writeFailed(path: missing, what: "the tile spool \(missing).tmp-tiles", reason: "No such file or directory"))
    }
}
