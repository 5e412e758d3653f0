import CCairo
import Foundation
import MapsnapStyle
import MapsnapFormats

/// How an SDF icon is coloured: `icon-color`, and a halo (`icon-halo-*`).
struct SDFTint {
    var color: Color
    var haloColor: Color
    var haloWidth: Double
    var haloBlur: Double
}

extension SpriteSheet {
    /// The icon's pixels shaded as MapLibre's SDF shader does: alpha is the distance field, the
    /// edge at 0.75 with a smooth step of 0.105 device pixels over the icon's scale; the halo
    /// reaches `haloWidth` points further out (its edge softened by the blur), under the fill.
    func sdfSurface(_ icon: Icon, _ tint: SDFTint, size: Double, pixelRatio: Double) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(icon.width), Int32(icon.height)) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let scale = max(size, 0.01), edgeGamma = 0.105 / pixelRatio
        let fillGamma = edgeGamma / scale
        let haloGamma = (tint.haloBlur * 1.19 / 8 + edgeGamma) / scale
        let haloBuffer = (6 - tint.haloWidth / scale) / 8
        let drawHalo = tint.haloWidth > 0 && tint.haloColor.a > 0
        func step(_ buffer: Double, _ gamma: Double, _ d: Double) -> Double {
            let t = min(max((d - (buffer - gamma)) / (2 * gamma), 0), 1)
            return t * t * (3 - 2 * t)
        }
        image.withPixels { source, sourceStride in
            let out = cairo_image_surface_get_data(surface)!
            for y in 0..<icon.height {
                let row = UnsafeRawPointer(source + (icon.y + y) * sourceStride + icon.x * 4)
                let target = UnsafeMutableRawPointer(out + y * stride)
                for x in 0..<icon.width {
                    let d = Double(row.load(fromByteOffset: x * 4, as: UInt32.self) >> 24) / 255
                    var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                    if drawHalo {
                        let h = step(haloBuffer, haloGamma, d) * tint.haloColor.a
                        r = tint.haloColor.r * h; g = tint.haloColor.g * h; b = tint.haloColor.b * h; a = h
                    }
                    let f = step(0.75, fillGamma, d) * tint.color.a
                    r = tint.color.r * f + r * (1 - f); g = tint.color.g * f + g * (1 - f)
                    b = tint.color.b * f + b * (1 - f); a = f + a * (1 - f)
                    func byte(_ v: Double) -> UInt32 { min(UInt32(saturating: v * 255 + 0.5), 255) }
                    target.storeBytes(of: byte(a) << 24 | byte(r) << 16 | byte(g) << 8 | byte(b), toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
