import MapsnapTiles

/// A signed distance field from an anti-aliased coverage bitmap, with the parameters MapLibre's
/// glyphs are made with: a `border`-pixel margin, distances up to `radius` pixels each way, the
/// outline at `cutoff` of the range (255 − 255·(d / radius + cutoff): 192 on the outline, higher
/// inside). Exact squared Euclidean distances (Felzenszwalb and Huttenlocher's lower envelope of
/// parabolas, by rows then columns), each pixel's coverage giving its sub-pixel edge.
enum DistanceField {
    static let border = SDFGlyph.border
    static let radius = 8.0
    static let cutoff = 0.25

    /// `coverage` is `width`×`height`, row-major, 0...255; the result is (width + 2·border) ×
    /// (height + 2·border).
    static func make(coverage: [UInt8], width: Int, height: Int) -> [UInt8] {
        let w = width + 2 * border, h = height + 2 * border
        let far = 1e20
        var outer = [Double](repeating: far, count: w * h)   // squared distance to ink, outside it
        var inner = [Double](repeating: 0, count: w * h)     // squared distance to no ink, inside it
        for y in 0..<height {
            for x in 0..<width {
                let a = Double(coverage[y * width + x]) / 255
                let i = (y + border) * w + x + border
                if a >= 1 {
                    outer[i] = 0; inner[i] = far
                } else if a > 0 {
                    // An edge pixel: the outline crosses it where coverage is one half.
                    let d = 0.5 - a
                    outer[i] = d > 0 ? d * d : 0
                    inner[i] = d < 0 ? d * d : 0
                }
            }
        }
        transform(&outer, width: w, height: h)
        transform(&inner, width: w, height: h)
        var out = [UInt8](repeating: 0, count: w * h)
        for i in 0..<(w * h) {
            let d = outer[i].squareRoot() - inner[i].squareRoot()
            let v = (255 - 255 * (d / radius + cutoff)).rounded()
            out[i] = UInt8(max(0, min(255, v)))
        }
        return out
    }

    /// Squared distance transform in place, over rows then columns.
    private static func transform(_ grid: inout [Double], width: Int, height: Int) {
        let n = max(width, height)
        var f = [Double](repeating: 0, count: n), d = [Double](repeating: 0, count: n)
        var v = [Int](repeating: 0, count: n), z = [Double](repeating: 0, count: n + 1)
        for x in 0..<width {
            for y in 0..<height { f[y] = grid[y * width + x] }
            line(f, count: height, into: &d, v: &v, z: &z)
            for y in 0..<height { grid[y * width + x] = d[y] }
        }
        for y in 0..<height {
            for x in 0..<width { f[x] = grid[y * width + x] }
            line(f, count: width, into: &d, v: &v, z: &z)
            for x in 0..<width { grid[y * width + x] = d[x] }
        }
    }

    /// One dimension: d[q] = min over p of (q − p)² + f[p].
    private static func line(_ f: [Double], count: Int, into d: inout [Double], v: inout [Int], z: inout [Double]) {
        guard count > 0 else { return }
        var k = 0
        v[0] = 0
        z[0] = -.infinity
        z[1] = .infinity
        for q in 1..<max(count, 1) where q < count {
            var s: Double
            repeat {
                let p = v[k]
                s = ((f[q] + Double(q * q)) - (f[p] + Double(p * p))) / Double(2 * q - 2 * p)
                if s <= z[k] { k -= 1 } else { break }
            } while k >= 0
            k += 1
            v[k] = q
            z[k] = s
            z[k + 1] = .infinity
        }
        k = 0
        for q in 0..<count {
            while z[k + 1] < Double(q) { k += 1 }
            let p = v[k]
            d[q] = Double((q - p) * (q - p)) + f[p]
        }
    }
}
