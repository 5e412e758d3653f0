import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapRender
import MapsnapTiles

/// An MBTiles 1.3 file that keeps the raster tiles a server rendered across restarts: the
/// pyramid's MBTiles sink (images/map layout, identical tiles stored once, transactions) plus the
/// plan it was made with. A tile depends only on its z/x/y, the style, the data, the scale, the
/// metatile size and the PNG compression, so the file records those, and a cache made with other
/// ones is refused rather than mixed. A finished or unfinished `mapsnap tiles` output of the same
/// plan is accepted too (a pre-rendered pyramid seeds the cache).
///
/// `write` and `commit` belong to one writer thread; `reader()` gives each reading thread its own
/// read-only connection.
public final class TileCacheArchive {
    public let path: String
    private let sink: MBTilesTileSink

    /// Metadata key of the server's plan (`mapsnap:plan` is a pyramid's, with zooms and area).
    static let planKey = "mapsnap:serve-plan"
    /// The parts of a pyramid plan a tile's bytes depend on.
    static let tileParts: Set<String> = ["style", "tiles", "sources", "sprite", "scale", "metatile", "png"]

    /// Opens or creates `path` for tiles of `style` at `scale`. Errors name the field `cache`.
    public init(path: String, style: StyleSelection, scale: Int, metatileSize: Int, encoding: ImageEncoding,
                styleName: String, attribution: String?) throws(RequestError) {
        self.path = path
        do { sink = try MBTilesTileSink(path: path, resume: true) } catch { throw RequestError("cache", "\(error)") }
        var options = TilePyramidOptions()
        options.style = style
        options.scale = scale
        options.metatileSize = metatileSize
        options.encoding = encoding
        let plan = PyramidPlanRecord(options, areas: []).restricted(to: Self.tileParts)
        if !sink.isNew {
            let recorded = (sink.recorded[Self.planKey] ?? sink.recorded[PyramidPlanRecord.planKey])
                .flatMap(PyramidPlanRecord.init(text:))?.restricted(to: Self.tileParts)
            guard let recorded else {
                throw RequestError("cache", "\(path) holds no mapsnap plan (another tool made it); give a new file")
            }
            if let mismatch = plan.mismatch(with: recorded, output: path, advice: "serve the same style and data, or give another cache file") {
                throw RequestError(FieldPath("cache"), segments: mismatch.reason)
            }
        }
        var metadata = [Self.planKey: plan.text]
        if sink.isNew {
            metadata.merge(["name": "mapsnap \(styleName)", "format": "png", "type": "baselayer", "version": "1.0.0",
                            "description": "Raster tiles rendered on demand by mapsnap serve"]) { $1 }
            if let attribution { metadata["attribution"] = attribution }
        }
        do { try sink.writeMetadata(metadata) } catch { throw RequestError("cache", "\(path): \(error)") }
    }

    /// Stores a tile (writer thread); committed in batches, or by `commit()`.
    public func write(_ tile: TileID, data: Data) throws(RequestError) {
        do { try sink.write(tile, data: data) } catch { throw RequestError("cache", "\(path): \(error)") }
    }

    /// Makes every tile written so far visible to readers and durable.
    public func commit() throws(RequestError) {
        do { try sink.writer.commit() } catch { throw RequestError("cache", "\(path): \(error)") }
    }

    /// A read-only connection for one thread.
    public func reader() throws(RequestError) -> Reader {
        do { return Reader(try MBTilesArchive(path: path)) } catch { throw RequestError("cache", error.description) }
    }

    /// Reads tiles of the cache: one connection, used by one thread at a time (a pool of them
    /// hands each to the thread that takes it).
    public final class Reader: @unchecked Sendable {
        private let archive: MBTilesArchive
        init(_ archive: MBTilesArchive) { self.archive = archive }

        /// The stored PNG, or nil (not stored, or the file is busy being written: a miss either way).
        public func data(_ tile: TileID) -> Data? { (try? archive.rawTileData(tile)) ?? nil }
    }
}

extension PyramidPlanRecord {
    /// Only the parts named in `fields`, in their order.
    func restricted(to fields: Set<String>) -> PyramidPlanRecord {
        PyramidPlanRecord(parts: parts.filter { fields.contains($0.field) })
    }
}
