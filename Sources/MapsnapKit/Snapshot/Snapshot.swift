import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapRender

/// A rendered image and the camera it shows, like `MKMapSnapshotter.Snapshot`: `point(for:)`
/// tells where a coordinate lands in the image, `coordinate(at:)` the reverse.
public struct Snapshot {
    public let image: RasterImage
    public let camera: Camera
    public let encoding: ImageEncoding

    public init(image: RasterImage, camera: Camera, encoding: ImageEncoding) {
        self.image = image
        self.camera = camera
        self.encoding = encoding
    }

    /// Where `coordinate` is drawn, in points from the image's top-left corner (multiply by the
    /// pixel ratio for pixels). Of the world's copies, the one nearest the center is taken, so a
    /// view across the antimeridian places points on either side correctly. Points outside the
    /// image come back outside `0...width`, `0...height`.
    public func point(for coordinate: LatLon) -> Point {
        let world = WebMercator.worldSize(zoom: camera.zoom)
        var p = WebMercator.project(coordinate, zoom: camera.zoom)
        let dx = p.x - camera.centerWorld.x
        p.x -= (dx / world).rounded() * world
        return camera.screen(fromWorld: p)
    }

    /// The coordinate drawn at `point` (in points from the top-left corner); longitudes wrapped
    /// into -180...180, latitudes within the Web Mercator limit.
    public func coordinate(at point: Point) -> LatLon {
        var c = WebMercator.unproject(camera.world(fromScreen: point), zoom: camera.zoom)
        c.longitude = (c.longitude + 180).truncatingRemainder(dividingBy: 360)
        if c.longitude < 0 { c.longitude += 360 }
        c.longitude -= 180
        return c
    }

    /// The encoded image (PNG, WebP or JPEG, as `encoding` says).
    /// The image in its encoding; a full-colour PNG in halves (`PNGHalves`), on two threads when
    /// `threads` is 2 or more: the same bytes either way.
    public func encoded(threads: Int = 1) throws(RenderError) -> Data {
        try encoding.encode(image, halves: threads >= 2 ? .twoThreads : .oneThread)
    }

    /// Writes the image atomically (temporary file + rename): never a half-written file. Missing
    /// folders on the way are created.
    public func write(to path: String) throws(RenderError) {
        do { try AtomicFile.makeFolders(for: path) } catch { throw RenderError(error) }
        let data = try encoded()
        do { try AtomicFile.write(data, to: path) } catch { throw RenderError(error) }
    }
}
