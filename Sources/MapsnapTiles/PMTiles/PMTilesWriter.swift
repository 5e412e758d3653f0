import Foundation
import MapsnapFormats
import MapsnapGeo
#if canImport(Glibc)
import Glibc
#endif

/// Writes a clustered PMTiles v3 archive. Tiles may come in any order (a pyramid renders them
/// as its workers finish): their bytes go to a spool file beside the output (`<path>.tmp-tiles`),
/// each distinct content once (`TileHash`), and only a small record per tile stays in memory.
/// `finalize` sorts them, writes the archive to a temporary file in the same folder and renames
/// it over `path`, so `path` is never seen half-written, and removes the spool. A writer dropped
/// without `finalize` (or `abandon`), or whose `finalize` failed, leaves nothing behind.
///
/// Directories and metadata are gzip-compressed; tile bytes are stored as given (say how they are
/// compressed in `finalize`). Not for concurrent use (give it one writer thread).
public final class PMTilesWriter {
    public let path: String
    /// Where the tile bytes wait for `finalize`.
    public let spoolPath: String
    private var spool: Int32
    private var spoolLength: UInt64 = 0
    /// Distinct contents in spool order: where each starts, and its length.
    private var contents: [(offset: UInt64, length: UInt32)] = []
    private var contentByHash: [String: UInt32] = [:]
    private var tiles: [SpooledTile] = []
    private var zooms: ClosedRange<Int>?
    /// The written tiles' extent in the unit square (x east, y south), for default bounds.
    private var extent: (minX: Double, minY: Double, maxX: Double, maxY: Double) = (1, 1, 0, 0)

    /// Creates the spool file; `path` itself is written by `finalize` (replacing a file there).
    public init(path: String) throws(PMTilesError) {
        self.path = path
        spoolPath = path + ".tmp-tiles"
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw .cannotOpen(path: path, reason: "is a folder") }
        spool = open(spoolPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard spool >= 0 else { throw .writeFailed(path: path, what: "the tile spool \(spoolPath)", reason: Self.systemError()) }
    }

    deinit { discardSpool() }

    /// Adds one tile (XYZ address). Writing the same address again replaces it. `data` is stored
    /// as given and must not be empty (PMTiles has no empty tiles: leave an empty tile out) nor
    /// larger than `InputLimits.maxInflatedTileBytes`, which readers refuse.
    public func write(_ id: TileID, data: Data) throws(PMTilesError) {
        guard spool >= 0 else { throw .writerClosed(path: path) }
        guard let tileID = HilbertTileID.id(of: id) else {
            let reason = (0...HilbertTileID.maxZoom).contains(id.z)
                ? "x and y must be within 0...\((1 << id.z) - 1) at zoom \(id.z)"
                : "zoom \(id.z) is outside 0...\(HilbertTileID.maxZoom), the zooms PMTiles addresses"
            throw .invalidTile(path: path, tile: id, reason: reason)
        }
        let content = try store(data, tile: id)
        tiles.append(SpooledTile(tileID: tileID, content: content))
        cover(HilbertTileID.Square(z: id.z, x: id.x, y: id.y, side: 1))
    }

    /// Adds a run: `run.count` tiles at consecutive tile ids from `run.firstID` on, all with
    /// `run.data`, kept as one directory entry (however many tiles, the work and the memory are
    /// those of one tile). Tiles or runs written again replace these, id by id, as `write` does.
    public func write(_ run: TileRun) throws(PMTilesError) {
        guard spool >= 0 else { throw .writerClosed(path: path) }
        let content = try store(run.data, tile: run.first)
        tiles.append(SpooledTile(tileID: run.firstID, content: content, runLength: UInt32(run.count)))
        for square in HilbertTileID.squares(from: run.firstID, count: UInt64(run.count)) { cover(square) }
    }

    /// The index of `data`'s content, spooled the first time it is seen. `tile` names it in errors.
    private func store(_ data: Data, tile id: TileID) throws(PMTilesError) -> UInt32 {
        guard !data.isEmpty else { throw .invalidTile(path: path, tile: id, reason: "it has no bytes (PMTiles stores no empty tiles; leave it out)") }
        // What readers (mapsnap's among them) refuse is not written.
        guard data.count <= PMTilesArchive.maxStoredTileBytes else {
            throw .invalidTile(path: path, tile: id, reason: "\(data.count) bytes is more than the \(PMTilesArchive.maxStoredTileBytes >> 20) MiB a tile may have")
        }
        let key = TileHash.hex(data)
        if let known = contentByHash[key] { return known }
        try appendToSpool(data, tile: id)
        let content = UInt32(contents.count)
        contents.append((spoolLength, UInt32(data.count)))
        contentByHash[key] = content
        spoolLength += UInt64(data.count)
        return content
    }

