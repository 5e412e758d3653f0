import Foundation
import Testing
@testable import MapsnapRender
import MapsnapGeo
import MapsnapTiles
import CPangoCairo

/// Where MapLibre puts symbols along a line, in its 8,192-unit tile (`LineAnchors`).
struct LineAnchorsTests {
    /// A line starting inside the tile: the first anchor half the label plus two glyphs (48
    /// units) from its start, then one every `spacing`, none closer to the end than half a label.
    @Test func anchorsStartAfterTheLabelAndFollowTheSpacing() {
        let line = [Point(x: 100, y: 4096), Point(x: 8000, y: 4096)]
        let anchors = LineAnchors.anchors(line, spacing: 1000, labelLength: 100, shapedLabelLength: 50, boxScale: 1, overscaling: 1)
        #expect(anchors.map(\.point.x) == stride(from: 173.0, through: 7173, by: 1000).map { $0 })
        #expect(anchors.allSatisfy { $0.point.y == 4096 && $0.angle == 0 && $0.segment == 0 })
    }

    /// A line continued from the neighbouring tile (it starts on the tile's edge) takes half a
    /// spacing as its first offset, so that anchors run on across the edge.
    @Test func aContinuedLineStartsHalfASpacingIn() {
        let line = [Point(x: 0, y: 100), Point(x: 4000, y: 100)]
        let anchors = LineAnchors.anchors(line, spacing: 1000, labelLength: 100, shapedLabelLength: 50, boxScale: 1, overscaling: 1)
        #expect(anchors.map(\.point.x) == [500, 1500, 2500, 3500])
    }

    /// A line too short for the spacing still gets one anchor, at its middle.
    @Test func aShortLineGetsOneAnchorAtItsMiddle() {
        let line = [Point(x: 100, y: 100), Point(x: 150, y: 100)]
        let anchors = LineAnchors.anchors(line, spacing: 1000, labelLength: 10, shapedLabelLength: 10, boxScale: 1, overscaling: 1)
        #expect(anchors.map(\.point) == [Point(x: 125, y: 100)])
    }

    /// MapLibre's `checkMaxAngle`: no text anchor where the line turns more than `text-max-angle`
    /// within the window under the label; icons (no window) are not checked.
    @Test func textAnchorsAvoidSharpTurns() {
        // A line turning by 90° at x = 2000, then running on.
        let line = [Point(x: 100, y: 4000), Point(x: 2000, y: 4000), Point(x: 2000, y: 7000)]
        let all = LineAnchors.anchors(line, spacing: 200, labelLength: 400, shapedLabelLength: 400, boxScale: 1, overscaling: 1)
        let checked = LineAnchors.anchors(line, spacing: 200, labelLength: 400, shapedLabelLength: 400, boxScale: 1, overscaling: 1,
                                          angleWindow: 300, maxAngle: .pi / 4)
        #expect(all.contains { abs($0.point.x - 2000) + abs($0.point.y - 4000) < 200 })
        #expect(!checked.contains { abs($0.point.x - 2000) + abs($0.point.y - 4000) < 200 })
        #expect(checked.count < all.count && !checked.isEmpty)
        // A gentle bend within the limit keeps every anchor.
        let gentle = LineAnchors.anchors(line, spacing: 200, labelLength: 400, shapedLabelLength: 400, boxScale: 1, overscaling: 1,
                                         angleWindow: 300, maxAngle: .pi)
        #expect(gentle == all)
    }

    @Test func linesAreClippedToTheTileWithRoundedEnds() {
        let runs = LineAnchors.clippedToTile([Point(x: -100, y: 10.4), Point(x: 100, y: 10.4)])
        #expect(runs == [[Point(x: 0, y: 10), Point(x: 100, y: 10)]])
    }
}

/// MapLibre's `mergeLines`: lines with the same text meeting end to end become one.
struct LineMergingTests {
    private struct Road: Feature {
        var name: String
        var geometryType: GeometryType { .lineString }
        var id: FeatureValue? { nil }
        func property(_ key: String) -> FeatureValue? { key == "name" ? .string(name) : nil }
        var properties: [String: FeatureValue] { ["name": .string(name)] }
    }

