import MapsnapGeo
import MapsnapTiles
/// Tile coordinates (0...extent) → plane points, as one affine map per tile:
/// `plane = (a·x + b·y + c, d·x + e·y + f)`, then, for a pitched camera, plane → screen through
/// the `Perspective` (without pitch plane and screen are the same).
public struct TileProjection: Sendable {
    public let a, b, c, d, e, f: Double
    /// Plane points per tile unit.
    public let scale: Double
    /// Tile units per side (the layer's extent).
    public let extent: Double
    /// The pitched camera's projection; nil when it looks straight down.
    public let perspective: Perspective?
    /// The tile square in plane points.
    public let planeCorners: [Point]
    /// The tile's outline on screen (axis-aligned only when neither turned nor pitched; pitched,
    /// the part beyond the near plane, which may have five corners).
    public let tileCorners: [Point]

    public init(tile: CoveredTile, extent: Int, transform t: ScreenTransform, perspective: Perspective? = nil) {
        let s = tile.worldSize / Double(extent)
        scale = s
        self.extent = Double(extent)
        let o = t.screen(fromWorld: tile.worldOrigin)
        let (a, b, c) = (s * t.cosB, -s * t.sinB, o.x)
        let (d, e, f) = (s * t.sinB, s * t.cosB, o.y)
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
        self.perspective = perspective
        let n = Double(extent)
        let corners = [(0.0, 0.0), (n, 0), (n, n), (0, n)].map { x, y in
            Point(x: a * x + b * y + c, y: d * x + e * y + f)
        }
        planeCorners = corners
        tileCorners = Self.screenOutline(corners, perspective)
    }

    private init(_ p: TileProjection, shiftedBy s: Point) {
        (a, b, c, d, e, f) = (p.a, p.b, p.c + s.x, p.d, p.e, p.f + s.y)
        scale = p.scale
        extent = p.extent
        perspective = p.perspective
        let corners = p.planeCorners.map { $0 + s }
        planeCorners = corners
        tileCorners = Self.screenOutline(corners, p.perspective)
    }

    private static func screenOutline(_ corners: [Point], _ perspective: Perspective?) -> [Point] {
        guard let p = perspective else { return corners }
        return p.clipRing(corners).map(p.screen(fromPlane:))
    }

    /// The same projection with every plane point moved by `offset` (a `*-translate`, which
    /// MapLibre applies on the map plane).
    public func translated(by offset: Point) -> TileProjection {
        offset == Point(x: 0, y: 0) ? self : TileProjection(self, shiftedBy: offset)
    }

    /// Whether part of the tile lies nearer than the pitched camera's near plane (its geometry is
    /// then cut there before it is projected).
    public var crossesNearPlane: Bool {
        guard let p = perspective else { return false }
        return planeCorners.contains { $0.y > p.nearPlaneY }
    }

    @inline(__always)
    public func plane(_ p: TilePoint) -> Point {
        let x = Double(p.x), y = Double(p.y)
        return Point(x: a * x + b * y + c, y: d * x + e * y + f)
    }

    /// A tile point on screen. Pitched, points nearer than the near plane are pinned to it: cut
    /// lines and rings first (`screenParts`, `screenRing`) where that matters.
    @inline(__always)
    public func screen(_ p: TilePoint) -> Point {
        let q = plane(p)
        return perspective?.screen(fromPlane: q) ?? q
    }

    public func screen(_ part: [TilePoint]) -> [Point] { part.map(screen) }

    /// A point in (fractional) tile units on screen.
    public func screen(tileUnits p: Point) -> Point {
        let q = Point(x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f)
        return perspective?.screen(fromPlane: q) ?? q
    }

    public func plane(_ part: [TilePoint]) -> [Point] { part.map(plane) }

    /// A line on screen, cut where it passes the near plane (one part without pitch).
    public func screenParts(_ part: [TilePoint]) -> [[Point]] {
        guard let p = perspective, crossesNearPlane else { return [screen(part)] }
        return p.clipLine(plane(part)).map { $0.map(p.screen(fromPlane:)) }
    }

    /// A polygon ring on screen, cut to the part beyond the near plane.
    public func screenRing(_ ring: [TilePoint]) -> [Point] {
        guard let p = perspective, crossesNearPlane else { return screen(ring) }
        return p.clipRing(plane(ring)).map(p.screen(fromPlane:))
    }

    /// Plane points → tile units.
    func tile(fromPlane p: Point) -> Point {
        let det = a * e - b * d
        let x = p.x - c, y = p.y - f
        return Point(x: (e * x - b * y) / det, y: (a * y - d * x) / det)
    }
}
