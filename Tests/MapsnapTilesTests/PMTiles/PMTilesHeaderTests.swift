import Testing
import MapsnapTiles

@Suite struct PMTilesHeaderTests {
    static let sample = PMTilesHeader(
        rootDirectory: PMTilesSection(offset: 127, length: 300), metadata: PMTilesSection(offset: 427, length: 52),
        leafDirectories: PMTilesSection(offset: 479, length: 0x1_0000_0001), tileData: PMTilesSection(offset: 0x1_0000_0480, length: .max),
        addressedTilesCount: 1 << 40, tileEntriesCount: 12_345, tileContentsCount: 678, isClustered: true,
        internalCompression: .gzip, tileCompression: .brotli, tileType: .webp, minZoom: 3, maxZoom: 31,
        minLongitudeE7: -1_800_000_000, minLatitudeE7: -850_511_287, maxLongitudeE7: 74_910_000, maxLatitudeE7: Int32.max,
        centerZoom: 12, centerLongitudeE7: -1, centerLatitudeE7: Int32.min)

    @Test func roundTripsEveryField() throws {
        let bytes = Self.sample.encoded
        #expect(bytes.count == 127)
        #expect(try PMTilesHeader(decoding: bytes, path: "x") == Self.sample)
        var other = Self.sample
        other.isClustered = false
        other.internalCompression = .none
        other.tileType = .unknown
        #expect(try PMTilesHeader(decoding: other.encoded, path: "x") == other)
    }

    /// Where the spec puts each field (section 3.1).
    @Test func layoutMatchesTheSpec() {
        let bytes = Self.sample.encoded
        #expect(Array(bytes[0..<8]) == Array("PMTiles".utf8) + [3])
        #expect(Array(bytes[8..<16]) == [127, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[48..<56]) == [1, 0, 0, 0, 1, 0, 0, 0])
        #expect(Array(bytes[96..<102]) == [1, 2, 3, 4, 3, 31])
        #expect(Array(bytes[102..<106]) == [0x00, 0x2e, 0xb6, 0x94])  // -1_800_000_000 little-endian
        #expect(bytes[118] == 12)
        #expect(Array(bytes[119..<127]) == [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0x80])
    }

    /// A tile type the spec does not assign is refused with the header, not guessed at tile by tile.
    @Test func unassignedTileTypesAreRefused() throws {
        var bytes = Self.sample.encoded
        bytes[99] = 6
        #expect(try PMTilesHeader(decoding: bytes, path: "x").tileType == .mlt)
        for byte: UInt8 in [7, 200] {
            bytes[99] = byte
            #expect(throws: PMTilesError.invalidHeader(path: "x", reason: "tile type \(byte) is none of the spec's 0...6")) {
                try PMTilesHeader(decoding: bytes, path: "x")
            }
        }
    }

    /// Each broken header, as (byte to change, its new value) or a cut, with the message.
    @Test(arguments: [
        (nil, nil, 126, "x: not a PMTiles archive (126 bytes, shorter than the 127-byte header)"),
        (nil, nil, 0, "x: not a PMTiles archive (0 bytes, shorter than the 127-byte header)"),
        (0, UInt8(ascii: "p"), 127, "x: not a PMTiles archive (it does not start with 'PMTiles')"),
        (7, 2, 127, "x: PMTiles version 2 is not supported (mapsnap reads version 3)"),
        (97, 5, 127, "x: invalid PMTiles header: internal compression 5 is none of the spec's 0...4"),
        (98, 255, 127, "x: invalid PMTiles header: tile compression 255 is none of the spec's 0...4"),
        (99, 7, 127, "x: invalid PMTiles header: tile type 7 is none of the spec's 0...6"),
        (101, 32, 127, "x: invalid PMTiles header: max zoom 32 is over 31, the deepest zoom PMTiles addresses"),
        (118, 40, 127, "x: invalid PMTiles header: center zoom 40 is over 31, the deepest zoom PMTiles addresses"),
        (100, 30, 127, "x: invalid PMTiles header: min zoom 30 is above max zoom 12"),
    ] as [(Int?, UInt8?, Int, String)])
    func refusesBrokenHeaders(index: Int?, value: UInt8?, length: Int, message: String) {
        var header = Self.sample
        header.maxZoom = 12
        var bytes = Array(header.encoded.prefix(length))
        if let index, let value { bytes[index] = value }
        #expect(pmtilesError { _ = try PMTilesHeader(decoding: bytes, path: "x") }?.description == message)
    }
}
