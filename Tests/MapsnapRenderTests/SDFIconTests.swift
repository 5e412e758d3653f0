import Foundation
import Testing
import MapsnapFormats
@testable import MapsnapRender
import CCairo

/// SDF icons: a distance field in the sprite's alpha, drawn in the style's colour with a halo.
@Suite struct SDFIconTests {
    /// A 16×16 sprite whose alpha falls from the centre outwards (0.75 at 4 px from it).
    func sprite() throws -> SpriteSheet {
        try SpriteFixture.sheet(name: "dot", size: 16, sdf: true) { x, y in
            let r = ((Double(x) + 0.5 - 8) * (Double(x) + 0.5 - 8) + (Double(y) + 0.5 - 8) * (Double(y) + 0.5 - 8)).squareRoot()
            return UInt32(max(0, min(255, (0.75 + (4 - r) / 16) * 255))) << 24
        }
    }

    @Test func fillInTheIconColourHaloAroundIt() throws {
        let sheet = try sprite()
        let icon = try #require(sheet.icons["dot"])
        let red = Color(r: 1, g: 0, b: 0, a: 1), white = Color(r: 1, g: 1, b: 1, a: 1)
        let surface = try #require(sheet.sdfSurface(icon, SDFTint(color: red, haloColor: white, haloWidth: 2, haloBlur: 0),
                                                    size: 1, pixelRatio: 1))
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        func pixel(_ x: Int, _ y: Int) -> UInt32 { UnsafeRawPointer(data + y * stride + x * 4).load(as: UInt32.self) }
        #expect(pixel(8, 8) == 0xffff_0000)            // the centre: opaque red
        let halo = pixel(8, 8 - 6)                     // 5.5 px out: in the halo, (almost) white
        #expect(halo >> 24 == 255 && (halo >> 8) & 0xff > 240)
        #expect(pixel(0, 0) >> 24 == 0)                // the corner: nothing
    }
}
