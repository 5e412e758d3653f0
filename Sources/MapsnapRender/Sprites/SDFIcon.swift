import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo

/// How an SDF icon is coloured: `icon-color`, and a halo (`icon-halo-*`).
struct SDFTint {
    var color: Color
    var haloColor: Color
    var haloWidth: Double
    var haloBlur: Double
}

/// MapLibre's SDF shader for one icon size (or text size over 24 px, the glyphs' em): alpha is the distance field, the edge at 0.75 with a
/// smooth step of 0.105 device pixels over the icon's scale; the halo reaches `haloWidth` points
/// further out (its edge softened by the blur), under the fill.
struct SDFShader {
    let tint: SDFTint
    let fillGamma: Double, haloGamma: Double, haloBuffer: Double
    let drawHalo: Bool

    /// `gammaScale` widens the edges' smoothing (pitched text on the map).
    init(_ tint: SDFTint, size: Double, pixelRatio: Double, gammaScale: Double = 1) {
        self.tint = tint
        let scale = max(size, 0.01), edgeGamma = 0.105 / pixelRatio
        fillGamma = edgeGamma / scale * gammaScale
        haloGamma = (tint.haloBlur * 1.19 / 8 + edgeGamma) / scale * gammaScale
        haloBuffer = (6 - tint.haloWidth / scale) / 8
        drawHalo = tint.haloWidth > 0 && tint.haloColor.a > 0
    }

    @inline(__always) private func step(_ buffer: Double, _ gamma: Double, _ d: Double) -> Double {
        let t = min(max((d - (buffer - gamma)) / (2 * gamma), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// The halo's and the fill's coverage (0...1) at distance `d`, for drawing them in separate
    /// passes (text: all halos of a layer, then all glyphs).
    /// The halo is a ring: MapLibre's shader takes out the glyph's own body (its edge moved out by
    /// the halo's smoothing), so a translucent or transparent fill shows what lies under it.
    @inline(__always) func haloCoverage(_ d: Double) -> Double {
        drawHalo ? min(step(haloBuffer, haloGamma, d), 1 - step(0.75 + haloGamma, haloGamma, d)) : 0
    }
    @inline(__always) func fillCoverage(_ d: Double) -> Double { step(0.75, fillGamma, d) }

    /// The premultiplied ARGB32 pixel for distance `d` (0...1).
    @inline(__always) func pixel(_ d: Double) -> UInt32 {
        var r = 0.0, g = 0.0, b = 0.0, a = 0.0
        if drawHalo {
            let h = haloCoverage(d) * tint.haloColor.a
            r = tint.haloColor.r * h; g = tint.haloColor.g * h; b = tint.haloColor.b * h; a = h
        }
        let f = step(0.75, fillGamma, d) * tint.color.a
        r = tint.color.r * f + r * (1 - f); g = tint.color.g * f + g * (1 - f)
        b = tint.color.b * f + b * (1 - f); a = f + a * (1 - f)
        func byte(_ v: Double) -> UInt32 { min(UInt32(saturating: v * 255 + 0.5), 255) }
        return byte(a) << 24 | byte(r) << 16 | byte(g) << 8 | byte(b)
    }
}

extension SpriteSheet {
    /// The icon's texels shaded (for icons Cairo then turns, stretches or warps).
    func sdfSurface(_ icon: Icon, _ tint: SDFTint, size: Double, pixelRatio: Double) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(icon.width), Int32(icon.height)) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let shader = SDFShader(tint, size: size, pixelRatio: pixelRatio)
        image.withPixels { source, sourceStride in
            let out = cairo_image_surface_get_data(surface)!
            for y in 0..<icon.height {
                let row = UnsafeRawPointer(source + (icon.y + y) * sourceStride + icon.x * 4)
                let target = UnsafeMutableRawPointer(out + y * stride)
                for x in 0..<icon.width {
                    let d = Double(row.load(fromByteOffset: x * 4, as: UInt32.self) >> 24) / 255
                    target.storeBytes(of: shader.pixel(d), toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// The icon drawn upright at `origin` (device pixels), `texelsPerPixel` texels per device
    /// pixel, as MapLibre's shader draws it: at each device pixel the distance field is sampled
    /// bilinearly (the atlas keeps a transparent texel around each icon), then shaded, so that
    /// edges stay as sharp at any size and sub-pixel position. Returns the surface and where its
    /// top-left device pixel goes.
    func sdfSampled(_ icon: Icon, _ tint: SDFTint, size: Double, pixelRatio: Double, origin: Point,
                    pixelsPerTexel k: Double) -> (surface: OpaquePointer, x: Int, y: Int)? {
        guard k > 0, k.isFinite, icon.width > 0, icon.height > 0 else { return nil }
        let x0 = Int(saturating: origin.x.rounded(.down)), y0 = Int(saturating: origin.y.rounded(.down))
        let w = Int(saturating: (origin.x + Double(icon.width) * k).rounded(.up)) - x0
        let h = Int(saturating: (origin.y + Double(icon.height) * k).rounded(.up)) - y0
        guard w > 0, h > 0, w <= 8192, h <= 8192,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let shader = SDFShader(tint, size: size, pixelRatio: pixelRatio)
        image.withPixels { source, sourceStride in
            @inline(__always) func distance(_ tx: Int, _ ty: Int) -> Double {
                guard tx >= 0, ty >= 0, tx < icon.width, ty < icon.height else { return 0 }
                return Double(UnsafeRawPointer(source + (icon.y + ty) * sourceStride + (icon.x + tx) * 4).load(as: UInt32.self) >> 24) / 255
            }
            let out = cairo_image_surface_get_data(surface)!
            for j in 0..<h {
                let v = (Double(y0 + j) + 0.5 - origin.y) / k - 0.5
                let ty = Int(saturating: v.rounded(.down)), fy = v - v.rounded(.down)
                let target = UnsafeMutableRawPointer(out + j * stride)
                for i in 0..<w {
                    let u = (Double(x0 + i) + 0.5 - origin.x) / k - 0.5
                    let tx = Int(saturating: u.rounded(.down)), fx = u - u.rounded(.down)
                    let d = (distance(tx, ty) * (1 - fx) + distance(tx + 1, ty) * fx) * (1 - fy)
                        + (distance(tx, ty + 1) * (1 - fx) + distance(tx + 1, ty + 1) * fx) * fy
                    target.storeBytes(of: shader.pixel(d), toByteOffset: i * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return (surface, x0, y0)
    }
}
