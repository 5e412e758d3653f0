import MapsnapGeo

/// MapLibre's `showPadding` guides (`drawDebugPadding`), which tests ask for: a 3-point line at
/// each padded edge (top red, bottom green, left blue, right magenta) and a cyan cross at the
/// center, each cleared onto the image through a GL scissor rectangle (origin bottom left,
/// device pixels truncated as WebGL truncates them).
enum PaddingDebug {
    static func draw(_ camera: Camera, on image: inout RGBAImage) {
        let (w, h) = (Double(camera.size.width), Double(camera.size.height))
        let p = camera.padding, line = 3.0
        func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ color: (UInt8, UInt8, UInt8)) {
            clear(x, y, width, height, color, ratio: camera.pixelRatio, on: &image)
        }
        rect(0, h - p.top + line / 2, w, line, (255, 0, 0))
        rect(0, p.bottom + line / 2, w, line, (0, 255, 0))
        rect(p.left - line / 2, 0, line, h, (0, 0, 255))
        rect(w - p.right - line / 2, 0, line, h, (255, 0, 255))
        let center = camera.screenCenter
        let (x, y) = (center.x, h - center.y), size = 20.0, width = 2.0
        rect(x - width / 2, y - size / 2, width, size, (0, 255, 255))
        rect(x - size / 2, y - width / 2, size, width, (0, 255, 255))
    }

    private static func clear(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ color: (UInt8, UInt8, UInt8),
                              ratio: Double, on image: inout RGBAImage) {
        let values = [x, y, width, height].map { $0 * ratio }
        guard values.allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else { return }
        let (x0, y0, w, h) = (Int(values[0]), Int(values[1]), Int(values[2]), Int(values[3]))
        let (rows, cols) = (max(y0, 0)..<max(min(y0 + h, image.height), max(y0, 0)), max(x0, 0)..<max(min(x0 + w, image.width), max(x0, 0)))
        for glRow in rows {
            let row = image.height - 1 - glRow
            for col in cols {
                let i = (row * image.width + col) * 4
                image.pixels[i] = color.0; image.pixels[i + 1] = color.1; image.pixels[i + 2] = color.2; image.pixels[i + 3] = 255
            }
        }
    }
}
