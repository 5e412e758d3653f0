import Foundation
import MapsnapFormats

/// An image added to a style at run time (MapLibre's `addImage`), beside its sprite's icons:
/// usable by `icon-image`, the `*-pattern` properties and `["image", …]` in formatted text.
/// Kept as encoded PNG bytes: the style module does not decode pixels; the renderer does.
public struct StyleImage: Sendable, Equatable {
    public var png: Data
    /// Image pixels per point (MapLibre's `pixelRatio` option, default 1).
    public var pixelRatio: Double
    /// A signed-distance-field image, drawn in the style's icon colours (MapLibre's `sdf` option).
    public var sdf: Bool
    /// The width and height from the PNG header, when it has one (`updateImage` keeps them).
    public var size: (width: Int, height: Int)? { PNGHeader.size(png) }

    public init(png: Data, pixelRatio: Double = 1, sdf: Bool = false) {
        self.png = png
        self.pixelRatio = pixelRatio
        self.sdf = sdf
    }
}
