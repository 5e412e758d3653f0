import Foundation
import MapsnapFormats

/// One vector tile a view needs, and where it lies in the view's world.
public struct CoveredTile: Hashable, Sendable {
    /// The tile to read (x wrapped into the world).
    public var id: TileID
    /// The tile's north-west corner in world pixels at the camera zoom (unwrapped: west of the
    /// antimeridian copies have negative x).
    public var worldOrigin: Point
    /// World pixels (at the camera zoom) per tile side.
    public var worldSize: Double

    public init(id: TileID, worldOrigin: Point, worldSize: Double) {
        self.id = id
        self.worldOrigin = worldOrigin
        self.worldSize = worldSize
    }
}

/// Which vector tiles a camera needs. Vector sources have 512-px tiles, read at `floor(zoom)`
/// clamped to the source's zoom range (overzoomed past its maxzoom).
public enum TileCover {
    public static func sourceZoom(forZoom zoom: Double, minZoom: Int, maxZoom: Int) -> Int {
        min(max(Int(saturating: floor(zoom)), minZoom), maxZoom)
    }

    /// The tiles covering `camera`'s view grown by `margin` points (so that labels and wide lines
    /// just outside the frame still count), in a deterministic order (row by row).
    public static func tiles(for camera: Camera, minZoom: Int = 0, maxZoom: Int = 14, margin: Double = 0) -> [CoveredTile] {
        tiles(for: camera, atZoom: sourceZoom(forZoom: camera.zoom, minZoom: minZoom, maxZoom: maxZoom), margin: margin)
    }

    /// Raster sources, as MapLibre covers them: the zoom rounded (not floored), one deeper for
    /// 256-px tiles, no deeper than the source's `maxZoom`. Below its `minZoom` there is none:
    /// MapLibre's `coveringTiles` covers nothing there, so the source draws nothing (deeper
    /// tiles are never shrunk).
    public static func rasterZoom(forZoom zoom: Double, tileSize: Int, minZoom: Int, maxZoom: Int) -> Int? {
        let adjusted = zoom + log2(512 / Double(max(tileSize, 1)))
        let z = Int(saturating: adjusted.rounded())
        return z < minZoom ? nil : min(z, maxZoom)
    }

    /// The tiles of zoom level `z` covering the view grown by `margin` points.
    public static func tiles(for camera: Camera, atZoom z: Int, margin: Double = 0) -> [CoveredTile] {
        guard (0...30).contains(z) else { return [] }
        let tileWorld = WebMercator.worldSize(zoom: camera.zoom) / Double(1 << z)
        let r = camera.visibleWorldRect(margin: margin)
        let n = 1 << z
        // At most two world copies either side of the center: a pitched view of a low zoom can
        // reach across many copies toward its horizon, where they shrink to nothing.
        let center = Int(saturating: floor(camera.centerWorld.x / tileWorld))
        let x0 = max(Int(saturating: floor(r.minX / tileWorld)), center - 2 * n)
        let x1 = min(Int(saturating: floor(r.maxX / tileWorld)), center + 2 * n - 1)
        let y0 = max(0, Int(saturating: floor(r.minY / tileWorld))), y1 = min(n - 1, Int(saturating: floor(r.maxY / tileWorld)))
        guard y0 <= y1, x0 <= x1 else { return [] }
        // Pitched, the bounds of the ground's trapezoid hold many tiles it misses.
        let ground = camera.visibleGround(margin: margin)
        var out: [CoveredTile] = []
        for y in y0...y1 {
            for x in x0...x1 {
                if let ground, !intersects(ground, Rect(minX: Double(x) * tileWorld, minY: Double(y) * tileWorld,
                                                        maxX: Double(x + 1) * tileWorld, maxY: Double(y + 1) * tileWorld)) { continue }
                let wrapped = ((x % n) + n) % n
                out.append(CoveredTile(id: TileID(z: z, x: wrapped, y: y),
                                       worldOrigin: Point(x: Double(x) * tileWorld, y: Double(y) * tileWorld),
                                       worldSize: tileWorld))
            }
        }
        return out
    }

    /// Whether a convex polygon and a rectangle overlap (separating axes: the rectangle's two and
    /// the polygon's edge normals).
    static func intersects(_ polygon: [Point], _ r: Rect) -> Bool {
        let xs = polygon.map(\.x), ys = polygon.map(\.y)
        guard xs.max()! >= r.minX, xs.min()! <= r.maxX, ys.max()! >= r.minY, ys.min()! <= r.maxY else { return false }
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let normal = Point(x: b.y - a.y, y: a.x - b.x)
            func along(_ p: Point) -> Double { p.x * normal.x + p.y * normal.y }
            let poly = polygon.map(along), rect = corners.map(along)
            if poly.max()! < rect.min()! || rect.max()! < poly.min()! { return false }
        }
        return true
    }
}
