import MapsnapGeo

/// Why a PMTiles archive could not be opened, read or written. Every message starts with the
/// archive's path and fits on one line, e.g.
/// `x.pmtiles: the root directory is corrupt: varint longer than 10 bytes at byte 7`, so that a
/// user with several sources knows which file is broken and what is wrong with it.
public enum PMTilesError: Error, Equatable, CustomStringConvertible, Sendable {
    case noSuchFile(path: String)
    /// Not a regular file, no permission, …; `reason` says which.
    case cannotOpen(path: String, reason: String)
    /// The operating system refused a read; `what` names the part being read.
    case readFailed(path: String, what: String, reason: String)
    /// The file is shorter than the 127-byte header.
    case truncatedHeader(path: String, bytes: Int)
    /// The file does not start with the magic `PMTiles`.
    case notPMTiles(path: String)
    case unsupportedVersion(path: String, version: Int)
    /// A header field that no archive can have or mapsnap cannot read (a compression or tile type
    /// the spec does not define, directories of unknown compression, zooms over 31, …), or a writer
    /// asked to write one. `reason` names the field.
    case invalidHeader(path: String, reason: String)
    /// `what` (offset and length as the file states them, relative to `container`: "the file",
    /// "the tile data section", …) reaches past the end of its container, which is `end` bytes long.
    case outOfBounds(path: String, what: String, offset: UInt64, length: UInt64, container: String, end: UInt64)
    /// A directory (`directory`: "the root directory", "the leaf directory at byte 512") does not
    /// decode, or the directories do not form a tree.
    case corruptDirectory(path: String, directory: String, reason: String)
    /// The metadata does not decompress, is not JSON, or is not a JSON object.
    case corruptMetadata(path: String, reason: String)
    /// A tile's stored bytes do not decompress (or decompress to more than the limit).
    case corruptTile(path: String, tile: TileID, reason: InflateError)
    /// A tile (stored or decompressed) or a section is larger than mapsnap reads in one piece.
    case tooLarge(path: String, what: String, bytes: UInt64, limit: Int)
    /// Writing: a tile that no archive can hold (zoom over 31, outside the grid, no bytes).
    case invalidTile(path: String, tile: TileID, reason: String)
    case writeFailed(path: String, what: String, reason: String)
    /// Writing: `write` or `finalize` after `finalize` (or after a failed one) or `abandon`.
    case writerClosed(path: String)
    /// Writing: `finalize` without a tile (a PMTiles directory holds at least one entry).
    case noTiles(path: String)

    public var description: String {
        switch self {
        case .noSuchFile(let path):
            return "\(path): no such file"
        case .cannotOpen(let path, let reason):
            return "\(path): cannot open: \(reason)"
        case .readFailed(let path, let what, let reason):
            return "\(path): cannot read \(what): \(reason)"
        case .truncatedHeader(let path, let bytes):
            return "\(path): not a PMTiles archive (\(bytes) bytes, shorter than the \(PMTilesHeader.size)-byte header)"
        case .notPMTiles(let path):
            return "\(path): not a PMTiles archive (it does not start with 'PMTiles')"
        case .unsupportedVersion(let path, let version):
            return "\(path): PMTiles version \(version) is not supported (mapsnap reads version 3)"
        case .invalidHeader(let path, let reason):
            return "\(path): invalid PMTiles header: \(reason)"
        case .outOfBounds(let path, let what, let offset, let length, let container, let end):
            return "\(path): \(what) (\(length) bytes at byte \(offset) of \(container)) reaches past its end (byte \(end))"
        case .corruptDirectory(let path, let directory, let reason):
            return "\(path): \(directory) is corrupt: \(reason)"
        case .corruptMetadata(let path, let reason):
            return "\(path): the metadata is corrupt: \(reason)"
        case .corruptTile(let path, let tile, let reason):
            return "\(path): tile \(tile) is corrupt: \(reason)"
        case .tooLarge(let path, let what, let bytes, let limit):
            return "\(path): \(what) has \(bytes) bytes, more than the \(limit >> 20) MiB mapsnap reads"
        case .invalidTile(let path, let tile, let reason):
            return "\(path): cannot write tile \(tile): \(reason)"
        case .writeFailed(let path, let what, let reason):
            return "\(path): cannot write \(what): \(reason)"
        case .writerClosed(let path):
            return "\(path): the writer is finished (finalized, failed or abandoned); open a new one"
        case .noTiles(let path):
            return "\(path): no tiles to write (a PMTiles archive holds at least one)"
        }
    }
}

extension PMTilesError {
    /// As `TileArchiveError.isReadFailure`: false only for a tile whose stored bytes were read and
    /// are bad (they do not decompress, or the entry claims more bytes than a tile may have).
    public var isReadFailure: Bool {
        switch self {
        case .corruptTile: return false
        case .tooLarge(_, let what, _, _): return !what.hasPrefix("tile ")
        default: return true
        }
    }
}
