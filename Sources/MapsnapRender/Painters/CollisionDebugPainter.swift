import MapsnapGeo

/// One box a symbol tried in the collision index (screen points, padding included).
struct CollisionDebugBox {
    let box: Rect
    /// Placed (drawn blue) or refused (red).
    let placed: Bool
}

/// Draws the collision boxes of a symbol layer over it, as MapLibre's `showCollisionBoxes` does:
/// one-pixel outlines, blue (premultiplied 0, 0, ½, ¼) where the symbol was placed and red
/// (½, 0, 0, ½) where it collided, blended once per pixel of each box. Shows why a label is
/// missing: its red box and the blue one it hit.
enum CollisionDebugPainter {
    static func draw(_ boxes: [CollisionDebugBox], in frame: RenderFrame) {
        guard !boxes.isEmpty else { return }
        let ratio = frame.canvas.pixelRatio
        frame.canvas.withPixelLayer { image in draw(boxes, ratio: ratio, into: image) }
    }

    private static func draw(_ boxes: [CollisionDebugBox], ratio: Double, into image: RasterImage) {
        let (width, height) = (image.pixelWidth, image.pixelHeight)
        image.withMutablePixels { data, stride in
            for b in boxes {
                // Device pixels holding the outline: each edge in the pixel its coordinate falls in.
                let limit = Double(1 << 24)
                func pixel(_ v: Double) -> Int? { v.isFinite && abs(v) < limit ? Int((v * ratio).rounded(.down)) : nil }
                guard let x0 = pixel(b.box.minX), let x1 = pixel(b.box.maxX), let y0 = pixel(b.box.minY),
                      let y1 = pixel(b.box.maxY), x0 <= x1, y0 <= y1 else { continue }
                let color: (r: UInt32, g: UInt32, b: UInt32, a: UInt32) = b.placed ? (0, 0, 128, 64) : (128, 0, 0, 128)
                func blend(_ x: Int, _ y: Int) {
                    guard x >= 0, y >= 0, x < width, y < height else { return }
                    // Cairo's ARGB32 in memory on a little-endian machine: B, G, R, A.
                    let p = data + y * stride + x * 4
                    let keep = 255 - color.a
                    func mix(_ i: Int, _ c: UInt32) { p[i] = UInt8(min(255, c + (UInt32(p[i]) * keep + 127) / 255)) }
                    mix(0, color.b); mix(1, color.g); mix(2, color.r); mix(3, color.a)
                }
                // Only the part on the image is walked (a box may reach far beyond it).
                let (left, right, top, bottom) = (max(x0, 0), min(x1, width - 1), max(y0, 0), min(y1, height - 1))
                guard left <= right, top <= bottom else { continue }
                for x in left...right { blend(x, y0); if y1 != y0 { blend(x, y1) } }
                for y in top...bottom where y != y0 && y != y1 { blend(x0, y); if x1 != x0 { blend(x1, y) } }
            }
        }
    }
}
