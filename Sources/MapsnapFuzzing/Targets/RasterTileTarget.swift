import Foundation
import MapsnapRender

extension FuzzTarget {
    /// Raster tile bytes (PNG, JPEG, WebP) decoded as `raster` layers decode them, then a
    /// corner pixel read.
    static let rasterTile = FuzzTarget("raster-tile", "raster tile decoder (RasterTileImage.decode: PNG, JPEG, WebP)") { data in
        FuzzVerdict.of {
            let image = try RasterTileImage.decode(data)
            let (pixels, stride) = image.pixels
            _ = pixels[(image.height - 1) * stride + (image.width - 1) * 4]
        }
    }
}
