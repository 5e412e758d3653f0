import Foundation
import MapsnapGeo

/// Symbol sizes and turns under a pitched (or rolled) camera, at a screen point. Without pitch
/// every one of these is the identity: a symbol is its layout size, upright, where its anchor is.
extension RenderFrame {
    /// MapLibre's size scale for a symbol at a screen point: 1 without pitch, smaller toward the
    /// horizon. Without glyph PBFs rounded to sixteenths, so that labels of one name share their
    /// shaping (each new size is shaped again by Pango, which dominated a pitched snapshot's
    /// time); glyph quads scale exactly, as MapLibre's do.
    func symbolScale(at screen: Point) -> Double {
        guard let perspective else { return 1 }
        let scale = perspective.symbolScale(atPlane: perspective.plane(fromScreen: screen))
        return glyphs != nil ? scale : (scale * 16).rounded() / 16
    }

    /// The warp laying an icon on a pitched map at a screen anchor: MapLibre sizes it on the plane
    /// by `0.5 + 0.5 · w/D`, then the projection shrinks and foreshortens it.
    /// `planeScale` replaces that size (MapLibre boxes variable-anchor labels on the map at 1).
    func planeWarp(at anchor: Point, planeScale: Double? = nil) -> PlaneWarp? {
        guard let perspective else { return nil }
        let plane = perspective.plane(fromScreen: anchor)
        let j = perspective.jacobian(atPlane: plane)
        // MapLibre's shader clamps the ratio to 0…4.
        let s = planeScale ?? min(max(0.5 + 0.5 / perspective.scale(atPlane: plane), 0), 4)
        var warp = PlaneWarp(pivot: anchor, a: j.a * s, b: j.b * s, c: j.c * s, d: j.d * s)
        warp.exact = (perspective, plane, s)
        return warp
    }

    /// A screen anchor moved by a `*-translate` offset (plane points): pitched, the offset lies on
    /// the map, as MapLibre translates the tile's matrix (circles and lines alike).
    func translated(_ anchor: Point, by offset: Point) -> Point {
        guard let perspective, offset != Point(x: 0, y: 0) else { return anchor + offset }
        return perspective.screen(fromPlane: perspective.plane(fromScreen: anchor) + offset)
    }

    /// How much further than the bearing a symbol turning with the map turns at a screen point of
    /// a pitched view: MapLibre turns it as a short step along the map's x axis appears there.
    func pitchedMapTurn(at anchor: Point) -> Double {
        guard let perspective else { return 0 }
        let plane = perspective.plane(fromScreen: anchor)
        let a = perspective.screen(fromPlane: plane)
        let b = perspective.screen(fromPlane: plane + Point(x: transform.cosB, y: transform.sinB))
        return atan2(b.y - a.y, b.x - a.x) - atan2(transform.sinB, transform.cosB)
    }

    /// The plane direction (radians clockwise) that a pitched, rolled view shows level at a
    /// screen point: the projection's inverse applied to the screen's x axis.
    func levelOnScreen(at anchor: Point) -> Double {
        guard let perspective else { return 0 }
        let j = perspective.jacobian(atPlane: perspective.plane(fromScreen: anchor))
        let det = j.a * j.d - j.b * j.c
        guard abs(det) > 1e-12 else { return 0 }
        // J⁻¹ · (1, 0) = (d, −c) / det.
        return atan2(-j.c / det, j.d / det)
    }
}

/// The linear map `(a b; c d)` around `pivot` that lays an icon or a label on a pitched map: the
/// projection's local scale and foreshortening at its anchor.
struct PlaneWarp {
    let pivot: Point
    let a: Double, b: Double, c: Double, d: Double
    /// The projection the warp stands for, when known (the anchor on the plane and the plane
    /// size scale): collision boxes use it exactly, as MapLibre projects each corner of a box
    /// lying on the map (`_projectCollisionBox`); drawing uses the linear map.
    var exact: (perspective: Perspective, planePivot: Point, scale: Double)?

    func apply(_ p: Point) -> Point {
        let q = p - pivot
        return Point(x: pivot.x + a * q.x + b * q.y, y: pivot.y + c * q.x + d * q.y)
    }

    /// The screen bounds of a box through the warp: its corners projected exactly when the
    /// projection is known (a projected rectangle's edges stay straight, so they bound it).
    func bounds(_ r: Rect) -> Rect { bounds(corners: r.corners) }

    /// The screen bounds of a polygon (flat points around the pivot) through the warp.
    func bounds(corners: [Point]) -> Rect {
        let project: (Point) -> Point = exact.map { e in
            { e.perspective.screen(fromPlane: e.planePivot + ($0 - pivot) * e.scale) }
        } ?? apply
        return Rect(bounding: corners.map(project))
    }
}
