import Foundation
import Testing
@testable import MapsnapRender
import CCairo
import MapsnapStyle

/// SDF icons: a distance field in the sprite's alpha, drawn in the style's colour with a halo.
@Suite struct SDFIconTests {
    /// A 16×16 sprite whose alpha falls from the centre outwards (0.75 at 4 px from it).
    func sprite() throws -> SpriteSheet {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-sdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let image = try RasterImage(pixelWidth: 16, pixelHeight: 16)
        image.withMutablePixels { data, stride in
            for y in 0..<16 {
                for x in 0..<16 {
                    let r = ((Double(x) + 0.5 - 8) * (Double(x) + 0.5 - 8) + (Double(y) + 0.5 - 8) * (Double(y) + 0.5 - 8)).squareRoot()
                    let a = UInt32(max(0, min(255, (0.75 + (4 - r) / 16) * 255)))
                    UnsafeMutableRawPointer(data + y * stride + x * 4).storeBytes(of: a << 24, as: UInt32.self)
                }
            }
        }
        try image.pngData().write(to: folder.appendingPathComponent("s.png"))
        try Data(#"{"dot": {"x": 0, "y": 0, "width": 16, "height": 16, "pixelRatio": 1, "sdf": true}}"#.utf8)
            .write(to: folder.appendingPathComponent("s.json"))
        return try SpriteSheet(base: folder.appendingPathComponent("s").path, pixelRatio: 1)
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
