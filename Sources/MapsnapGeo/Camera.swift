import Foundation

/// What a snapshot shows: a center, a MapLibre zoom (512-px world at zoom 0), an image size in
/// points, a pixel ratio (the bitmap is `size · pixelRatio`), a bearing (the heading up) and a
/// pitch (the camera's tilt from straight down, MapLibre's `Perspective`).
public struct Camera: Hashable, Sendable {
    public var center: LatLon
    /// MapLibre zoom, fractional.
    public var zoom: Double
    public var size: ImageSize
    /// Device pixels per point: 2 gives the same map with twice the pixels (an `@2x` image).
    public var pixelRatio: Double
    public var bearing: Double
    /// Degrees from straight down, 0...`Perspective.maxPitch`.
    public var pitch: Double
    /// Degrees the camera turns about its line of sight (MapLibre's `roll`): the image turns
    /// counter-clockwise by it. Without pitch it adds to the bearing.
    public var roll: Double = 0
    /// Insets (points) the view keeps clear, as MapLibre's `padding`: the center, and a pitched
    /// camera's vanishing point, move to the middle of the rest of the image.
    public var padding = EdgeInsets()
    /// A pitched camera's vertical field of view, degrees (MapLibre's `fov`, 0.1…150).
    public var fieldOfView = Perspective.defaultFieldOfView

    /// How far the map is turned on screen, degrees clockwise: the bearing, and without pitch the
    /// roll too (a flat camera's roll turns the image about its center, MapLibre's rule).
    public var screenBearing: Double { pitch > 0 ? bearing : bearing + roll }

    /// Where the center lies in the image (points): its middle, unless `padding` moves it.
    public var screenCenter: Point {
        padding.center(width: Double(size.width), height: Double(size.height))
    }

    public init(center: LatLon, zoom: Double, size: ImageSize, pixelRatio: Double = 1,
                degreesClockwiseFromNorth bearing: Double = 0, pitch: Double = 0) {
        self.center = center
        self.zoom = zoom
        self.size = size
        self.pixelRatio = pixelRatio
        self.bearing = bearing
        self.pitch = pitch
    }

    /// A camera whose image's shorter side spans `meters` of ground at `center`, like
    /// `MKCoordinateRegion(center:latitudinalMeters:longitudinalMeters:)` fitted to the image.
    /// With a pitch, the meters are those of the ground at the center (where the scale is the flat map's).
    public init(center: LatLon, meters: Double, size: ImageSize, pixelRatio: Double = 1,
                degreesClockwiseFromNorth bearing: Double = 0, pitch: Double = 0) {
        let shorter = Double(min(size.width, size.height))
        let zoom = WebMercator.zoom(spanning: meters, inPixels: shorter, atLatitude: center.latitude)
        self.init(center: center, zoom: zoom, size: size, pixelRatio: pixelRatio,
                  degreesClockwiseFromNorth: bearing, pitch: pitch)
    }

    /// Ground meters spanned by the image's shorter side at the center.
    public var metersAcrossShorterSide: Double {
        WebMercator.metersPerPixel(latitude: center.latitude, zoom: zoom) * Double(min(size.width, size.height))
    }

    /// The center in world pixels at `zoom`.
    public var centerWorld: Point { WebMercator.project(center, zoom: zoom) }

    /// The transform from world pixels (at `zoom`) to plane points: the screen of the same camera
    /// without pitch (with pitch 0, the screen itself).
    public var worldToScreen: ScreenTransform {
        ScreenTransform(centerWorld: centerWorld, screenCenter: screenCenter,
                        bearingDegrees: screenBearing)
    }

    /// `worldToScreen` with the center moved by less than a pixel so that whole world pixels
    /// fall on whole image pixels, as MapLibre's `alignedProjMatrix` draws raster tiles: a tile
    /// shown at its own scale is then copied texel for texel, not blurred between pixels.
    public var pixelAlignedWorldToScreen: ScreenTransform {
        let c = centerWorld
        let angle = -screenBearing * .pi / 180
        // A center in the middle of a pixel (an odd image size, padding) moves by that half pixel.
        let center = screenCenter
        let xShift = center.x - center.x.rounded(.down), yShift = center.y - center.y.rounded(.down)
        var dx = c.x - c.x.rounded() + cos(angle) * xShift + sin(angle) * yShift
        var dy = c.y - c.y.rounded() + cos(angle) * yShift + sin(angle) * xShift
        if dx > 0.5 { dx -= 1 }
        if dy > 0.5 { dy -= 1 }
        return ScreenTransform(centerWorld: Point(x: c.x - dx, y: c.y - dy), screenCenter: screenCenter,
                               bearingDegrees: screenBearing)
    }

