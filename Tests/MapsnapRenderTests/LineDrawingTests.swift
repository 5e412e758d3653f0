import Testing
import MapsnapFormats
@testable import MapsnapRender
@testable import MapsnapStyle
@testable import MapsnapGeo

/// MapLibre-style lines: the strip's geometry and the pixels the rasterizer writes.
@Suite struct LineDrawingTests {
    func strip(_ points: [Point], join: LineJoin = .miter, cap: LineCap = .butt, polygon: Bool = false) -> LineStrip {
        LineStrip(points, polygon: polygon, join: join, cap: cap, miterLimit: 2, roundLimit: 1.05)
    }

    @Test func straightLineIsOneQuad() {
        let s = strip([Point(x: 0, y: 0), Point(x: 10, y: 0)])
        #expect(s.vertices.count == 4)
        #expect(s.triangles.count == 2)
        // Extrusions are the unit normal, one per side.
        #expect(s.vertices.map(\.extrude.y) == [1, -1, 1, -1])
    }

    @Test func rightAngleMiterSharesOneVertexPairAtTheCorner() {
        let s = strip([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])
        // Start, corner, end: three pairs; the corner's extrusion is the miter (length √2).
        #expect(s.vertices.count == 6)
        let corner = s.vertices[2].extrude
        #expect(abs(corner.length - 2.0.squareRoot()) < 1e-9)
    }

