import Foundation
import MapsnapGeo
import MapsnapOverlays
import MapsnapRender

/// One map to draw, as every front end describes it: the CLI's flags, a batch manifest item,
/// a golden test case and (next) an HTTP route all fill in this one type, and `validate()`
/// checks it once. Field names are the request's own words (`meters`, `markers`, `size`), the
/// same as manifest keys; errors name them as `FieldPath`s.
///
/// Framing is kept as the user said it (a center, meters or a zoom, fit, a box) and turned into a
/// camera by `Snapshotter`, which knows the style's and the data's defaults.
public struct MapRequest: Sendable, Equatable {
    // MARK: camera
    /// nil: fit the overlays when there are any, else the style's center, else the data's.
    public var center: LatLon?
    /// Ground meters across the image's shorter side (default 800).
    public var meters: Double?
    /// A MapLibre zoom (512-px world at zoom 0), instead of `meters`.
    public var zoom: Double?
    /// Choose center and zoom so every overlay shows inside `padding` (implied by overlays
    /// without a center and without a zoom); a lone point is shown with `meters` around it.
    public var fit = false
    /// Frame this box (west,south,east,north; west > east crosses the antimeridian) inside `padding`.
    public var bounds: BoundingBox?
    /// Points kept free around fitted overlays or a framed box (default 40).
    public var padding: Double?
    public var bearing: Double = 0
    /// Degrees the camera tilts from looking straight down. Not drawn yet: anything but 0 is refused.
    public var pitch: Double = 0

    // MARK: image
    /// Image size in points.
    public var size = ImageSize(width: 1024, height: 768)
    /// Device pixels per point: 2 draws the same map with twice the pixels (`@2x`).
    public var pixelRatio: Double = 1
    public var encoding = ImageEncoding()
    /// A PDF or SVG document instead of an image (nil: an image, as `encoding` says): lines,
    /// fills and text drawn as vectors. For snapshots and batches; tiles and the server refuse it
    /// (`requireImageOutput`).
    public var vectorFormat: VectorFormat?

    // MARK: style and data
    public var style = StyleSelection()
    /// Hide the base map's points of interest (cleaner report images).
    public var hidePointsOfInterest = false
    /// Which engine draws the labels: the style's glyph PBFs (MapLibre's way) or system fonts.
    public var textEngine = TextEngineChoice.auto

    // MARK: overlays
    public var overlays = OverlayRequest()
    /// Draw the overlays under this style layer (and the layers above it) instead of over the whole
    /// map, as the Mapbox Static Images API's `before_layer`; nil: on top of the map.
    public var overlaysBelowLayer: String?
    /// The datum of overlay coordinates and of `center`.
    public var coordinateSystem: CoordinateSystem = .wgs84

    // MARK: decorations
    public var decorations = Decorations()

    public init() {}

    /// A request whose image is encoded as `encoding` (tiles start from their own default).
    public init(encoding: ImageEncoding) { self.encoding = encoding }

    /// The datum of input coordinates.
    public enum CoordinateSystem: String, Hashable, Sendable, CaseIterable {
        case wgs84
        /// The datum of maps in mainland China: converted to WGS-84 to match OpenStreetMap.
        case gcj02
    }

    public static let defaultMeters = 800.0
    public static let defaultPadding = 40.0

    /// How the camera is chosen, derived once from what was given.
    public enum Framing: Hashable, Sendable {
        case meters(Double)
        case zoom(Double)
        /// Fit the overlays inside `padding`; a lone point is shown with `fallbackMeters` around it.
        case fit(padding: Double, fallbackMeters: Double)
        case bounds(BoundingBox, padding: Double)
    }

    /// Overlays without a center (and without a zoom) mean "fit", as MapKit's `showAnnotations`.
    public var framing: Framing {
        let padding = self.padding ?? Self.defaultPadding
        if let bounds { return .bounds(bounds, padding: padding) }
        if fit || (center == nil && zoom == nil && overlays.hasAny) {
            return .fit(padding: padding, fallbackMeters: meters ?? Self.defaultMeters)
        }
        if let zoom { return .zoom(zoom) }
        return .meters(meters ?? Self.defaultMeters)
    }
}

/// The data credit, the scale bar and the north arrow.
public struct Decorations: Sendable, Equatable {
    /// Draw the data credit bottom-right (the data's licence asks for it).
    public var attribution = true
    /// A scale bar bottom-left, in these units.
    public var scaleBar: ScaleBarUnits?
    public var compass: CompassMode = .auto
    /// Outline every label's collision box over its layer, blue where it was placed and red where
    /// it collided (MapLibre's `showCollisionBoxes`): shows why a label is missing.
    public var collisionBoxes = false

    public init() {}

    /// When the north arrow shows.
    public enum CompassMode: String, Hashable, Sendable, CaseIterable {
        /// Only when the map is rotated.
        case auto
        case on
        case off
    }
}
