extension LineRasterizer {
    /// `line-pattern` as MapLibre's line-pattern shader draws it: the sprite image scaled to the
    /// line's width (its height across the line, its width in proportion) repeats along the line
    /// from its first point. MapLibre samples the image with the one-texel padding its atlas keeps
    /// around each pattern, which repeats the opposite edge: texels are sampled bilinearly over the
    /// image grown by one pixel on each side, wrapping.
    struct Pattern {
        /// Premultiplied ARGB32, row by row.
        let texels: [UInt32]
        let width: Int, height: Int
        /// The image's size in points.
        let pointWidth: Double, pointHeight: Double

        init?(_ icon: SpriteSheet.Icon, in sheet: SpriteSheet) {
            guard icon.width > 0, icon.height > 0, icon.pixelRatio > 0 else { return nil }
            (width, height) = (icon.width, icon.height)
            (pointWidth, pointHeight) = (icon.pointWidth, icon.pointHeight)
            var texels = [UInt32](repeating: 0, count: icon.width * icon.height)
            sheet.image.withPixels { data, stride in
                for y in 0..<icon.height {
                    let row = UnsafeRawPointer(data + (icon.y + y) * stride + icon.x * 4)
                    for x in 0..<icon.width { texels[y * icon.width + x] = row.load(fromByteOffset: x * 4, as: UInt32.self) }
                }
            }
            self.texels = texels
        }

        /// The colour (premultiplied, 0...255 per channel) at `u`, `v` (0...1) across the padded
        /// image.
        @inline(__always) func sample(_ u: Double, _ v: Double) -> (a: Double, r: Double, g: Double, b: Double) {
            let x = u * Double(width + 2) - 1.5, y = v * Double(height + 2) - 1.5
            let fx = x.rounded(.down), fy = y.rounded(.down)
            let tx = x - fx, ty = y - fy
            let x0 = Self.wrap(fx, width), x1 = x0 + 1 == width ? 0 : x0 + 1
            let y0 = Self.wrap(fy, height), y1 = y0 + 1 == height ? 0 : y0 + 1
            let p00 = texels[y0 * width + x0], p10 = texels[y0 * width + x1]
            let p01 = texels[y1 * width + x0], p11 = texels[y1 * width + x1]
            let w00 = (1 - tx) * (1 - ty), w10 = tx * (1 - ty), w01 = (1 - tx) * ty, w11 = tx * ty
            @inline(__always) func channel(_ shift: UInt32) -> Double {
                Double((p00 >> shift) & 0xff) * w00 + Double((p10 >> shift) & 0xff) * w10
                    + Double((p01 >> shift) & 0xff) * w01 + Double((p11 >> shift) & 0xff) * w11
            }
            return (channel(24), channel(16), channel(8), channel(0))
        }

        /// `i` (a whole number) modulo `n`, in 0..<n; a huge or NaN `i` gives 0.
        @inline(__always) private static func wrap(_ i: Double, _ n: Int) -> Int {
            let r = i.truncatingRemainder(dividingBy: Double(n))
            guard r.isFinite else { return 0 }
            let k = Int(r < 0 ? r + Double(n) : r)
            return k >= n ? 0 : k
        }

        /// `sampled` (premultiplied 0...255) times `alpha` over the premultiplied pixel `dst`.
        @inline(__always) static func blend(_ s: (a: Double, r: Double, g: Double, b: Double), _ alpha: Double,
                                            over dst: UInt32) -> UInt32 {
            let keep = 1 - s.a * alpha / 255
            @inline(__always) func mix(_ src: Double, _ shift: UInt32) -> UInt32 {
                UInt32(min(src * alpha + Double((dst >> shift) & 0xff) * keep + 0.5, 255))
            }
            return mix(s.a, 24) << 24 | mix(s.r, 16) << 16 | mix(s.g, 8) << 8 | mix(s.b, 0)
        }
    }
}