    @Test func sharpCornerBecomesAFlipBevelAndGetsExtraVertices() {
        // A 160° turn with long arms: extra pairs 15 pt either side, two pairs at the corner.
        let s = strip([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 6, y: 34)])
        #expect(s.vertices.count == 2 * (1 + 1 + 2 + 1 + 1))
    }

    @Test func sharpCornerVerticesSnapToTheTileGrid() {
        // Overzoomed so far that a grid unit is a point: the step 15 pt down the slanted arm
        // (0.38, 14.99) rounds to (0, 15), as MapLibre rounds it, and bends the arm there.
        let grid = LineStrip.SharpCorners(offset: 15, unitX: Point(x: 1, y: 0), unitY: Point(x: 0, y: 1))
        let s = LineStrip([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 102, y: 78)], polygon: false, join: .miter,
                          cap: .butt, miterLimit: 2, roundLimit: 1.05, corners: grid)
        #expect(s.vertices.contains { $0.position == Point(x: 100, y: 15) })
        #expect(s.vertices.contains { $0.position == Point(x: 85, y: 0) })
        let unsnapped = strip([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 102, y: 78)])
        #expect(!unsnapped.vertices.contains { $0.position == Point(x: 100, y: 15) })
    }

    @Test func squareCapsReachHalfAWidthBeyondTheEnds() {
        let s = strip([Point(x: 0, y: 0), Point(x: 10, y: 0)], cap: .square)
        #expect(s.vertices[0].extrude.x == -1 && s.vertices[3].extrude.x == 1)
    }

    func render(_ s: LineStrip, width: Double, opacity: Double = 1, color: Color = .black) throws -> RasterImage {
        let image = try RasterImage(pixelWidth: 40, pixelHeight: 40)
        let r = LineRasterizer(image: image, pixelRatio: 1)
        r.draw(s, .init(color: color, opacity: opacity, width: width, gapWidth: 0, offset: 0, blur: 0),
               clip: .init(minX: 0, minY: 0, maxX: 40, maxY: 40, outline: nil))
        return image
    }

    @Test func horizontalLineCoversItsWidthAndFadesOverOnePixel() throws {
        // A 4 pt line along y = 20: the pixel rows whose centres are within 2 pt are full, the
        // next ones (centres 2.5 pt away, where MapLibre's fade ends) are empty.
        let crisp = try render(strip([Point(x: 5, y: 20), Point(x: 35, y: 20)]), width: 4)
        for y in 18...21 { #expect(crisp.rgba(x: 20, y: y).a == 255) }
        #expect(crisp.rgba(x: 20, y: 17).a == 0)
        #expect(crisp.rgba(x: 20, y: 22).a == 0)
        #expect(crisp.rgba(x: 3, y: 20).a == 0)   // butt cap: nothing before the start
        // Along y = 20.5 the edge falls on the centres of rows 18 and 22: half covered.
        let half = try render(strip([Point(x: 5, y: 20.5), Point(x: 35, y: 20.5)]), width: 4)
        #expect(abs(Int(half.rgba(x: 20, y: 18).a) - 128) <= 1)
        #expect(abs(Int(half.rgba(x: 20, y: 22).a) - 128) <= 1)
        #expect(half.rgba(x: 20, y: 20).a == 255)
    }

    @Test func translucentLineDarkensWhereItOverlapsItself() throws {
        // Up and straight back down: the two segments overlap and their alphas compound.
        let line = [Point(x: 20, y: 35), Point(x: 20, y: 5), Point(x: 20, y: 25)]
        let image = try render(strip(line, join: .bevel), width: 6, opacity: 0.5)
        let single = image.rgba(x: 20, y: 30).a, double = image.rgba(x: 20, y: 15).a
        #expect(abs(Int(single) - 128) <= 1)
        #expect(abs(Int(double) - 191) <= 2)
    }

    @Test func rotatedTileOutlineClipsAtPixelCentres() throws {
        let image = try RasterImage(pixelWidth: 40, pixelHeight: 40)
        let r = LineRasterizer(image: image, pixelRatio: 1)
        let clip = r.clip(tileCorners: [Point(x: 20, y: 0), Point(x: 40, y: 20), Point(x: 20, y: 40), Point(x: 0, y: 20)])
        r.draw(strip([Point(x: 0, y: 20), Point(x: 40, y: 20)]), .init(color: .black, opacity: 1, width: 6, gapWidth: 0, offset: 0, blur: 0),
               clip: clip)
        #expect(image.rgba(x: 20, y: 20).a == 255)
        #expect(image.rgba(x: 1, y: 17).a == 0)   // outside the diamond
    }

    /// Opaque tracks: segments as round-capped capsules (`drawRoundCapsules`).
    func capsules(_ points: [Point], width: Double, ratio: Double = 1, side: Int = 40,
                  rows: [Range<Int>]? = nil) throws -> RasterImage {
        let image = try RasterImage(pixelWidth: side, pixelHeight: side)
        let r = LineRasterizer(image: image, pixelRatio: ratio)
        image.withMutablePixels { data, stride in
            for band in rows ?? [0..<side] {
                r.drawRoundCapsules(points[...], color: .black, width: width,
                                    clip: .init(minX: 0, minY: band.lowerBound, maxX: side, maxY: band.upperBound), into: data, stride: stride)
            }
        }
        return image
    }

    @Test func roundCapsulesHaveRoundEndsAndFullJoints() throws {
        // Two segments meeting at a right angle, 6 pt wide, round caps and joins.
        let image = try capsules([Point(x: 10, y: 20), Point(x: 30, y: 20), Point(x: 30, y: 5)], width: 6)
        #expect(image.rgba(x: 8, y: 19).a == 255)    // the start cap reaches 3 pt before the start
        #expect(image.rgba(x: 5, y: 19).a == 0)
        #expect(image.rgba(x: 31, y: 21).a == 255)   // the joint's outer side is round and full
        #expect(image.rgba(x: 33, y: 23).a == 0)     // but not square
        #expect(image.rgba(x: 30, y: 3).a == 255)    // the end cap
    }

    /// Every pixel of one capsule has the line shader's alpha for its centre's distance to the
    /// segment: full within the half width, fading over one device pixel.
    @Test(arguments: [1.0, 2.0])
    func aCapsulesAlphaFollowsTheDistanceToItsSegment(_ ratio: Double) throws {
        let a = Point(x: 6.3, y: 9.1), b = Point(x: 14.8, y: 12.6), width = 5.0
        let side = Int(20 * ratio)
        let image = try capsules([a, b], width: width, ratio: ratio, side: side)
        let (ad, bd) = (Point(x: a.x * ratio, y: a.y * ratio), Point(x: b.x * ratio, y: b.y * ratio))
        for y in 0..<side {
            for x in 0..<side {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let d = bd - ad, t = min(max(((p - ad).x * d.x + (p - ad).y * d.y) / (d.x * d.x + d.y * d.y), 0), 1)
                let distance = (p - (ad + d * t)).length
                let expected = min(max(width / 2 * ratio + 0.5 - distance, 0), 1) * 255
                #expect(abs(Double(image.rgba(x: x, y: y).a) - expected) <= 1, "pixel \(x), \(y)")
            }
        }
    }

    /// The pixels behind a segment's start are its predecessor's (its end cap): a joint's soft
    /// edge is not blended twice. And the picture is the same drawn in two bands of rows.
    @Test func aJointIsDrawnOnceAndBandsAgree() throws {
        let line = [Point(x: 5, y: 20.3), Point(x: 20, y: 20.3), Point(x: 35, y: 20.3)]
        let image = try capsules(line, width: 6)
        // 3.2 pt from the centre line, just before the joint: the first capsule's alpha alone,
        // 0.3 × 255, as along the middle of a segment (the second starts at the joint).
        #expect(abs(Double(image.rgba(x: 19, y: 23).a) - 0.3 * 255) <= 1)
        #expect(image.rgba(x: 19, y: 23) == image.rgba(x: 10, y: 23))
        let banded = try capsules(line, width: 6, rows: [0..<21, 21..<40])
        #expect(try banded.pngData() == (try image.pngData()))
    }

    /// Fill outlines: one pixel per column along a horizontal edge, shaded 1 − smoothstep(d); a
    /// corner inside its pixel's diamond drawn once (by the edge leaving it); at pixel ratio 2 the
    /// line stays one device pixel wide.
    @Test(arguments: [1.0, 2.0])
    func hairlineOutlinesAreOneDevicePixelAndDrawCornersOnce(_ ratio: Double) throws {
        let side = Int(40 * ratio)
        let image = try RasterImage(pixelWidth: side, pixelHeight: side)
        let r = LineRasterizer(image: image, pixelRatio: ratio)
        let c = 10.6 / ratio, e = 30.6 / ratio   // corners at device pixel 10.6 and 30.6
        r.drawHairlines([[Point(x: c, y: c), Point(x: e, y: c), Point(x: e, y: e), Point(x: c, y: e)]], shift: Point(x: 0, y: 0),
                        color: .black, opacity: 0.5, clip: .init(minX: 0, minY: 0, maxX: side, maxY: side, outline: nil))
        let d = 0.1, expected = 0.5 * (1 - d * d * (3 - 2 * d)) * 255
        #expect(abs(Double(image.rgba(x: 20, y: 10).a) - expected) <= 1)   // the top edge, 0.1 px off the centre
        #expect(image.rgba(x: 20, y: 9).a == 0 && image.rgba(x: 20, y: 11).a == 0)   // one pixel across
        #expect(abs(Double(image.rgba(x: 10, y: 10).a) - expected) <= 1)   // a corner: once, not blended twice
        #expect(abs(Double(image.rgba(x: 30, y: 30).a) - expected) <= 1)
        #expect(image.rgba(x: 20, y: 20).a == 0)   // the inside is the fill's, not the outline's
    }
}