    /// The pitched projection of plane points onto the image; nil when the camera looks straight down.
    public var perspective: Perspective? {
        Perspective(pitchDegrees: pitch, width: Double(size.width), height: Double(size.height), rollDegrees: roll,
                    center: screenCenter, fieldOfViewDegrees: fieldOfView)
    }

    /// World pixels (at `zoom`) → screen points, pitch included.
    public func screen(fromWorld p: Point) -> Point {
        let plane = worldToScreen.screen(fromWorld: p)
        return perspective?.screen(fromPlane: plane) ?? plane
    }

    /// Screen points → world pixels (at `zoom`) on the ground, pitch included.
    public func world(fromScreen p: Point) -> Point {
        worldToScreen.world(fromScreen: perspective?.plane(fromScreen: p) ?? p)
    }

    /// The plane rectangle (see `worldToScreen`) under the image, grown by `margin` screen points.
    /// Pitched, it is the bounds of the ground the image shows (a trapezoid), grown by the margin
    /// as the far edge scales it.
    public func visiblePlaneRect(margin: Double = 0) -> Rect {
        let w = Double(size.width), h = Double(size.height)
        guard let p = perspective else { return Rect(minX: -margin, minY: -margin, maxX: w + margin, maxY: h + margin) }
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map(p.plane(fromScreen:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let grown = margin / p.scale(atPlane: corners[0])
        return Rect(minX: xs.min()! - grown, minY: ys.min()! - grown, maxX: xs.max()! + grown, maxY: ys.max()! + grown)
    }

    /// The ground a pitched camera shows, grown by `margin` points (as `visiblePlaneRect` grows it),
    /// as four world-pixel corners (at `zoom`) of a convex quadrilateral; nil without pitch.
    public func visibleGround(margin: Double = 0) -> [Point]? {
        guard let p = perspective else { return nil }
        let w = Double(size.width), h = Double(size.height)
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map(p.plane(fromScreen:))
        let grown = margin / p.scale(atPlane: corners[0])
        // Each corner moves outward in x and y on the plane.
        let signs: [(Double, Double)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        let t = worldToScreen
        // √2 so that slanted side edges also move out by at least the margin.
        let g = grown * 2.0.squareRoot()
        return zip(corners, signs).map { c, s in t.world(fromScreen: Point(x: c.x + s.0 * g, y: c.y + s.1 * g)) }
    }

    /// The world-pixel rectangle (at `zoom`) that covers the rotated (and pitched) view, grown by
    /// `margin` points.
    public func visibleWorldRect(margin: Double = 0) -> Rect {
        let r = visiblePlaneRect(margin: margin)
        let t = worldToScreen
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
            .map(t.world(fromScreen:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
    }

    /// The geographic box covering the view (latitudes clamped to the Web Mercator limit).
    public var visibleBounds: BoundingBox {
        let r = visibleWorldRect()
        let nw = WebMercator.unproject(Point(x: r.minX, y: r.minY), zoom: zoom)
        let se = WebMercator.unproject(Point(x: r.maxX, y: r.maxY), zoom: zoom)
        return BoundingBox(west: nw.longitude, south: se.latitude, east: se.longitude, north: nw.latitude)
    }
}

/// World pixels → screen points: translate the center to the image center, then rotate by
/// the bearing (counter-clockwise on screen, so that the bearing direction points up).
public struct ScreenTransform: Hashable, Sendable {
    public let centerWorld: Point
    public let screenCenter: Point
    public let cosB: Double
    public let sinB: Double

    public init(centerWorld: Point, screenCenter: Point, bearingDegrees: Double) {
        self.centerWorld = centerWorld
        self.screenCenter = screenCenter
        let r = -bearingDegrees * .pi / 180
        cosB = cos(r); sinB = sin(r)
    }

    @inline(__always)
    public func screen(fromWorld p: Point) -> Point {
        let dx = p.x - centerWorld.x, dy = p.y - centerWorld.y
        return Point(x: screenCenter.x + dx * cosB - dy * sinB, y: screenCenter.y + dx * sinB + dy * cosB)
    }

    @inline(__always)
    public func world(fromScreen p: Point) -> Point {
        let dx = p.x - screenCenter.x, dy = p.y - screenCenter.y
        return Point(x: centerWorld.x + dx * cosB + dy * sinB, y: centerWorld.y - dx * sinB + dy * cosB)
    }
}