    private static func entry(_ name: String, _ points: [(Int32, Int32)]) -> LineMerging.Entry {
        LineMerging.Entry(feature: Road(name: name), parts: [points.map { TilePoint(x: $0.0, y: $0.1) }], string: name, sections: nil)
    }

    @Test func piecesOfAStreetMeetingEndToEndBecomeOneLine() {
        let merged = LineMerging.merged([
            Self.entry("Main", [(0, 0), (10, 0)]),
            Self.entry("Side", [(10, 0), (10, 10)]),       // another text: kept apart
            Self.entry("Main", [(20, 0), (30, 0)]),
            Self.entry("Main", [(10, 0), (20, 0)]),         // joins the first and the third
            Self.entry("Main", [(40, 0), (50, 0)]),         // touches nothing
        ])
        #expect(merged.map(\.string) == ["Main", "Side", "Main"])
        #expect(merged[0].parts[0].map(\.x) == [0, 10, 20, 30])
        #expect(merged[2].parts[0].map(\.x) == [40, 50])
        // A piece before the start of a merged line is joined at its start.
        let before = LineMerging.merged([Self.entry("A", [(5, 5), (9, 9)]), Self.entry("A", [(1, 1), (5, 5)])])
        #expect(before.count == 1 && before[0].parts[0].map(\.x) == [1, 5, 9])
    }

    /// A hostile tile: 30,000 pieces of one street, each joining the front of the last (every
    /// merge a prepend). The merged lines stay within the bound, so the work does too.
    @Test func aHostileChainIsMergedWithinItsBounds() {
        var pieces: [LineMerging.Entry] = []
        for i in 0..<30_000 {
            let end = Int32(30_000 - i)
            pieces.append(Self.entry("Main", [(end - 1, 0), (end, 0)]))
        }
        let merged = LineMerging.merged(pieces)
        #expect(merged.allSatisfy { $0.parts[0].count <= LineMerging.maxPoints })
        #expect(merged.reduce(0) { $0 + $1.parts[0].count - 1 } == 30_000)   // every piece kept, once
    }
}

/// Text along a line: each glyph on the line where its advance falls (`LineGlyphs`).
struct LineGlyphsTests {
    /// Shaped by each test (a shaped text is not shared across the tests' threads).
    private static func shaped() -> ShapedText { TextEngine().shape("Rue Grimaldi", font: ["Noto Sans Regular"], size: 12) }

