import Foundation
import MapsnapFormats
import MapsnapGeo

/// A read-only PMTiles v3 archive: one file holding a tile pyramid, addressed by Hilbert tile
/// ids through a root directory and optional leaf directories (see `PMTilesHeader`,
/// `PMTilesDirectory`, `HilbertTileID`). Opening reads the header, the root directory and the
/// metadata; a tile costs one read, plus one per leaf directory not in the cache.
///
/// Everything taken from the file is checked before it is used (offsets and lengths against the
/// file and the sections, every varint, the depth of the leaf directories), so a damaged or
/// hostile file ends in a `PMTilesError` naming the file, never in a crash, a hang or an
/// allocation the file's size does not justify.
///
/// Keeps a cache of leaf directories: **not for concurrent use**; open one archive per thread.
public final class PMTilesArchive {
    public let path: String
    public let header: PMTilesHeader
    /// The metadata JSON object (TileJSON-like: `name`, `attribution`, `vector_layers`, …).
    public let metadataJSON: JSONObject
    private let file: PMTilesFile
    private let root: [PMTilesEntry]
    /// The leaf directories decoded lately, so that neighbouring tiles (which share a leaf) do not
    /// read and inflate it again. Bounded by the entries held (24 bytes each: 2^20 is about
    /// 24 MiB) rather than by leaves: a leaf may hold a few entries or millions.
    private var leafCache = BoundedCache<PMTilesSection, [PMTilesEntry]>(costLimit: 1 << 20) { $0.count }

    /// Leaf directories below the root, at most: the spec discourages more than one, and the
    /// reference reader follows three. A deeper chain can only be a loop or a forgery.
    static let maxLeafDepth = 3
    /// Bytes of one directory, compressed or not. Real leaves hold a few thousand entries (a few
    /// hundred KiB at most); the tile limit leaves room for far larger ones.
    static let maxDirectoryBytes = InputLimits.maxInflatedTileBytes
    /// Bytes of the metadata, compressed or not: it is read whole, like an input file.
    static let maxMetadataBytes = InputLimits.maxFileBytes
    /// Bytes of one stored tile: more than any tile may inflate to is not a tile.
    static let maxStoredTileBytes = InputLimits.maxInflatedTileBytes

    /// Opens the archive and reads its header, root directory and metadata. Whatever in the header
    /// mapsnap cannot read is refused here, naming the field, rather than at every tile: codes the
    /// spec does not define (`PMTilesHeader`), and directories whose compression is "unknown"
    /// (unlike a tile, a directory's bytes cannot be tried both ways: a wrong guess decodes as garbage).
    public init(path: String) throws(PMTilesError) {
        self.path = path
        file = try PMTilesFile(path: path)
        guard file.size >= UInt64(PMTilesHeader.size) else { throw .truncatedHeader(path: path, bytes: Int(file.size)) }
        let start = try file.read(PMTilesSection(offset: 0, length: UInt64(PMTilesHeader.size)), what: "the header", limit: PMTilesHeader.size)
        header = try PMTilesHeader(decoding: Array(start), path: path)
        guard header.internalCompression != .unknown else {
            throw .invalidHeader(path: path, reason: "internal compression 0 (unknown) does not say how the directories are compressed")
        }
        // The sections read later are checked now, so that a truncated file is reported on opening.
        try file.check(header.tileData, what: "the tile data section")
        if header.leafDirectories.length > 0 { try file.check(header.leafDirectories, what: "the leaf directories section") }

        let rootBytes = try file.read(header.rootDirectory, what: "the root directory", limit: Self.maxDirectoryBytes)
        root = try PMTilesDirectory.decode(
            Self.decompressed(rootBytes, header.internalCompression, path: path, what: "the root directory", limit: Self.maxDirectoryBytes),
            path: path, directory: "the root directory")
        metadataJSON = try Self.readMetadata(file, header: header)
    }

    // MARK: what the header says

