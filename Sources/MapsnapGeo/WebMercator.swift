import Foundation

/// Spherical Web Mercator (EPSG:3857) in MapLibre's convention: the world is 512 px wide at zoom 0,
/// `512 · 2^zoom` at a fractional zoom. World pixels grow east (x) and south (y) from 180°W, 85.05°N.
public enum WebMercator {
    public static let earthRadiusMeters = 6_378_137.0
    public static let earthCircumferenceMeters = 2 * Double.pi * earthRadiusMeters
    /// The latitude where the square Web Mercator world ends.
    public static let maxLatitude = 85.051_128_779_806_59
    /// The world's width in pixels at zoom 0 (MapLibre zoom; a 256-px XYZ tile `z` is zoom `z − 1`).
    public static let tileSize = 512.0

    public static func worldSize(zoom: Double) -> Double { tileSize * exp2(zoom) }

    /// Position in world pixels at `zoom`. Latitude is clamped to ±`maxLatitude`.
    public static func project(_ p: LatLon, zoom: Double) -> Point {
        let unit = projectUnit(p)
        let size = worldSize(zoom: zoom)
        return Point(x: unit.x * size, y: unit.y * size)
    }

    /// Position in the unit square (0...1 both ways).
    public static func projectUnit(_ p: LatLon) -> Point {
        let lat = min(max(p.latitude, -maxLatitude), maxLatitude) * .pi / 180
        let x = (p.longitude + 180) / 360
        let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2
        return Point(x: x, y: y)
    }

    public static func unproject(_ world: Point, zoom: Double) -> LatLon {
        let size = worldSize(zoom: zoom)
        return unprojectUnit(Point(x: world.x / size, y: world.y / size))
    }

    public static func unprojectUnit(_ unit: Point) -> LatLon {
        let lon = unit.x * 360 - 180
        let n = Double.pi * (1 - 2 * unit.y)
        let lat = atan(sinh(n)) * 180 / .pi
        return LatLon(lat, lon)
    }

    /// Ground meters covered by one world pixel at `latitude` and `zoom`.
    /// (Latitudes beyond the projection's limit are taken at the limit, as they are drawn.)
    public static func metersPerPixel(latitude: Double, zoom: Double) -> Double {
        cos(clampedLatitude(latitude) * .pi / 180) * earthCircumferenceMeters / worldSize(zoom: zoom)
    }

    /// The zoom at which `pixels` world pixels span `meters` of ground at `latitude`.
    public static func zoom(spanning meters: Double, inPixels pixels: Double, atLatitude latitude: Double) -> Double {
        log2(cos(clampedLatitude(latitude) * .pi / 180) * earthCircumferenceMeters * pixels / (tileSize * meters))
    }

    static func clampedLatitude(_ latitude: Double) -> Double { min(max(latitude, -maxLatitude), maxLatitude) }
}