    @Test func glyphsFollowAStraightLineCentredOnTheAnchor() throws {
        let text = Self.shaped()
        let line = Polyline([Point(x: 0, y: 50), Point(x: 300, y: 50)])
        let glyphs = try #require(LineGlyphs.place(text, along: line, at: 150, keepUpright: true,
                                                   offset: Point(x: 0, y: 0)))
        #expect(glyphs.count == text.glyphs.count)
        #expect(glyphs.allSatisfy { $0.center.y == 50 && $0.angle == 0 })
        let xs = glyphs.map(\.center.x)
        #expect(xs == xs.sorted())
        // Centred: as far from the anchor on the left as on the right, within a glyph.
        #expect(abs((xs.first! + xs.last!) / 2 - 150) < text.fontSize)
    }

    /// A line drawn right to left: kept upright the text still reads left to right; not kept
    /// upright it runs with the line, upside down.
    @Test func keepUprightTurnsTextOnALineDrawnBackwards() throws {
        let text = Self.shaped()
        let line = Polyline([Point(x: 300, y: 50), Point(x: 0, y: 50)])
        let upright = try #require(LineGlyphs.place(text, along: line, at: 150, keepUpright: true,
                                                    offset: Point(x: 0, y: 0)))
        #expect(upright.first!.center.x < upright.last!.center.x)
        let backwards = try #require(LineGlyphs.place(text, along: line, at: 150, keepUpright: false,
                                                      offset: Point(x: 0, y: 0)))
        #expect(backwards.first!.center.x > backwards.last!.center.x)
        #expect(abs(abs(backwards[0].angle) - .pi) < 1e-9)
    }

    /// `text-offset` y moves the glyphs across the line (down, for a line running right).
    @Test func anOffsetMovesTheTextAcrossTheLine() throws {
        let text = Self.shaped()
        let line = Polyline([Point(x: 0, y: 50), Point(x: 300, y: 50)])
        let glyphs = try #require(LineGlyphs.place(text, along: line, at: 150, keepUpright: true,
                                                   offset: Point(x: 0, y: 6)))
        #expect(glyphs.allSatisfy { abs($0.center.y - 56) < 1e-9 })
    }

    /// A glyph that would fall off the line's end leaves the label out (MapLibre's
    /// `placeGlyphAlongLine` returns nothing).
    @Test func textLongerThanTheLineIsLeftOut() {
        let text = Self.shaped()
        let line = Polyline([Point(x: 0, y: 0), Point(x: 20, y: 0)])
        #expect(LineGlyphs.place(text, along: line, at: 10, keepUpright: true, offset: Point(x: 0, y: 0)) == nil)
    }

    /// Offset across a bending line, the glyphs walk the line moved sideways with its segments
    /// joined where they meet (a mitre), as MapLibre's `findOffsetIntersectionPoint`: at the
    /// inside of a right angle the moved line turns at (150 − 6, 6).
    @Test func anOffsetLineIsMitredAtItsBends() throws {
        let line = Polyline([Point(x: 0, y: 0), Point(x: 150, y: 0), Point(x: 150, y: 150)])
        let landing = try #require(LineGlyphs.land(30, Point(x: 0, y: 6), flip: false, on: line, at: 130))
        // 14 to the corner of the moved line, then 16 down its next segment.
        #expect(abs(landing.point.x - 144) < 1e-9 && abs(landing.point.y - 22) < 1e-9)
        #expect(landing.path.first == Point(x: 130, y: 6) && landing.path.contains(Point(x: 144, y: 6)))
    }

    /// `text-anchor: left` starts the text at the anchor; `right` ends it there.
    @Test func textAnchorPlacesTheBlockOnTheAnchor() throws {
        let text = Self.shaped()
        let line = Polyline([Point(x: 0, y: 50), Point(x: 300, y: 50)])
        let left = try #require(LineGlyphs.place(text, along: line, at: 150, keepUpright: true, offset: Point(x: 0, y: 0),
                                                 align: Point(x: 0, y: 0.5)))
        let right = try #require(LineGlyphs.place(text, along: line, at: 150, keepUpright: true, offset: Point(x: 0, y: 0),
                                                  align: Point(x: 1, y: 0.5)))
        #expect(left.first!.center.x > 150 && right.last!.center.x < 150)
    }
}

/// An icon on a pitched map: the projection's local map around its anchor (`PlaneWarp`).
struct PlaneWarpTests {
    @Test func theWarpMapsAroundItsPivotAndBoundsTheWarpedBox() {
        let warp = PlaneWarp(pivot: Point(x: 10, y: 10), a: 2, b: 0, c: 0, d: 0.5)
        #expect(warp.apply(Point(x: 10, y: 10)) == Point(x: 10, y: 10))
        #expect(warp.apply(Point(x: 12, y: 14)) == Point(x: 14, y: 12))
        #expect(warp.bounds(Rect(minX: 8, minY: 8, maxX: 12, maxY: 12)) == Rect(minX: 6, minY: 9, maxX: 14, maxY: 11))
    }
}

/// System-font labels break where MapLibre's `determineLineBreaks` would: lines of even width,
/// not Pango's greedy fill.
struct SystemFontLineBreakTests {
    private static func lines(_ text: String, maxWidth: Double) -> [String] {
        let shaped = TextEngine().shape(text, font: ["Noto Sans Regular"], size: 12, maxWidth: maxWidth)
        guard let layout = shaped.layout, let raw = pango_layout_get_text(layout) else { return [] }
        return String(cString: raw).components(separatedBy: "\n")
    }

    @Test func linesAreBalancedAsMapLibreBreaksThem() {
        // 10 ems at 12 points: greedy wrap would give "Port Hercule de" / "Monaco".
        #expect(Self.lines("Port Hercule de Monaco", maxWidth: 120) == ["Port Hercule", "de Monaco"])
        #expect(Self.lines("Monaco", maxWidth: 120) == ["Monaco"])
        #expect(Self.lines("Avenue de la Costa", maxWidth: 1000) == ["Avenue de la Costa"])
    }
}