    /// Widens the zooms and the extent written so far to take in `square`.
    private func cover(_ square: HilbertTileID.Square) {
        zooms = zooms.map { min($0.lowerBound, square.z)...max($0.upperBound, square.z) } ?? square.z...square.z
        let n = Double(1 << square.z)
        extent = (min(extent.minX, Double(square.x) / n), min(extent.minY, Double(square.y) / n),
                  max(extent.maxX, Double(square.x + square.side) / n), max(extent.maxY, Double(square.y + square.side) / n))
    }

    /// Writes the archive and renames it to `path`. `metadata` is stored as the JSON metadata as
    /// given (put `name`, `attribution`, `vector_layers`, … there). The header's zooms default to
    /// those of the tiles written, `bounds` to the box the tiles cover, `center` to the bounds'
    /// middle and `centerZoom` to the min zoom. Afterwards the writer is closed, whether this
    /// succeeded or not.
    public func finalize(metadata: JSONObject, tileType: PMTilesTileType, tileCompression: PMTilesCompression,
                         minZoom: Int? = nil, maxZoom: Int? = nil, bounds: BoundingBox? = nil,
                         center: LatLon? = nil, centerZoom: Int? = nil) throws(PMTilesError) {
        guard spool >= 0 else { throw .writerClosed(path: path) }
        defer { discardSpool() }
        guard let written = zooms else { throw .noTiles(path: path) }

        let zoomRange = 0...HilbertTileID.maxZoom
        let minZoom = minZoom ?? written.lowerBound, maxZoom = maxZoom ?? written.upperBound, centerZoom = centerZoom ?? minZoom
        for (name, zoom) in [("min", minZoom), ("max", maxZoom), ("center", centerZoom)] where !zoomRange.contains(zoom) {
            throw .invalidHeader(path: path, reason: "\(name) zoom \(zoom) is outside 0...\(HilbertTileID.maxZoom)")
        }
        guard minZoom <= maxZoom else { throw .invalidHeader(path: path, reason: "min zoom \(minZoom) is above max zoom \(maxZoom)") }
        let bounds = bounds ?? coveredBounds()
        let center = center ?? bounds.center

        let clustered = PMTilesClusteredTiles(tiles: tiles, contentLengths: contents.map(\.length))
        tiles = []
        guard let directories = PMTilesDirectoryLayout.build(clustered.entries),
              let metadataBytes = gzipCompressed(Array(JSONValue.object(metadata).compactText.utf8)) else {
            throw .writeFailed(path: path, what: "the directories", reason: "zlib could not compress them (out of memory)")
        }

        let rootOffset = UInt64(PMTilesHeader.size)
        let metadataOffset = rootOffset + UInt64(directories.root.count)
        let leavesOffset = metadataOffset + UInt64(metadataBytes.count)
        let tilesOffset = leavesOffset + UInt64(directories.leaves.count)
        func e7(_ degrees: Double) -> Int32 { Int32(saturating: (degrees * 10_000_000).rounded()) }
        let header = PMTilesHeader(
            rootDirectory: PMTilesSection(offset: rootOffset, length: UInt64(directories.root.count)),
            metadata: PMTilesSection(offset: metadataOffset, length: UInt64(metadataBytes.count)),
            leafDirectories: PMTilesSection(offset: leavesOffset, length: UInt64(directories.leaves.count)),
            tileData: PMTilesSection(offset: tilesOffset, length: clustered.tileDataLength),
            addressedTilesCount: clustered.addressedTiles, tileEntriesCount: UInt64(clustered.entries.count),
            tileContentsCount: UInt64(clustered.contentOrder.count), isClustered: true,
            internalCompression: .gzip, tileCompression: tileCompression, tileType: tileType,
            minZoom: UInt8(minZoom), maxZoom: UInt8(maxZoom),
            minLongitudeE7: e7(bounds.west), minLatitudeE7: e7(bounds.south), maxLongitudeE7: e7(bounds.east), maxLatitudeE7: e7(bounds.north),
            centerZoom: UInt8(centerZoom), centerLongitudeE7: e7(center.longitude), centerLatitudeE7: e7(center.latitude))

        try writeArchive(start: header.encoded + directories.root + metadataBytes + directories.leaves, contentOrder: clustered.contentOrder)
    }

