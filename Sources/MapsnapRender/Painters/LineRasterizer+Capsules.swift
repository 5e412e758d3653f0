import MapsnapFormats
import MapsnapGeo

extension LineRasterizer {
    /// A solid line with round joins and caps as the union of its segments, each a round-capped
    /// capsule (`TrackPainter`'s opaque tracks: exact joins however short and noisy the segments).
    /// Each pixel's alpha is the line shader's (`Shade`): full within the half width, fading over
    /// one device pixel at the edge. A capsule covers the pixels within reach of its segment and,
    /// but for the first, not those behind its start, which the previous one's end cap covers:
    /// the pixels MapLibre-style triangles of the same capsules would shade, found row by row from
    /// the capsule's outline instead (about a third of the time for a dense track, whose
    /// triangles are a few pixels tall).
    /// `closed`: the line ends where it starts (a ring), so its last capsule's end cap covers the
    /// start and the first capsule has none either.
    func drawRoundCapsules(_ line: ArraySlice<Point>, color: Color, width: Double, clip: Clip, closed: Bool = false,
                           into data: UnsafeMutablePointer<UInt8>, stride: Int) {
        guard line.count >= 2, width > 0, color.a > 0, clip.minX < clip.maxX, clip.minY < clip.maxY else { return }
        let s = pixelRatio
        let radius = width / 2 * s
        let reach = radius + 0.5, reach2 = reach * reach
        let inner = max(radius - 0.5, 0), inner2 = inner * inner
        let shade = Shade(r: color.r * color.a, g: color.g * color.a, b: color.b * color.a, a: color.a, opacity: 1,
                          inset: 0, outset: width / 2 + 1 / s / 2, blur2: 1 / s, dash: nil, dashGamma: 1 / s)
        var first = !closed
        var previous = line[line.startIndex]
        for next in line.dropFirst() where next != previous {
            defer { previous = next; first = false }
            let a = Point(x: previous.x * s, y: previous.y * s), b = Point(x: next.x * s, y: next.y * s)
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0, length.isFinite else { continue }
            let ux = dx / length, uy = dy / length
            let top = max(Int(saturating: (min(a.y, b.y) - reach - 0.5).rounded(.up)), clip.minY)
            let bottom = min(Int(saturating: (max(a.y, b.y) + reach - 0.5).rounded(.up)), clip.maxY)
            guard top < bottom else { continue }
            let outline = CapsuleOutline(a, b, ux: ux, uy: uy, length: length, reach: reach)
            for y in top..<bottom {
                let yc = Double(y) + 0.5, py = yc - a.y
                guard let (left, right) = outline.span(atRow: yc) else { continue }
                let x0 = max(Int(saturating: (left - 0.5).rounded(.up)), clip.minX)
                let x1 = min(Int(saturating: (right - 0.5).rounded(.up)), clip.maxX)
                guard x0 < x1 else { continue }
                let row = UnsafeMutableRawPointer(data + y * stride)
                // Pixels from `start` to `end`, each shaded by its distance to the segment.
                func shadePixels(_ start: Int, _ end: Int) {
                    guard start < end else { return }
                    // Along the segment and across it (the normal is (-uy, ux)), stepped per pixel.
                    let px = Double(start) + 0.5 - a.x
                    var along = px * ux + py * uy
                    var across = py * ux - px * uy
                    for x in start..<end {
                        defer { along += ux; across -= uy }
                        let d2: Double
                        if along < 0 {
                            guard first else { continue }
                            d2 = along * along + across * across
                        } else if along > length {
                            d2 = (along - length) * (along - length) + across * across
                        } else {
                            d2 = across * across
                        }
                        guard d2 < reach2 else { continue }
                        if d2 <= inner2 && shade.coversOpaque {
                            row.storeBytes(of: shade.opaque, toByteOffset: x * 4, as: UInt32.self)
                            continue
                        }
                        let v = reach - d2.squareRoot()
                        let alpha = v >= 1 ? 1 : v
                        if alpha >= 1 && shade.coversOpaque {
                            row.storeBytes(of: shade.opaque, toByteOffset: x * 4, as: UInt32.self)
                        } else if alpha > 0 {
                            let dst = row.load(fromByteOffset: x * 4, as: UInt32.self)
                            row.storeBytes(of: shade.blend(alpha, over: dst), toByteOffset: x * 4, as: UInt32.self)
                        }
                    }
                }
                // Most of a row lies well inside the band along the segment, fully covered: those
                // pixels are set without working out their distance (a hair inside the limit, so
                // that they are exactly the ones the distance would make opaque).
                var fill = x1..<x1
                if shade.coversOpaque, inner > 0, let (l, r) = outline.bandSpan(atRow: yc, halfWidth: inner - 1e-6, inset: 1e-6) {
                    let from = max(Int(saturating: (l - 0.5).rounded(.up)), x0), to = min(Int(saturating: (r - 0.5).rounded(.up)), x1)
                    if from < to { fill = from..<to }
                }
                shadePixels(x0, fill.lowerBound)
                for x in fill { row.storeBytes(of: shade.opaque, toByteOffset: x * 4, as: UInt32.self) }
                shadePixels(fill.upperBound, x1)
            }
        }
    }

