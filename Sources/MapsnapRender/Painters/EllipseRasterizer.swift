import MapsnapFormats
import MapsnapGeo

/// Translucent filled ellipses (near-circles: geofences) straight into an image's pixels: Cairo
/// fills a polygon through a coverage mask at a few nanoseconds a pixel, and fifty large
/// geofences took longer than a 100,000-point track. Pixels well inside get the colour as
/// Cairo's OVER of a solid colour gives it (premultiplied, pixman's 8-bit rounding); the rim,
/// a device pixel wide, fades with the distance to the edge, as the line rasterizer's round caps.
struct EllipseRasterizer {
    let image: RasterImage

    /// Fills the axis-aligned ellipse of radii `radiusX`, `radiusY` (device pixels) around
    /// `center` (device pixels) with `color` at `opacity`. Distances are measured with y scaled
    /// to make it a circle of `radiusX` (for the near-circles drawn here the rim hardly changes).
    func fill(center: Point, radiusX: Double, radiusY: Double, color: Color, opacity: Double) {
        let alpha = min(max(color.a * opacity, 0), 1)
        guard alpha > 0, radiusX > 0, radiusY > 0, radiusX.isFinite, radiusY.isFinite, center.x.isFinite, center.y.isFinite else { return }
        // Cairo's colour: premultiplied 16-bit, then the top 8 bits.
        func channel(_ v: Double) -> UInt32 { UInt32(UInt16(min(max(v, 0), 1) * 65535 + 0.5) >> 8) }
        let source = channel(alpha) << 24 | channel(color.r * alpha) << 16 | channel(color.g * alpha) << 8 | channel(color.b * alpha)
        let squash = radiusX / radiusY
        let outer = radiusX + 0.5, inner = max(radiusX - 0.5, 0)
        let top = max(Int(saturating: (center.y - outer / squash).rounded(.down)), 0)
        let bottom = min(Int(saturating: (center.y + outer / squash).rounded(.up)), image.pixelHeight)
        guard top < bottom else { return }
        let width = image.pixelWidth
        image.withMutablePixels { data, stride in
            for y in top..<bottom {
                let dy = (Double(y) + 0.5 - center.y) * squash
                let reach2 = outer * outer - dy * dy
                guard reach2 > 0 else { continue }
                let reach = reach2.squareRoot()
                let x0 = max(Int(saturating: (center.x - reach - 0.5).rounded(.up)), 0)
                let x1 = min(Int(saturating: (center.x + reach - 0.5).rounded(.up)), width)
                guard x0 < x1 else { continue }
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                // Pixels whose centres lie within `inner` of the centre are fully covered.
                var core = x1..<x1
                let core2 = inner * inner - dy * dy
                if core2 > 0 {
                    let half = core2.squareRoot()
                    let c0 = max(Int(saturating: (center.x - half - 0.5).rounded(.up)), x0)
                    let c1 = min(Int(saturating: (center.x + half - 0.5).rounded(.up)), x1)
                    if c0 < c1 { core = c0..<c1 }
                }
                func rim(_ from: Int, _ to: Int) {
                    guard from < to else { return }
                    for x in from..<to {
                        let dx = Double(x) + 0.5 - center.x
                        let coverage = min(max(outer - (dx * dx + dy * dy).squareRoot(), 0), 1)
                        let weight = UInt32(coverage * 255 + 0.5)
                        if weight > 0 { row[x] = Self.over(Self.scaled(source, weight), row[x]) }
                    }
                }
                rim(x0, core.lowerBound)
                for x in core { row[x] = Self.over(source, row[x]) }
                rim(core.upperBound, x1)
            }
        }
    }

    /// `a × b / 255` for each byte of `a`, rounded as pixman rounds.
    @inline(__always)
    static func scaled(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var rb = (a & 0x00FF_00FF) &* b &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((a >> 8) & 0x00FF_00FF) &* b &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Premultiplied `source` OVER `destination`, byte by byte as pixman does it (the sums
    /// cannot pass 255 for premultiplied colours).
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        source &+ scaled(destination, 255 &- (source >> 24))
    }
}
