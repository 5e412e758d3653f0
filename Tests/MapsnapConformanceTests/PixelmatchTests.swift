import Foundation
import Testing
@testable import MapsnapConformance

/// The judge must be able to fail: these pin pixelmatch's counting on tiny synthetic images.
@Suite struct PixelmatchTests {
    /// A `size × size` image of one colour.
    static func flat(_ size: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var image = RGBAImage(width: size, height: size)
        for y in 0..<size { for x in 0..<size { image.setPixel(x: x, y: y, rgba) } }
        return image
    }

    static let upstream = Pixelmatch.Options(threshold: 0.1285)

    @Test func identicalImagesHaveNoDifference() {
        let image = Self.flat(8, (10, 200, 30, 255))
        let result = Pixelmatch.compare(image, image, options: Self.upstream)
        #expect(result.differentPixels == 0)
        #expect(result.antiAliasedPixels == 0)
    }

    @Test func oneChangedPixelCounts() {
        let expected = Self.flat(8, (255, 255, 255, 255))
        var actual = expected
        actual.setPixel(x: 3, y: 4, (0, 0, 0, 255))
        let result = Pixelmatch.compare(actual, expected, options: Self.upstream, drawDiff: true)
        #expect(result.differentPixels == 1)
        #expect(result.diffImage.map { $0.pixel(x: 3, y: 4) == (255, 0, 0, 255) } == true)
        // The same pixel on the image's edge and corner counts too.
        for (x, y) in [(0, 4), (7, 7)] {
            var edge = expected
            edge.setPixel(x: x, y: y, (0, 0, 0, 255))
            #expect(Pixelmatch.compare(edge, expected, options: Self.upstream).differentPixels == 1)
        }
    }

    @Test func smallColourChangesAreBelowTheThreshold() {
        let expected = Self.flat(4, (128, 128, 128, 255))
        // Greys differ in Y only: the distance is 0.5053·ΔY², against 35215 · 0.1285² ≈ 581.5.
        // 33 levels: 550 (same); 34 levels: 584 (different).
        #expect(Pixelmatch.compare(Self.flat(4, (161, 161, 161, 255)), expected, options: Self.upstream).differentPixels == 0)
        #expect(Pixelmatch.compare(Self.flat(4, (162, 162, 162, 255)), expected, options: Self.upstream).differentPixels == 16)
    }

    @Test func translucentPixelsAreBlendedOverWhite() {
        // Fully transparent black and opaque white are the same once blended over white…
        #expect(Pixelmatch.compare(Self.flat(4, (0, 0, 0, 0)), Self.flat(4, (255, 255, 255, 255)), options: Self.upstream).differentPixels == 0)
        // …and transparent pixels differing only in colour are equal.
        #expect(Pixelmatch.compare(Self.flat(4, (0, 0, 0, 0)), Self.flat(4, (9, 99, 199, 0)), options: Self.upstream).differentPixels == 0)
        // Half-transparent black is mid grey over white: far from white.
        #expect(Pixelmatch.compare(Self.flat(4, (0, 0, 0, 128)), Self.flat(4, (255, 255, 255, 255)), options: Self.upstream).differentPixels == 16)
    }

    /// A black square on white whose left edge is anti-aliased: a column of grey between black
    /// and white. Moving that edge's grey a little is anti-aliasing, not a difference.
    static func edge(grey: UInt8) -> RGBAImage {
        var image = flat(9, (255, 255, 255, 255))
        for y in 0..<9 {
            for x in 5..<9 { image.setPixel(x: x, y: y, (0, 0, 0, 255)) }
            image.setPixel(x: 4, y: y, (grey, grey, grey, 255))
        }
        return image
    }

    @Test func antiAliasedEdgePixelsAreNotCounted() {
        let expected = Self.edge(grey: 200)
        let actual = Self.edge(grey: 60)
        let result = Pixelmatch.compare(actual, expected, options: Self.upstream, drawDiff: true)
        #expect(result.differentPixels == 0)
        #expect(result.antiAliasedPixels == 9)
        #expect(result.diffImage.map { $0.pixel(x: 4, y: 4) == (255, 255, 0, 255) } == true)
        // Counted when anti-aliasing is included.
        var strict = Self.upstream
        strict.includeAntiAliasing = true
        #expect(Pixelmatch.compare(actual, expected, options: strict).differentPixels == 9)
    }

    @Test func aChangeInsideAFlatAreaIsNotAntiAliasing() {
        // A grey pixel in the middle of the white area has only white neighbours: no darker and
        // brighter pair, so it is a real difference.
        let expected = Self.edge(grey: 200)
        var actual = expected
        actual.setPixel(x: 1, y: 4, (100, 100, 100, 255))
        #expect(Pixelmatch.compare(actual, expected, options: Self.upstream).differentPixels == 1)
    }

    @Test func colourDeltaSignAndScale() {
        let white = Pixelmatch.PixelView(image: Self.flat(1, (255, 255, 255, 255)))
        let black = Pixelmatch.PixelView(image: Self.flat(1, (0, 0, 0, 255)))
        // Black against white: ΔY = 255, no I or Q, so 0.5053 · 255²; negative when the first is brighter.
        #expect(abs(Pixelmatch.colorDelta(black, 0, white, 0, brightnessOnly: false) - 0.5053 * 255 * 255) < 0.01)
        #expect(Pixelmatch.colorDelta(white, 0, black, 0, brightnessOnly: false) < 0)
        #expect(abs(Pixelmatch.colorDelta(white, 0, black, 0, brightnessOnly: true) - 255) < 1e-4)
    }
}
