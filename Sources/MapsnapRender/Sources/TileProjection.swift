import MapsnapGeo
import MapsnapTiles
/// Tile coordinates (0...extent) → screen points, as one affine map per tile:
/// `screen = (a·x + b·y + c, d·x + e·y + f)`.
public struct TileProjection: Sendable {
    public let a, b, c, d, e, f: Double
    /// Screen points per tile unit.
    public let scale: Double
    /// The tile square in screen points (axis-aligned only when the bearing is 0).
    public let tileCorners: [Point]

    public init(tile: CoveredTile, extent: Int, transform t: ScreenTransform) {
        let s = tile.worldSize / Double(extent)
        scale = s
        let o = t.screen(fromWorld: tile.worldOrigin)
        let (a, b, c) = (s * t.cosB, -s * t.sinB, o.x)
        let (d, e, f) = (s * t.sinB, s * t.cosB, o.y)
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
        let n = Double(extent)
        tileCorners = [(0.0, 0.0), (n, 0), (n, n), (0, n)].map { x, y in
            Point(x: a * x + b * y + c, y: d * x + e * y + f)
        }
    }

    private init(_ p: TileProjection, shiftedBy s: Point) {
        (a, b, c, d, e, f) = (p.a, p.b, p.c + s.x, p.d, p.e, p.f + s.y)
        scale = p.scale
        tileCorners = p.tileCorners.map { $0 + s }
    }

    /// The same projection with every screen point moved by `offset`.
    public func translated(by offset: Point) -> TileProjection {
        offset == Point(x: 0, y: 0) ? self : TileProjection(self, shiftedBy: offset)
    }

    @inline(__always)
    public func screen(_ p: TilePoint) -> Point {
        let x = Double(p.x), y = Double(p.y)
        return Point(x: a * x + b * y + c, y: d * x + e * y + f)
    }

    public func screen(_ part: [TilePoint]) -> [Point] { part.map(screen) }

    /// Screen points → tile units (the inverse of `screen`).
    func tile(fromScreen p: Point) -> Point {
        let det = a * e - b * d
        let x = p.x - c, y = p.y - f
        return Point(x: (e * x - b * y) / det, y: (a * y - d * x) / det)
    }
}
