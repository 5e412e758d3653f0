import Foundation
import MapsnapRender

extension FuzzTarget {
    /// PNG bytes read as sprite sheets and icon images are (`RasterImage(pngFile:)`, Cairo's
    /// reader), then sampled and, when small, encoded again.
    static let png = FuzzTarget("png", "PNG loader (RasterImage(pngFile:)) and re-encoding") { data in
        ScratchFolder.with { folder in
            FuzzVerdict.of {
                let file = folder.appendingPathComponent("input.png")
                try data.write(to: file)
                let image = try RasterImage(pngFile: file.path)
                let (w, h) = (image.pixelWidth, image.pixelHeight)
                guard w > 0, h > 0 else { return }
                _ = image.rgba(x: 0, y: 0)
                _ = image.rgba(x: w - 1, y: h - 1)
                _ = image.uniformPixel(x: 0, y: 0, width: w, height: h)
                if w * h <= 1 << 20 { _ = try image.pngData(compression: .fast) }
            }
        }
    }
}
