import Foundation
@testable import MapsnapRender

/// A one-icon sprite (pixel ratio 1) written to a temporary folder: `name`, `size`×`size`
/// premultiplied ARGB pixels from `pixel(x, y)`, `sdf` in its index entry when set.
enum SpriteFixture {
    static func sheet(name: String, size: Int, sdf: Bool? = nil, pixel: (Int, Int) -> UInt32) throws -> SpriteSheet {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-sprite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let image = try RasterImage(pixelWidth: size, pixelHeight: size)
        image.withMutablePixels { data, stride in
            for y in 0..<size {
                for x in 0..<size { UnsafeMutableRawPointer(data + y * stride + x * 4).storeBytes(of: pixel(x, y), as: UInt32.self) }
            }
        }
        try image.pngData().write(to: folder.appendingPathComponent("s.png"))
        let sdfField = sdf.map { #", "sdf": \#($0)"# } ?? ""
        try Data(#"{"\#(name)": {"x": 0, "y": 0, "width": \#(size), "height": \#(size), "pixelRatio": 1\#(sdfField)}}"#.utf8)
            .write(to: folder.appendingPathComponent("s.json"))
        return try SpriteSheet(base: folder.appendingPathComponent("s").path, pixelRatio: 1)
    }
}
