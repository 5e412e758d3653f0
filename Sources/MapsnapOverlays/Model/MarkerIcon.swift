/// A marker drawn from a local PNG image instead of the balloon, as tileserver-gl's
/// `marker=lon,lat|icon.png` and MapKit's annotation images allow. The image's `anchor` point
/// sits on the coordinate (default: the middle of its bottom edge, the tip of a pin image) and it
/// is drawn at `scale` times its size in points (a 2x image at scale 0.5 is sharp on @2x maps).
public struct MarkerIcon: Sendable, Equatable {
    /// A local PNG file.
    public var path: String
    public var anchor: IconAnchor
    public var scale: Double

    public init(path: String, anchor: IconAnchor = .bottom, scale: Double = 1) {
        self.path = path
        self.anchor = anchor
        self.scale = scale
    }
}

/// Which point of an image sits on its coordinate, in MapLibre's `icon-anchor` words.
public enum IconAnchor: String, Sendable, Equatable, CaseIterable {
    case center, left, right, top, bottom
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

    /// The anchor as a fraction of the image's width and height from its top-left corner.
    public var unitPoint: (x: Double, y: Double) {
        switch self {
        case .center: (0.5, 0.5)
        case .left: (0, 0.5)
        case .right: (1, 0.5)
        case .top: (0.5, 0)
        case .bottom: (0.5, 1)
        case .topLeft: (0, 0)
        case .topRight: (1, 0)
        case .bottomLeft: (0, 1)
        case .bottomRight: (1, 1)
        }
    }
}
