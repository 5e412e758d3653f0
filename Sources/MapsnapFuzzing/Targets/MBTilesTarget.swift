import Foundation
import MapsnapGeo
import MapsnapTiles

extension FuzzTarget {
    /// An archive's metadata. Text is read as `name<TAB>value` rows (one per line), as the
    /// `metadata` table holds them, and also whole as the TileJSON `json` row. Input that starts
    /// with SQLite's header is written to a file and opened as an archive: metadata, the tile
    /// list and up to 16 tiles (inflated and walked as MVT).
    static let mbtiles = FuzzTarget("mbtiles", "MBTiles metadata rows and TileJSON; SQLite files opened as archives") { data in
        if data.starts(with: Data("SQLite format 3\0".utf8)) { return MBTilesArchiveInput.open(data) }
        let text = String(decoding: data, as: UTF8.self)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            if cells.count == 2 { rows[String(cells[0])] = String(cells[1]) }
        }
        for metadata in [MBTilesMetadata(raw: rows), MBTilesMetadata(raw: ["json": text])] {
            _ = (metadata.bounds?.center, metadata.center, metadata.centerZoom, metadata.vectorLayerIDs)
            _ = (metadata.minZoom, metadata.maxZoom, metadata.attribution, metadata.format)
        }
        return rows.isEmpty ? .rejected("no name<TAB>value rows") : .accepted
    }
}

/// An SQLite file opened as the renderer opens an archive.
private enum MBTilesArchiveInput {
    static func open(_ data: Data) -> FuzzVerdict {
        ScratchFolder.with { folder in
            FuzzVerdict.of {
                let file = folder.appendingPathComponent("input.mbtiles")
                try data.write(to: file)
                let archive = try MBTilesArchive(path: file.path)
                _ = (archive.metadata.bounds, archive.metadata.minZoom, archive.metadata.maxZoom)
                for id in try archive.tileIDs().prefix(16) {
                    guard let bytes = try? archive.tileData(id), let tile = try? VectorTile(data: bytes) else { continue }
                    try? TileWalk.walk(tile)
                }
            }
        }
    }
}