    public var minZoom: Int { Int(header.minZoom) }
    public var maxZoom: Int { Int(header.maxZoom) }
    public var centerZoom: Int { Int(header.centerZoom) }
    public var tileType: PMTilesTileType { header.tileType }
    public var tileCompression: PMTilesCompression { header.tileCompression }

    /// The header's bounds; nil when they are not degrees on the Earth (|lon| ≤ 180, |lat| ≤ 90,
    /// south not above north).
    public var bounds: BoundingBox? {
        let west = Self.degrees(header.minLongitudeE7), south = Self.degrees(header.minLatitudeE7)
        let east = Self.degrees(header.maxLongitudeE7), north = Self.degrees(header.maxLatitudeE7)
        guard LatLon.isValidLongitude(west), LatLon.isValidLongitude(east), LatLon.isValidLatitude(south),
              LatLon.isValidLatitude(north), south <= north else { return nil }
        return BoundingBox(west: west, south: south, east: east, north: north)
    }

    /// The header's center; nil when it is not a place on the Earth.
    public var center: LatLon? {
        let latitude = Self.degrees(header.centerLatitudeE7), longitude = Self.degrees(header.centerLongitudeE7)
        guard LatLon.isValidLatitude(latitude), LatLon.isValidLongitude(longitude) else { return nil }
        return LatLon(latitude, longitude)
    }

    /// The metadata's `attribution` (may contain HTML), to draw on maps made from these tiles.
    public var attribution: String? { metadataJSON["attribution"]?.stringValue }

    static func degrees(_ e7: Int32) -> Double { Double(e7) / 10_000_000 }

    // MARK: tiles

    /// The tile's bytes, decompressed as the header's tile compression says (gzip inflated, brotli
    /// and zstd decoded, none as stored, unknown inflated when the bytes start with a gzip or zlib
    /// header), at most `InputLimits.maxInflatedTileBytes`; nil when the archive has no such tile or
    /// `id` is no tile address.
    public func tileData(_ id: TileID) throws(PMTilesError) -> Data? {
        guard let raw = try rawTileData(id) else { return nil }
        return try decompressedTile(raw, id: id)
    }

    /// The tile's bytes exactly as stored; nil when the archive has no such tile (or `id` is not
    /// a tile address).
    public func rawTileData(_ id: TileID) throws(PMTilesError) -> Data? {
        guard let tileID = HilbertTileID.id(of: id), let entry = try tileEntry(for: tileID) else { return nil }
        return try tileBytes(entry, id: id)
    }

    /// `raw` (as `rawTileData` or the tile iterator gives it) decompressed as `tileData` does.
    public func decompressedTile(_ raw: Data, id: TileID) throws(PMTilesError) -> Data {
        do { return try header.tileCompression.decompress(raw, limit: InputLimits.maxInflatedTileBytes) } catch {
            throw .corruptTile(path: path, tile: id, reason: error)
        }
    }

    /// Every tile of the archive in tile id order (zoom by zoom, along the Hilbert curve), with
    /// its stored bytes: for converting an archive. Reads directories as it goes, so an archive of
    /// any size is walked in little memory.
    public func tileIterator() -> PMTilesTileIterator { PMTilesTileIterator(archive: self, root: root) }

    /// The same walk without reading any tile's bytes (each comes with empty data): the tile list.
    public func tileListIterator() -> PMTilesTileIterator { PMTilesTileIterator(archive: self, root: root, readsTiles: false) }

    // MARK: directories

    /// The tile entry covering `tileID`, following leaf directories from the root.
    private func tileEntry(for tileID: UInt64) throws(PMTilesError) -> PMTilesEntry? {
        var entries = root
        var directory = "the root directory"
        var chain: [UInt64] = []
        while let entry = PMTilesDirectory.find(tileID, in: entries) {
            guard entry.isLeaf else { return entry }
            let leaf = Self.leafName(entry)
            guard !chain.contains(entry.offset) else {
                throw .corruptDirectory(path: path, directory: leaf, reason: "it refers to itself or to a directory that contains it")
            }
            guard chain.count < Self.maxLeafDepth else {
                throw .corruptDirectory(path: path, directory: directory, reason: "its leaf directories nest deeper than \(Self.maxLeafDepth) levels")
            }
            chain.append(entry.offset)
            entries = try leafCache.value(for: entry.section) { () throws(PMTilesError) in try readLeaf(entry) }
            directory = leaf
        }
        return nil
    }

