/// Where one part of an archive lies: `length` bytes from byte `offset`, as the header or a
/// directory entry states them (unchecked until `end` and the reader compare them with the file).
public struct PMTilesSection: Hashable, Sendable {
    public var offset: UInt64
    public var length: UInt64

    public init(offset: UInt64, length: UInt64) {
        self.offset = offset
        self.length = length
    }

    /// One past the last byte; nil when offset + length overflows (only a hostile file says so).
    public var end: UInt64? {
        let (sum, overflow) = offset.addingReportingOverflow(length)
        return overflow ? nil : sum
    }
}

/// The fixed 127-byte header at the start of every PMTiles v3 archive: where the sections are,
/// how they are compressed, and the zooms, bounds and center a map can start from before it has
/// read anything else. Integers are little-endian; positions are degrees × 10⁷ as Int32.
public struct PMTilesHeader: Hashable, Sendable {
    public static let size = 127
    /// "PMTiles" in UTF-8.
    public static let magic: [UInt8] = Array("PMTiles".utf8)
    public static let version: UInt8 = 3

    public var rootDirectory: PMTilesSection
    public var metadata: PMTilesSection
    /// All leaf directories together; length 0 when there are none.
    public var leafDirectories: PMTilesSection
    public var tileData: PMTilesSection
    /// Tiles before run-length encoding (0: unknown).
    public var addressedTilesCount: UInt64
    /// Directory entries with a run length above 0 (0: unknown).
    public var tileEntriesCount: UInt64
    /// Distinct blobs in the tile data section (0: unknown).
    public var tileContentsCount: UInt64
    /// Tile data ordered by tile id, so that reading an area reads nearby bytes.
    public var isClustered: Bool
    /// How the directories and the metadata are compressed.
    public var internalCompression: PMTilesCompression
    public var tileCompression: PMTilesCompression
    public var tileType: PMTilesTileType
    public var minZoom: UInt8
    public var maxZoom: UInt8
    public var minLongitudeE7: Int32
    public var minLatitudeE7: Int32
    public var maxLongitudeE7: Int32
    public var maxLatitudeE7: Int32
    public var centerZoom: UInt8
    public var centerLongitudeE7: Int32
    public var centerLatitudeE7: Int32

    public init(rootDirectory: PMTilesSection, metadata: PMTilesSection, leafDirectories: PMTilesSection, tileData: PMTilesSection,
                addressedTilesCount: UInt64, tileEntriesCount: UInt64, tileContentsCount: UInt64, isClustered: Bool,
                internalCompression: PMTilesCompression, tileCompression: PMTilesCompression, tileType: PMTilesTileType,
                minZoom: UInt8, maxZoom: UInt8, minLongitudeE7: Int32, minLatitudeE7: Int32, maxLongitudeE7: Int32, maxLatitudeE7: Int32,
                centerZoom: UInt8, centerLongitudeE7: Int32, centerLatitudeE7: Int32) {
        self.rootDirectory = rootDirectory
        self.metadata = metadata
        self.leafDirectories = leafDirectories
        self.tileData = tileData
        self.addressedTilesCount = addressedTilesCount
        self.tileEntriesCount = tileEntriesCount
        self.tileContentsCount = tileContentsCount
        self.isClustered = isClustered
        self.internalCompression = internalCompression
        self.tileCompression = tileCompression
        self.tileType = tileType
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.minLongitudeE7 = minLongitudeE7
        self.minLatitudeE7 = minLatitudeE7
        self.maxLongitudeE7 = maxLongitudeE7
        self.maxLatitudeE7 = maxLatitudeE7
        self.centerZoom = centerZoom
        self.centerLongitudeE7 = centerLongitudeE7
        self.centerLatitudeE7 = centerLatitudeE7
    }

    /// Decodes the first 127 of `bytes` (the start of the file at `path`, named in errors). Refuses
    /// what no reader can use: a short file, another magic or version, a compression or tile type
    /// the spec does not define, zooms over 31 (no tile id holds them) or a min zoom above the max zoom.
    public init(decoding bytes: [UInt8], path: String) throws(PMTilesError) {
        guard bytes.count >= Self.size else { throw .truncatedHeader(path: path, bytes: bytes.count) }
        guard Array(bytes[0..<7]) == Self.magic else { throw .notPMTiles(path: path) }
        guard bytes[7] == Self.version else { throw .unsupportedVersion(path: path, version: Int(bytes[7])) }
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) } }
        func i32(_ at: Int) -> Int32 { Int32(bitPattern: (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }) }
        func compression(_ at: Int, _ what: String) throws(PMTilesError) -> PMTilesCompression {
            guard let value = PMTilesCompression(rawValue: bytes[at]) else {
                throw .invalidHeader(path: path, reason: "\(what) compression \(bytes[at]) is none of the spec's 0...4")
            }
            return value
        }
        func type(_ byte: UInt8) throws(PMTilesError) -> PMTilesTileType {
            guard let value = PMTilesTileType(rawValue: byte) else {
                throw .invalidHeader(path: path, reason: "tile type \(byte) is none of the spec's 0...\(PMTilesTileType.allCases.count - 1)")
            }
            return value
        }
        self.init(
            rootDirectory: PMTilesSection(offset: u64(8), length: u64(16)),
            metadata: PMTilesSection(offset: u64(24), length: u64(32)),
            leafDirectories: PMTilesSection(offset: u64(40), length: u64(48)),
            tileData: PMTilesSection(offset: u64(56), length: u64(64)),
            addressedTilesCount: u64(72), tileEntriesCount: u64(80), tileContentsCount: u64(88),
            isClustered: bytes[96] == 1,
            internalCompression: try compression(97, "internal"), tileCompression: try compression(98, "tile"),
            tileType: try type(bytes[99]),
            minZoom: bytes[100], maxZoom: bytes[101],
            minLongitudeE7: i32(102), minLatitudeE7: i32(106), maxLongitudeE7: i32(110), maxLatitudeE7: i32(114),
            centerZoom: bytes[118], centerLongitudeE7: i32(119), centerLatitudeE7: i32(123))
        let deepest = UInt8(HilbertTileID.maxZoom)
        for (name, zoom) in [("min", minZoom), ("max", maxZoom), ("center", centerZoom)] where zoom > deepest {
            throw .invalidHeader(path: path, reason: "\(name) zoom \(zoom) is over \(deepest), the deepest zoom PMTiles addresses")
        }
        guard minZoom <= maxZoom else { throw .invalidHeader(path: path, reason: "min zoom \(minZoom) is above max zoom \(maxZoom)") }
    }

    /// The 127 bytes of the header.
    public var encoded: [UInt8] {
        var out = Self.magic + [Self.version]
        out.reserveCapacity(Self.size)
        func u64(_ value: UInt64) { for i in 0..<8 { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) } }
        func i32(_ value: Int32) { for i in 0..<4 { out.append(UInt8(truncatingIfNeeded: UInt32(bitPattern: value) >> (8 * UInt32(i)))) } }
        for section in [rootDirectory, metadata, leafDirectories, tileData] {
            u64(section.offset)
            u64(section.length)
        }
        u64(addressedTilesCount)
        u64(tileEntriesCount)
        u64(tileContentsCount)
        out += [isClustered ? 1 : 0, internalCompression.rawValue, tileCompression.rawValue, tileType.rawValue, minZoom, maxZoom]
        i32(minLongitudeE7)
        i32(minLatitudeE7)
        i32(maxLongitudeE7)
        i32(maxLatitudeE7)
        out.append(centerZoom)
        i32(centerLongitudeE7)
        i32(centerLatitudeE7)
        return out
    }
}
