import Foundation
import MapsnapGeo
import MapsnapTiles

extension FuzzTarget {
    /// A PMTiles archive, written to a file and opened as the renderer opens one (header, root
    /// directory, metadata); then every tile of zooms 0...3 is looked up (through leaf
    /// directories) and decompressed, MVT tiles walked, and the first 64 tiles of the whole walk
    /// are read. A lookup or a walk that traps, hangs or allocates without bound is a finding.
    static let pmtiles = FuzzTarget("pmtiles", "PMTiles archives: header, root and leaf directories, metadata, tiles") { data in
        ScratchFolder.with { folder in
            FuzzVerdict.of {
                let file = folder.appendingPathComponent("input.pmtiles")
                try data.write(to: file)
                let archive = try PMTilesArchive(path: file.path)
                _ = (archive.bounds, archive.center, archive.attribution, archive.minZoom, archive.maxZoom, archive.tileType)
                for z in 0...3 {
                    for x in 0..<(1 << z) {
                        for y in 0..<(1 << z) {
                            guard let bytes = try? archive.tileData(TileID(z: z, x: x, y: y)), archive.tileType == .mvt,
                                  let tile = try? VectorTile(data: bytes) else { continue }
                            try? TileWalk.walk(tile)
                        }
                    }
                }
                var tiles = archive.tileIterator()
                var read = 0
                while read < 64, let (id, raw) = try tiles.next() {
                    _ = try? archive.decompressedTile(raw, id: id)
                    read += 1
                }
            }
        }
    }
}
