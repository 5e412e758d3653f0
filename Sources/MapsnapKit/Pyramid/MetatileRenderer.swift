import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapRender

/// Renders one metatile and cuts it into encoded 256-px XYZ tiles (512 px at scale 2): the one
/// way mapsnap makes raster tiles, shared by `mapsnap tiles` (`TilePyramid`) and `mapsnap serve`,
/// so a tile served on demand is byte-identical to the same tile of a pyramid.
///
/// A metatile is always drawn whole (cut at the world's edge), whichever of its tiles are wanted,
/// as one camera at MapLibre zoom z − 1 (a 256-px tile at level z) with the pixel ratio `scale`:
/// labels are placed once for all its tiles, and a tile depends only on its z/x/y, the style and
/// the data. Tiles of one flat colour (open sea) are encoded once per renderer and reused.
///
/// Holds that cache of flat tiles: one per worker thread (not for concurrent use).
public final class MetatileRenderer {
    /// 1: 256-px tiles; 2: 512-px `@2x` tiles of the same area.
    public let scale: Int
    public let encoding: ImageEncoding
    fileprivate var uniformTiles: [UInt32: Data] = [:]

    public init(scale: Int, encoding: ImageEncoding) {
        self.scale = scale
        self.encoding = encoding
    }

    /// One encoded tile of a rendered metatile.
    public struct Tile: @unchecked Sendable {
        public let id: TileID
        /// The encoded image (PNG, WebP or JPEG as the renderer's encoding says).
        public let data: Data
        /// One flat colour (its bytes are shared with every other such tile).
        public let uniform: Bool
    }

    /// Tile side in device pixels.
    public var side: Int { 256 * scale }

    /// The camera that draws `metatile` whole: its tiles inside the world, centred, at zoom z − 1.
    public func camera(for m: Metatile) -> Camera {
        let (x0, y0, columns, rows) = Self.extent(m)
        let zoom = Double(m.z) - 1   // a 256-px tile at level z is MapLibre zoom z − 1
        let centerWorld = Point(x: (Double(x0) + Double(columns) / 2) * 256, y: (Double(y0) + Double(rows) / 2) * 256)
        return Camera(center: WebMercator.unproject(centerWorld, zoom: zoom), zoom: zoom,
                      size: ImageSize(width: columns * 256, height: rows * 256), pixelRatio: Double(scale))
    }

    /// The metatile's north-west tile and how many of its columns and rows exist at its zoom.
    static func extent(_ m: Metatile) -> (x0: Int, y0: Int, columns: Int, rows: Int) {
        let n = 1 << m.z
        let x1 = min(m.x + m.size, n) - 1, y1 = min(m.y + m.size, n) - 1
        return (m.x, m.y, x1 - m.x + 1, y1 - m.y + 1)
    }

    /// Draws `metatile` with `snapshotter`'s renderer and encodes `tiles` of it (all of its tiles
    /// when nil). Data problems (a corrupt source tile) go to `warnings`.
    public func render(_ metatile: Metatile, tiles: [TileID]? = nil, with snapshotter: Snapshotter,
                       warnings: WarningLog = WarningLog()) throws(RenderError) -> [Tile] {
        let drawn = try draw(metatile, with: snapshotter, warnings: warnings)
        let wanted = tiles ?? metatile.tiles
        var out: [Tile] = []
        out.reserveCapacity(wanted.count)
        for t in wanted { out.append(try drawn.tile(t)) }
        return out
    }

    /// Draws `metatile` whole; its tiles are encoded one by one with `Drawn.tile(_:flatTilesOf:)`
    /// (the server encodes the tiles that requests wait for first, on every idle worker).
    public func draw(_ metatile: Metatile, with snapshotter: Snapshotter, warnings: WarningLog = WarningLog()) throws(RenderError) -> Drawn {
        var options = MapRenderer.Options()
        options.wholeLabelsOnly = true
        let image = try snapshotter.renderer.render(camera(for: metatile), options: options, warnings: warnings)
        image.finishDrawing()
        return Drawn(renderer: self, metatile: metatile, image: image)
    }

    /// A drawn metatile, cut into encoded tiles on demand. Its image is only read from now on, so
    /// several threads may encode its tiles at once, each with its own renderer's flat tiles.
    public struct Drawn: @unchecked Sendable {
        let renderer: MetatileRenderer
        public let metatile: Metatile
        let image: RasterImage

        /// The encoded tile `t` of this metatile. A tile of one flat colour is encoded once per
        /// `flatTilesOf` renderer (the drawing one when nil): a renderer belongs to one thread.
        public func tile(_ t: TileID, flatTilesOf other: MetatileRenderer? = nil) throws(RenderError) -> Tile {
            let cache = other ?? renderer
            let (x0, y0, _, _) = MetatileRenderer.extent(metatile)
            let side = renderer.side, encoding = renderer.encoding
            let px = (t.x - x0) * side, py = (t.y - y0) * side
            if let color = image.uniformPixel(x: px, y: py, width: side, height: side) {
                if cache.uniformTiles[color] == nil {
                    cache.uniformTiles[color] = try encoding.encode(image, x: px, y: py, width: side, height: side)
                }
                return Tile(id: t, data: cache.uniformTiles[color]!, uniform: true)
            }
            return Tile(id: t, data: try encoding.encode(image, x: px, y: py, width: side, height: side), uniform: false)
        }
    }
}
