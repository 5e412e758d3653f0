import Foundation
import MapsnapOverlays
import MapsnapFormats

/// The PNG images of icon markers, read once per renderer by path. Not for concurrent use (one
/// per renderer, like the renderer itself).
public final class MarkerIconImages {
    private var images: [String: RasterImage] = [:]

    public init() {}

    /// The image at `path`, read the first time it is asked for. A file that is not a readable
    /// PNG (or has no pixels) is an error naming it.
    public func image(_ path: String) throws(RenderError) -> RasterImage {
        if let hit = images[path] { return hit }
        do { try InputFile.check(path) } catch { throw .cannotRead(path: path, reason: error.reason) }
        let image = try RasterImage(pngFile: path, maxSide: InputLimits.maxMarkerIconSide)
        guard image.pixelWidth > 0, image.pixelHeight > 0 else { throw .cannotRead(path: path, reason: "has no pixels") }
        images[path] = image
        return image
    }

    /// The image's size in points at the icon's scale, or nil when it cannot be read.
    func size(of icon: MarkerIcon) -> (width: Double, height: Double)? {
        guard let image = try? image(icon.path) else { return nil }
        return (Double(image.pixelWidth) * icon.scale, Double(image.pixelHeight) * icon.scale)
    }
}