    /// Leaf directories in the cache (for the tests).
    var leafCacheCount: Int { leafCache.count }

    static func leafName(_ entry: PMTilesEntry) -> String {
        "the leaf directory at byte \(entry.offset) of the leaf directories"
    }

    /// Reads, decompresses and decodes the leaf directory `entry` points at (uncached).
    func readLeaf(_ entry: PMTilesEntry) throws(PMTilesError) -> [PMTilesEntry] {
        let name = Self.leafName(entry)
        let bytes = try file.read(try absolute(entry.section, in: header.leafDirectories, named: "the leaf directories section", what: name), what: name, limit: Self.maxDirectoryBytes)
        let plain = try Self.decompressed(bytes, header.internalCompression, path: path, what: name, limit: Self.maxDirectoryBytes)
        return try PMTilesDirectory.decode(plain, path: path, directory: name)
    }

    /// The stored bytes of the tile entry `entry` (`id` names it in errors).
    func tileBytes(_ entry: PMTilesEntry, id: TileID) throws(PMTilesError) -> Data {
        let what = "tile \(id)"
        return try file.read(try absolute(entry.section, in: header.tileData, named: "the tile data section", what: what), what: what, limit: Self.maxStoredTileBytes)
    }

    /// `relative` (offset from the start of `section`) in file offsets, checked to lie inside `section`.
    private func absolute(_ relative: PMTilesSection, in section: PMTilesSection, named container: String,
                          what: String) throws(PMTilesError) -> PMTilesSection {
        guard let end = relative.end, end <= section.length else {
            throw .outOfBounds(path: path, what: what, offset: relative.offset, length: relative.length, container: container, end: section.length)
        }
        // Cannot overflow: the section lies inside the file, which was checked on opening.
        return PMTilesSection(offset: section.offset + relative.offset, length: relative.length)
    }

    // MARK: opening

    /// `bytes` after the archive's internal compression (none, gzip, brotli or zstd; unknown was
    /// refused on opening), at most `limit` bytes.
    static func decompressed(_ bytes: Data, _ compression: PMTilesCompression, path: String, what: String, limit: Int) throws(PMTilesError) -> Data {
        do throws(InflateError) {
            // A directory is gzip itself, not zlib: what `inflate` would also take is refused.
            if compression == .gzip, compressionFormat(of: bytes) != .gzip { throw InflateError.notCompressed }
            return try compression.decompress(bytes, limit: limit)
        } catch {
            let reason: String
            switch error {
            case .notCompressed: reason = "not gzip data, though the header says gzip"
            case .tooLarge(let limit): reason = "it decompresses to more than \(limit >> 20) MiB"
            default: reason = error.description
            }
            if what == "the metadata" { throw .corruptMetadata(path: path, reason: reason) }
            throw .corruptDirectory(path: path, directory: what, reason: reason)
        }
    }

    private static func readMetadata(_ file: PMTilesFile, header: PMTilesHeader) throws(PMTilesError) -> JSONObject {
        let path = file.path
        // An archive without metadata is readable; the spec asks for an object, so treat it as an empty one.
        guard header.metadata.length > 0 else { return JSONObject() }
        let stored = try file.read(header.metadata, what: "the metadata", limit: maxMetadataBytes)
        let text = try decompressed(stored, header.internalCompression, path: path, what: "the metadata", limit: maxMetadataBytes)
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch { throw .corruptMetadata(path: path, reason: "not JSON: \(error)") }
        guard case .object(let object) = value else {
            throw .corruptMetadata(path: path, reason: "it is \(value.summary), not a JSON object")
        }
        return object
    }
}
