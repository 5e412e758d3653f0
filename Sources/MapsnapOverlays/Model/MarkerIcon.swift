import MapsnapStyle

/// A marker drawn from a local PNG image instead of the balloon, as tileserver-gl's
/// `marker=lon,lat|icon.png` and MapKit's annotation images allow. The image's `anchor` point
/// sits on the coordinate (default: the middle of its bottom edge, the tip of a pin image) and it
/// is drawn at `scale` times its size in points (a 2x image at scale 0.5 is sharp on @2x maps).
public struct MarkerIcon: Sendable, Equatable {
    /// A local PNG file.
    public var path: String
    /// MapLibre's anchor words (`icon-anchor`): which point of the image sits on the coordinate.
    public var anchor: TextAnchor
    public var scale: Double

    public init(path: String, anchor: TextAnchor = .bottom, scale: Double = 1) {
        self.path = path
        self.anchor = anchor
        self.scale = scale
    }
}
