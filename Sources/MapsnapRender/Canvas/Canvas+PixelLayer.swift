import CCairo

extension Canvas {
    /// Runs a painter that shades device pixels itself (MapLibre's line shader for patterns and
    /// gradients, collision boxes). On a raster canvas it draws straight into the image, as it
    /// always did. A vector target has no pixels: the painter draws into a transparent bitmap of
    /// the canvas at the pixel ratio, and the part it drew on is placed as one embedded image.
    func withPixelLayer(_ body: (RasterImage) -> Void) {
        if let image {
            body(image)
            return
        }
        guard let layer = try? RasterImage(pixelWidth: pixelWidth, pixelHeight: pixelHeight) else { return }
        body(layer)
        guard let box = layer.drawnBounds(), let drawn = try? layer.cropped(box) else { return }
        layOver(drawn, x: box.x, y: box.y)
    }

    /// Lays `layer`, a transparent image at the device resolution, over the canvas pixel for
    /// pixel (premultiplied OVER), its top left corner at device pixel (`x`, `y`).
    func layOver(_ layer: RasterImage, x: Int = 0, y: Int = 0) {
        withSavedState {
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, layer.surface, Double(x), Double(y))
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
            cairo_paint(cr)
        }
    }
}

extension RasterImage {
    /// The smallest rectangle holding every pixel that is not fully transparent; nil when none is.
    func drawnBounds() -> (x: Int, y: Int, width: Int, height: Int)? {
        withPixels { data, stride in
            var minX = pixelWidth, minY = pixelHeight, maxX = -1, maxY = -1
            for y in 0..<pixelHeight {
                let row = UnsafeRawPointer(data + y * stride)
                var first = -1, last = -1
                for x in 0..<pixelWidth where row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) != 0 {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                minX = min(minX, first); maxX = max(maxX, last)
                if minY > y { minY = y }
                maxY = y
            }
            return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
        }
    }

    /// A copy of a rectangle of this image (device pixels).
    func cropped(_ r: (x: Int, y: Int, width: Int, height: Int)) throws(RenderError) -> RasterImage {
        let out = try RasterImage(pixelWidth: r.width, pixelHeight: r.height)
        let cr = cairo_create(out.surface)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, Double(-r.x), Double(-r.y))
        cairo_paint(cr)
        cairo_destroy(cr)
        return out
    }
}
