import MapsnapGeo

/// One box a symbol tried in the collision index (screen points, padding included).
struct CollisionDebugBox {
    let box: Rect
    /// Placed (drawn blue) or refused (red).
    let placed: Bool
}

/// One circle of a line label in the collision index (screen points, padding included).
struct CollisionDebugCircle {
    let circle: CollisionCircle
    /// Placed (drawn blue) or its label collided (red).
    let placed: Bool
}

/// What one symbol layer's symbols tried in the collision index.
struct CollisionDebugShapes {
    var boxes: [CollisionDebugBox] = []
    var circles: [CollisionDebugCircle] = []
}

/// Draws the collision boxes and circles of a symbol layer over it, as MapLibre's
/// `showCollisionBoxes` does. Boxes: one-pixel outlines, blue (premultiplied 0, 0, ½, ¼) where
/// the symbol was placed and red (½, 0, 0, ½) where it collided, blended once per pixel of each
/// box. Circles, after the boxes: rings of the same colours, as MapLibre's collision-circle
/// shader draws them (full strength on the circle, fading out within 0.9 points of it). Shows
/// why a label is missing: its red shapes and the blue ones they hit.
enum CollisionDebugPainter {
    static func draw(_ shapes: CollisionDebugShapes, in frame: RenderFrame) {
        guard !shapes.boxes.isEmpty || !shapes.circles.isEmpty else { return }
        let ratio = frame.canvas.pixelRatio
        frame.canvas.withPixelLayer { image in
            draw(shapes.boxes, ratio: ratio, into: image)
            draw(shapes.circles, ratio: ratio, into: image)
        }
    }

    /// Premultiplied colours (0…255) of MapLibre's debug shapes.
    private static func color(placed: Bool) -> (r: Double, g: Double, b: Double, a: Double) {
        placed ? (0, 0, 127.5, 63.75) : (127.5, 0, 0, 127.5)
    }

    private static func draw(_ circles: [CollisionDebugCircle], ratio: Double, into image: RasterImage) {
        guard !circles.isEmpty else { return }
        let (width, height) = (image.pixelWidth, image.pixelHeight)
        let stroke = 0.9
        image.withMutablePixels { data, stride in
            for c in circles {
                let (center, radius) = (c.circle.center, c.circle.radius)
                // MapLibre's quad reaches 1.2 radii from the centre.
                let reach = radius * 1.2
                guard center.x.isFinite, center.y.isFinite, reach.isFinite,
                      center.x + reach >= 0, center.y + reach >= 0,
                      (center.x - reach) * ratio < Double(width), (center.y - reach) * ratio < Double(height) else { continue }
                let x0 = max(Int(((center.x - reach) * ratio).rounded(.down)), 0)
                let x1 = min(Int(((center.x + reach) * ratio).rounded(.up)), width - 1)
                let y0 = max(Int(((center.y - reach) * ratio).rounded(.down)), 0)
                let y1 = min(Int(((center.y + reach) * ratio).rounded(.up)), height - 1)
                guard x0 <= x1, y0 <= y1 else { continue }
                let color = color(placed: c.placed)
                for y in y0...y1 {
                    let py = (Double(y) + 0.5) / ratio - center.y
                    guard abs(py) <= reach else { continue }
                    for x in x0...x1 {
                        let px = (Double(x) + 0.5) / ratio - center.x
                        guard abs(px) <= reach else { continue }
                        let edge = abs((px * px + py * py).squareRoot() - radius)
                        guard edge < stroke else { continue }
                        let t = (stroke - edge) / stroke
                        let opacity = t * t * (3 - 2 * t)
                        // Cairo's ARGB32 in memory on a little-endian machine: B, G, R, A.
                        let p = data + y * stride + x * 4
                        let keep = 1 - color.a * opacity / 255
                        func mix(_ i: Int, _ v: Double) { p[i] = UInt8(min(255, (v * opacity + Double(p[i]) * keep).rounded())) }
                        mix(0, color.b); mix(1, color.g); mix(2, color.r); mix(3, color.a)
                    }
                }
            }
        }
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
