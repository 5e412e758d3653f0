import Foundation
import Testing
import MapsnapFormats
import MapsnapGeo
import MapsnapTestSupport
@testable import MapsnapTiles

/// mapsnap's archives against the reference implementation (PyPI's `pmtiles`), tile by tile,
/// through `scripts/pmtiles-interop.py`: Python reads what mapsnap writes, and mapsnap reads what
/// Python writes. `MAPSNAP_PYTHON` names the interpreter (`scripts/test.sh` sets it to a venv
/// with `pmtiles`), else `python3`; where it cannot import the package the tests are skipped
/// (`TestEnvironment.skip`).
@Suite(.tags(.interop)) struct PMTilesInteropTests {
    static let script = RepositoryData.root.appendingPathComponent("scripts/pmtiles-interop.py").path
    static let interpreter = ProcessInfo.processInfo.environment["MAPSNAP_PYTHON"] ?? "python3"
    static let available = (try? python(["-c", "import pmtiles"]).status) == 0

    /// Skips the running test where the reference cannot be imported.
    static func needReference(sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard available else {
            try TestEnvironment.skip("\(interpreter) cannot import pmtiles (scripts/test.sh installs it in .build/browser-venv)", sourceLocation: sourceLocation)
        }
    }

    /// Runs python3 with `arguments`; its output goes through files (a full pipe would block it).
    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outputPath = directory.path("output")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [interpreter] + arguments
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: URL(fileURLWithPath: outputPath)), as: UTF8.self))
    }

    /// The listing the script compares with: metadata, types and every tile's stored bytes.
    static func writeListing(_ tiles: [TileID: Data], metadata: JSONObject, tileType: String, compression: String, to path: String) throws {
        let rows = tiles.keys.sorted().map { tile -> JSONValue in
            [.number(Double(tile.z)), .number(Double(tile.x)), .number(Double(tile.y)), .string(tiles[tile]!.base64EncodedString())]
        }
        let listing: JSONValue = ["metadata": .object(metadata), "tile_type": .string(tileType), "tile_compression": .string(compression),
                                  "tiles": .array(rows)]
        try Data(listing.compactText.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Python checks the archive at `archive` against `tiles`; returns its summary line.
    static func pythonChecks(_ archive: String, _ tiles: [TileID: Data], metadata: JSONObject, tileType: String = "mvt",
                             compression: String = "none", in directory: TemporaryDirectory) throws -> String {
        let listing = directory.path("expected.json")
        try writeListing(tiles, metadata: metadata, tileType: tileType, compression: compression, to: listing)
        let (status, output) = try python([script, "check", archive, listing])
        #expect(status == 0, "\(output)")
        return output
    }

    /// Python writes `tiles`; mapsnap must read every one back, and walk exactly these.
    static func mapsnapReadsPythons(_ tiles: [TileID: Data], metadata: JSONObject, tileType: String = "mvt", compression: String = "none",
                                    in directory: TemporaryDirectory) throws -> PMTilesArchive {
        let listing = directory.path("python.json"), path = directory.path("python.pmtiles")
        try writeListing(tiles, metadata: metadata, tileType: tileType, compression: compression, to: listing)
        let (status, output) = try python([script, "write", path, listing])
        #expect(status == 0, "\(output)")
        let archive = try PMTilesArchive(path: path)
        for (tile, data) in tiles { #expect(try archive.rawTileData(tile) == data, "\(tile)") }
        var iterator = archive.tileIterator()
        var walked = 0
        while let (tile, data) = try iterator.next() {
            #expect(tiles[tile] == data, "\(tile)")
            walked += 1
        }
        #expect(walked == tiles.count)
        #expect(archive.metadataJSON == metadata)
        #expect(archive.header.addressedTilesCount == UInt64(tiles.count))
        #expect(archive.header.tileContentsCount == UInt64(Set(tiles.values).count))
        return archive
    }

    @Test func pythonReadsEveryTileMapsnapWrites() throws {
        try Self.needReference()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("mapsnap.pmtiles")
        let tiles = PMTilesWriterTests.sampleTiles()
        let metadata: JSONObject = ["name": "sample", "attribution": "© test", "vector_layers": [["id": "water"]]]
        try PMTilesWriterTests.write(tiles, to: path, metadata: metadata)
        let summary = try Self.pythonChecks(path, tiles, metadata: metadata, in: directory)
        #expect(summary.contains("checked 1365 tiles (\(Set(tiles.values).count) distinct), without leaf directories: ok"), "\(summary)")
    }

    /// The check can fail: a listing that differs from the archive in one tile, and one tile short.
    @Test func theCheckFindsAWrongTileAndAMissingOne() throws {
        try Self.needReference()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("mapsnap.pmtiles")
        var tiles = PMTilesWriterTests.sampleTiles()
        try PMTilesWriterTests.write(tiles, to: path)
        tiles[TileID(z: 5, x: 30, y: 2)] = Data("not this".utf8)
        tiles[TileID(z: 5, x: 31, y: 31)] = nil
        let listing = directory.path("wrong.json")
        try Self.writeListing(tiles, metadata: ["name": "sample"], tileType: "mvt", compression: "none", to: listing)
        let (status, output) = try Self.python([Self.script, "check", path, listing])
        #expect(status == 1)
        #expect(output.contains("tile 5/30/2 differs"), "\(output)")
        #expect(output.contains("tile 5/31/31 is not in the listing"), "\(output)")
    }

    @Test func pythonReadsMapsnapsLeafDirectories() throws {
        try Self.needReference()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("leaves.pmtiles")
        var random = SplitMix(state: 3)
        var tiles: [TileID: Data] = [:]
        for x in 0..<200 {
            for y in 0..<120 { tiles[TileID(z: 10, x: 300 + x, y: 200 + y * 2)] = random.bytes(1 + random.below(60)) }
        }
        for x in 0..<100 { tiles[TileID(z: 8, x: x, y: 7)] = Data("sea".utf8) }
        try PMTilesWriterTests.write(tiles, to: path)
        #expect(try PMTilesArchive(path: path).header.leafDirectories.length > 0)
        let summary = try Self.pythonChecks(path, tiles, metadata: ["name": "sample"], in: directory)
        #expect(summary.contains("with leaf directories: ok"), "\(summary)")
    }

    @Test func mapsnapReadsEveryTilePythonWrites() throws {
        try Self.needReference()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tiles = PMTilesWriterTests.sampleTiles()
        let archive = try Self.mapsnapReadsPythons(tiles, metadata: ["name": "python", "attribution": "© py"], in: directory)
        #expect(archive.attribution == "© py")
        #expect((archive.minZoom, archive.maxZoom) == (0, 5))
        #expect(archive.header.leafDirectories.length == 0)
    }

    @Test func mapsnapReadsPythonsLeafDirectories() throws {
        try Self.needReference()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix(state: 4)
        var tiles: [TileID: Data] = [:]
        for x in 0..<180 {
            for y in 0..<150 { tiles[TileID(z: 11, x: 1000 + x * 3, y: 900 + y)] = random.bytes(1 + random.below(50)) }
        }
        let archive = try Self.mapsnapReadsPythons(tiles, metadata: [:], in: directory)
        #expect(archive.header.leafDirectories.length > 0)
        #expect(archive.leafCacheCount > 0)
    }

    /// Python's archive with leaf directories, its tiles, directories and metadata compressed
    /// again with brotli and with zstd (`scripts/pmtiles-interop.py recompress`, which writes the
    /// tiles through pmtiles' writer): mapsnap reads every tile, through the leaves, as in the gzip
    /// original.
    @Test(arguments: ["brotli", "zstd"])
    func mapsnapReadsBrotliAndZstdWithLeafDirectories(method: String) throws {
        try Self.needReference()
        let ready = try Self.python(["-c", "import brotli, zstandard"])
        guard ready.status == 0 else {
            try TestEnvironment.skip("\(Self.interpreter) cannot import brotli and zstandard (scripts/install-test-deps.sh installs them): \(ready.output)")
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix(state: 6)
        var tiles: [TileID: Data] = [:]
        for x in 0..<180 {
            for y in 0..<150 { tiles[TileID(z: 11, x: 1000 + x * 3, y: 900 + y)] = Data("tile \(x) \(y)".utf8) + random.bytes(random.below(40)) }
        }
        let compressed = tiles.mapValues { Data(gzipped(Array($0))) }
        let original = try Self.mapsnapReadsPythons(compressed, metadata: ["name": "leaves"], compression: "gzip", in: directory)
        #expect(original.header.leafDirectories.length > 0)
        let path = directory.path("\(method).pmtiles")
        let (status, output) = try Self.python([Self.script, "recompress", directory.path("python.pmtiles"), path, method])
        #expect(status == 0, "\(output)")
        let archive = try PMTilesArchive(path: path)
        #expect(archive.header.internalCompression.name == method && archive.header.tileCompression.name == method)
        #expect(archive.header.leafDirectories.length > 0 && archive.metadataJSON == ["name": "leaves"])
        for (tile, data) in tiles { #expect(try archive.tileData(tile) == data, "\(tile)") }
        var iterator = archive.tileIterator()
        var walked = 0
        while let (tile, raw) = try iterator.next() {
            #expect(try archive.decompressedTile(raw, id: tile) == tiles[tile], "\(tile)")
            walked += 1
        }
        #expect(walked == tiles.count)
    }

    /// A real archive (OpenMapTiles vector tiles of Andorra, gzip MVT): MBTiles → mapsnap's
    /// writer → Python's reader, and the same tiles → Python's writer → mapsnap's reader, whose
    /// tiles must decode as the MBTiles' do.
    @Test func aRealArchiveConvertsBothWays() throws {
        try Self.needReference()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try MBTilesArchive(path: RepositoryData.andorra)
        var tiles: [TileID: Data] = [:]
        for tile in try source.tileIDs() { tiles[tile] = try source.rawTileData(tile) }
        var metadata = JSONObject()
        for key in source.metadata.raw.keys.sorted() where key != "json" { metadata[key] = .string(source.metadata.raw[key]!) }

        let path = directory.path("andorra.pmtiles")
        let writer = try PMTilesWriter(path: path)
        for (tile, data) in tiles { try writer.write(tile, data: data) }
        try writer.finalize(metadata: metadata, tileType: .mvt, tileCompression: .gzip, bounds: source.metadata.bounds,
                            center: source.metadata.center, centerZoom: 12)
        let summary = try Self.pythonChecks(path, tiles, metadata: metadata, compression: "gzip", in: directory)
        #expect(summary.contains("checked 331 tiles"), "\(summary)")

        let fromPython = try Self.mapsnapReadsPythons(tiles, metadata: metadata, compression: "gzip", in: directory)
        #expect(fromPython.tileCompression == .gzip)
        for tile in tiles.keys { #expect(try fromPython.tileData(tile) == source.tileData(tile), "\(tile)") }
        let ours = try PMTilesArchive(path: path)
        #expect(ours.bounds == source.metadata.bounds)
        let size = { (p: String) in try FileManager.default.attributesOfItem(atPath: p)[.size] as? Int ?? 0 }
        print("andorra: MBTiles \(try size(RepositoryData.andorra)) bytes, mapsnap's PMTiles \(try size(path)), Python's \(try size(directory.path("python.pmtiles")))")
    }
}