    /// Gives up: removes the spool; `path` is left as it was.
    public func abandon() { discardSpool() }

    // MARK: files

    private func coveredBounds() -> BoundingBox {
        let northWest = WebMercator.unprojectUnit(Point(x: extent.minX, y: extent.minY))
        let southEast = WebMercator.unprojectUnit(Point(x: extent.maxX, y: extent.maxY))
        return BoundingBox(west: northWest.longitude, south: southEast.latitude, east: southEast.longitude, north: northWest.latitude)
    }

    private func appendToSpool(_ data: Data, tile: TileID) throws(PMTilesError) {
        let failure = data.withUnsafeBytes { Self.writeAll(spool, $0) }
        if let failure {
            discardSpool()
            throw .writeFailed(path: path, what: "tile \(tile) to the spool \(spoolPath)", reason: failure)
        }
    }

    /// Writes `start` (header to leaves) and then the tile contents in `contentOrder` from the
    /// spool to a temporary file beside `path` (`AtomicFile.Writer`), flushes it to disk and
    /// renames it to `path`; on failure the temporary file is removed.
    private func writeArchive(start: [UInt8], contentOrder: [Int]) throws(PMTilesError) {
        let output: AtomicFile.Writer
        do { output = try AtomicFile.Writer(path: path) } catch {
            throw .writeFailed(path: path, what: error.step == .check ? "the archive" : "a temporary file beside it", reason: error.reason)
        }
        do throws(PMTilesError) {
            do { try output.write(contentsOf: start) } catch {
                throw .writeFailed(path: path, what: "the header and directories", reason: error.reason)
            }
            try copyContents(contentOrder, to: output)
            do { try output.commit(durable: true) } catch {
                if case .rename(let temporary) = error.step {
                    throw .writeFailed(path: path, what: "the archive (renaming \(temporary))", reason: error.reason)
                }
                throw .writeFailed(path: path, what: "the archive", reason: error.reason)
            }
        } catch {
            output.abandon()
            throw error
        }
    }

    /// Copies the contents from the spool in `order`, a megabyte at a time.
    private func copyContents(_ order: [Int], to output: AtomicFile.Writer) throws(PMTilesError) {
        let chunk = 1 << 20
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunk * 2)
        func flush() throws(PMTilesError) {
            do { try output.write(contentsOf: buffer) } catch {
                throw .writeFailed(path: path, what: "the tiles", reason: error.reason)
            }
            buffer.removeAll(keepingCapacity: true)
        }
        for index in order {
            let (offset, length) = contents[index]
            let start = buffer.count
            buffer += repeatElement(0, count: Int(length))
            let failure = buffer.withUnsafeMutableBytes { Self.readAll(spool, UnsafeMutableRawBufferPointer(rebasing: $0[start...]), at: offset) }
            if let failure { throw .writeFailed(path: path, what: "the tiles (reading the spool \(spoolPath))", reason: failure) }
            if buffer.count >= chunk { try flush() }
        }
        try flush()
    }

    private func discardSpool() {
        guard spool >= 0 else { return }
        close(spool)
        unlink(spoolPath)
        spool = -1
        contents = []
        contentByHash = [:]
        tiles = []
    }

    // MARK: system calls

    private static func systemError() -> String { String(cString: strerror(errno)) }

    /// Writes all of `bytes`; nil, or the system's reason for failing.
    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let written = systemWrite(fd, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return systemError()
            }
            next += written
            left -= written
        }
        return nil
    }

    /// Fills `buffer` from `fd` at `offset` (a spool offset, which fits off_t); nil, or why not.
    private static func readAll(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) -> String? {
        guard let base = buffer.baseAddress else { return nil }
        var done = 0
        while done < buffer.count {
            let got = pread(fd, base + done, buffer.count - done, off_t(offset) + off_t(done))
            if got > 0 { done += got } else if got == 0 { return "the spool ended early" } else if errno != EINTR { return systemError() }
        }
        return nil
    }
}

/// `write(2)`, out of reach of the writer's own `write` inside the class.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
