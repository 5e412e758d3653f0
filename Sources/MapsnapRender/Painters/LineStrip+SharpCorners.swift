import Foundation
import MapsnapGeo

extension LineStrip {
    /// Where MapLibre's line bucket puts the extra vertices it adds beside a sharp corner: 15 px of
    /// the tile's (overscaled) zoom from the corner, the step rounded to whole units of its 8192-unit
    /// tile grid. Overzoomed far, a unit is a pixel or more, so the rounding bends the line visibly
    /// near its corners; past 16× overscaling MapLibre adds the vertices at the corner itself.
    struct SharpCorners {
        /// Plane points from the corner.
        var offset = 15.0
        /// Plane vectors of one grid unit along the tile's x and y axes; nil: no rounding.
        private var unitX: Point?, unitY = Point(x: 0, y: 0)

        init() {}

        init(offset: Double, unitX: Point, unitY: Point) {
            (self.offset, self.unitX, self.unitY) = (offset, unitX, unitY)
        }

        init(_ loaded: LoadedTile, _ projection: TileProjection, zoom: Double) {
            let z = Double(loaded.covered.id.z)
            let overscaledZ = loaded.covered.id.z == loaded.sourceMaxZoom ? max(z, zoom.rounded(.down)) : z
            let perUnit = projection.extent / Self.gridUnits
            self.init(offset: overscaledZ - z <= 4 ? 15 * exp2(zoom - overscaledZ) : 0,
                      unitX: Point(x: projection.a * perUnit, y: projection.d * perUnit),
                      unitY: Point(x: projection.b * perUnit, y: projection.e * perUnit))
        }

        /// MapLibre's tile extent.
        static let gridUnits = 8192.0

        /// `step` rounded to whole grid units (the tile axes are orthogonal and equally long).
        func snapped(_ step: Point) -> Point {
            guard let ux = unitX else { return step }
            let squared = ux.x * ux.x + ux.y * ux.y
            guard squared > 0 else { return step }
            let u = ((step.x * ux.x + step.y * ux.y) / squared).rounded()
            let v = ((step.x * unitY.x + step.y * unitY.y) / squared).rounded()
            return ux * u + unitY * v
        }
    }
}