    /// A segment's capsule grown by `reach`, set up to find where rows cross it: the union of
    /// the discs at its ends and the band along it (|across| < reach, 0 <= along <= length,
    /// each linear in x along a row).
    private struct CapsuleOutline {
        let a: Point, b: Point
        let ux: Double, uy: Double, length: Double, reach: Double
        /// dx per unit of `across` and of `along` on a row (nil: constant along a row).
        let xPerAcross: Double?, xPerAlong: Double?

        init(_ a: Point, _ b: Point, ux: Double, uy: Double, length: Double, reach: Double) {
            (self.a, self.b, self.ux, self.uy, self.length, self.reach) = (a, b, ux, uy, length, reach)
            xPerAcross = abs(uy) < 1e-12 ? nil : -1 / uy
            xPerAlong = abs(ux) < 1e-12 ? nil : 1 / ux
        }

        /// Where the row at `y` crosses the outline, nil when it misses.
        @inline(__always)
        func span(atRow y: Double) -> (Double, Double)? {
            var left = Double.infinity, right = -Double.infinity
            @inline(__always) func disc(_ c: Point) {
                let h = y - c.y
                let w2 = reach * reach - h * h
                if w2 > 0 {
                    let w = w2.squareRoot()
                    left = min(left, c.x - w); right = max(right, c.x + w)
                }
            }
            disc(a)
            disc(b)
            if let (bandLeft, bandRight) = bandSpan(atRow: y, halfWidth: reach) {
                left = min(left, bandLeft); right = max(right, bandRight)
            }
            return left < right ? (left, right) : nil
        }

        /// Where the row at `y` crosses the band within `halfWidth` of the segment's line and
        /// `inset` inside its ends (`|across| < halfWidth`, `inset < along < length - inset`).
        @inline(__always)
        func bandSpan(atRow y: Double, halfWidth: Double, inset: Double = 0) -> (Double, Double)? {
            let py = y - a.y
            var bandLeft = -Double.infinity, bandRight = Double.infinity
            @inline(__always) func constrain(_ perUnit: Double?, _ offset: Double, _ low: Double, _ high: Double) {
                // low < offset + (x - a.x) / perUnit < high
                guard let perUnit else {
                    if !(offset > low && offset < high) { bandLeft = .infinity; bandRight = -.infinity }
                    return
                }
                let x1 = a.x + (low - offset) * perUnit, x2 = a.x + (high - offset) * perUnit
                bandLeft = max(bandLeft, min(x1, x2)); bandRight = min(bandRight, max(x1, x2))
            }
            constrain(xPerAcross, py * ux, -halfWidth, halfWidth)
            constrain(xPerAlong, py * uy, inset, length - inset)
            return bandLeft < bandRight ? (bandLeft, bandRight) : nil
        }
    }
}
