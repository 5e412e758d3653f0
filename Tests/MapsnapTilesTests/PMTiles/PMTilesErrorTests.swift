import Testing
import MapsnapGeo
import MapsnapTiles

@Suite struct PMTilesErrorTests {
    @Test(arguments: [
        (PMTilesError.noSuchFile(path: "a.pmtiles"), "a.pmtiles: no such file"),
        (.cannotOpen(path: "a.pmtiles", reason: "Permission denied"), "a.pmtiles: cannot open: Permission denied"),
        (.readFailed(path: "a.pmtiles", what: "tile 1/0/0", reason: "Input/output error"), "a.pmtiles: cannot read tile 1/0/0: Input/output error"),
        (.truncatedHeader(path: "a.pmtiles", bytes: 12), "a.pmtiles: not a PMTiles archive (12 bytes, shorter than the 127-byte header)"),
        (.notPMTiles(path: "a.pmtiles"), "a.pmtiles: not a PMTiles archive (it does not start with 'PMTiles')"),
        (.unsupportedVersion(path: "a.pmtiles", version: 2), "a.pmtiles: PMTiles version 2 is not supported (mapsnap reads version 3)"),
        (.invalidHeader(path: "a.pmtiles", reason: "min zoom 3 is above max zoom 2"), "a.pmtiles: invalid PMTiles header: min zoom 3 is above max zoom 2"),
        (.invalidHeader(path: "a.pmtiles", reason: "tile type 200 is none of the spec's 0...6"),
         "a.pmtiles: invalid PMTiles header: tile type 200 is none of the spec's 0...6"),
        (.corruptTile(path: "a.pmtiles", tile: TileID(z: 3, x: 1, y: 2), reason: .corrupt(.brotli, reason: "format padding 1")),
         "a.pmtiles: tile 3/1/2 is corrupt: brotli stream is corrupt: format padding 1"),
        (.corruptTile(path: "a.pmtiles", tile: TileID(z: 3, x: 1, y: 2), reason: .tooLarge(limit: 16 << 20)),
         "a.pmtiles: tile 3/1/2 is corrupt: inflates to more than 16 MiB (the limit for one tile)"),
        (.outOfBounds(path: "a.pmtiles", what: "the metadata", offset: 300, length: 20, container: "the file", end: 310),
         "a.pmtiles: the metadata (20 bytes at byte 300 of the file) reaches past its end (byte 310)"),
        (.corruptDirectory(path: "a.pmtiles", directory: "the root directory", reason: "truncated varint at byte 3"),
         "a.pmtiles: the root directory is corrupt: truncated varint at byte 3"),
        (.corruptMetadata(path: "a.pmtiles", reason: "it is null, not a JSON object"), "a.pmtiles: the metadata is corrupt: it is null, not a JSON object"),
        (.corruptTile(path: "a.pmtiles", tile: TileID(z: 3, x: 1, y: 2), reason: .truncated(.gzip)),
         "a.pmtiles: tile 3/1/2 is corrupt: gzip stream ended early"),
        (.tooLarge(path: "a.pmtiles", what: "the root directory", bytes: 1 << 30, limit: 16 << 20),
         "a.pmtiles: the root directory has 1073741824 bytes, more than the 16 MiB mapsnap reads"),
        (.invalidTile(path: "a.pmtiles", tile: TileID(z: 2, x: 1, y: 1), reason: "it has no bytes"), "a.pmtiles: cannot write tile 2/1/1: it has no bytes"),
        (.writeFailed(path: "a.pmtiles", what: "the tiles", reason: "No space left on device"), "a.pmtiles: cannot write the tiles: No space left on device"),
        (.writerClosed(path: "a.pmtiles"), "a.pmtiles: the writer is finished (finalized, failed or abandoned); open a new one"),
        (.noTiles(path: "a.pmtiles"), "a.pmtiles: no tiles to write (a PMTiles archive holds at least one)"),
    ])
    func describesEachCaseOnOneLineStartingWithThePath(error: PMTilesError, message: String) {
        #expect(error.description == message)
        #expect(!message.contains("\n"))
        #expect(message.hasPrefix("a.pmtiles"))
    }
}
