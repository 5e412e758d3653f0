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
        let z = sourceZoom(forZoom: camera.zoom, minZoom: minZoom, maxZoom: maxZoom)
        let tileWorld = WebMercator.worldSize(zoom: camera.zoom) / Double(1 << z)
        let r = camera.visibleWorldRect(margin: margin)
        let n = 1 << z
        let x0 = Int(saturating: floor(r.minX / tileWorld)), x1 = Int(saturating: floor(r.maxX / tileWorld))
        let y0 = max(0, Int(saturating: floor(r.minY / tileWorld))), y1 = min(n - 1, Int(saturating: floor(r.maxY / tileWorld)))
        guard y0 <= y1, x1 - x0 < 4 * n else { return [] }
        var out: [CoveredTile] = []
        for y in y0...y1 {
            for x in x0...x1 {
                let wrapped = ((x % n) + n) % n
                out.append(CoveredTile(id: TileID(z: z, x: wrapped, y: y),
                                       worldOrigin: Point(x: Double(x) * tileWorld, y: Double(y) * tileWorld),
                                       worldSize: tileWorld))
            }
        }
        return out
    }
}
