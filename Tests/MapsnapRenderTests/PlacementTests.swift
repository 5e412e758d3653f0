import Foundation
import Testing
@testable import MapsnapRender
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

struct CollisionIndexTests {
    @Test func boxesThatOverlapCollideAndOthersDoNot() {
        let index = CollisionIndex(bounds: Rect(minX: 0, minY: 0, maxX: 500, maxY: 500))
        index.insert(Rect(minX: 100, minY: 100, maxX: 200, maxY: 120))
        #expect(index.collides(Rect(minX: 190, minY: 110, maxX: 260, maxY: 130)))
        #expect(!index.collides(Rect(minX: 201, minY: 100, maxX: 260, maxY: 120)))
        #expect(!index.collides(Rect(minX: 100, minY: 121, maxX: 200, maxY: 140)))
        // Across grid cells (64 pt) and outside the bounds.
        index.insert(Rect(minX: 450, minY: 450, maxX: 600, maxY: 600))
        #expect(index.collides(Rect(minX: 590, minY: 590, maxX: 700, maxY: 700)))
    }

    /// Line labels take circles, tested as MapLibre's grid tests them: a circle misses a box's
    /// corner it does not reach, and two circles that only touch do not collide.
    @Test func circlesCollideWithBoxesAndCircles() {
        let index = CollisionIndex(bounds: Rect(minX: 0, minY: 0, maxX: 500, maxY: 500))
        index.insert(Rect(minX: 100, minY: 100, maxX: 200, maxY: 200))
        #expect(index.collides(CollisionCircle(center: Point(x: 95, y: 150), radius: 6)))
        #expect(!index.collides(CollisionCircle(center: Point(x: 95, y: 95), radius: 6)))   // 7.07 from the corner
        index.insert(CollisionCircle(center: Point(x: 300, y: 300), radius: 10), .never, group: 0)
        #expect(!index.collides(CollisionCircle(center: Point(x: 320, y: 300), radius: 10)))
        #expect(index.collides(CollisionCircle(center: Point(x: 319, y: 300), radius: 10)))
        #expect(index.collides(Rect(minX: 305, minY: 305, maxX: 340, maxY: 340)))
        #expect(!index.collides(Rect(minX: 308, minY: 308, maxX: 340, maxY: 340)))
    }

    /// MapLibre's circles along a label's path: spaced at most 2.5 radii, a quarter radius in
    /// from each end, only on the part of the path inside the collision area.
    @Test func circlesAreSpacedAlongThePath() {
        let circles = CollisionCircles.along([Point(x: 0, y: 0), Point(x: 100, y: 0)], radius: 10, clipTo: nil)
        #expect(circles.count == 5 && circles.first!.center == Point(x: 2.5, y: 0) && circles.last!.center == Point(x: 97.5, y: 0))
        #expect(CollisionCircles.along([Point(x: 0, y: 0), Point(x: 4, y: 0)], radius: 10, clipTo: nil).count == 1)
        let clipped = CollisionCircles.along([Point(x: -100, y: 0), Point(x: 100, y: 0)], radius: 10,
                                             clipTo: Rect(minX: 0, minY: -50, maxX: 500, maxY: 50))
        #expect(clipped.allSatisfy { $0.center.x >= 0 })
    }
}

struct PolylineTests {
    @Test func measuresAndLocatesAlongTheLine() {
        let line = Polyline([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])
        #expect(line.length == 20)
        let (p, angle) = line.locate(15)
        #expect(p == Point(x: 10, y: 5))
        #expect(abs(angle - .pi / 2) < 1e-12)
        #expect(line.locate(-5).point == Point(x: 0, y: 0))
        #expect(line.reversed.locate(0).point == Point(x: 10, y: 10))
    }

    @Test func duplicatePointsAreDropped() {
        let line = Polyline([Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 3, y: 4)])
        #expect(line.points.count == 2 && line.length == 5)
    }
}

struct FontStackTests {
    @Test(arguments: [
        (["Noto Sans Regular"], "Noto Sans,DejaVu Sans,sans-serif"),
        (["Noto Sans Bold"], "Noto Sans,DejaVu Sans,sans-serif Bold"),
        (["Metropolis Medium Italic", "Noto Sans Italic"], "Metropolis,Noto Sans,DejaVu Sans,sans-serif Medium Italic"),
        (["Open Sans Semibold"], "Open Sans,Noto Sans,DejaVu Sans,sans-serif Semi-Bold"),
    ])
    func stacksBecomePangoDescriptions(_ stack: [String], _ expected: String) {
        #expect(FontStack.pangoDescription(stack) == expected)
    }
}

struct TextEngineTests {
    @Test func latinTextHasWidthAndGlyphs() {
        let text = TextEngine().shape("Boulevard Albert Ier", font: ["Noto Sans Regular"], size: 12)
        #expect(text.width > 80 && text.width < 160)
        #expect(text.glyphs.count == 20)   // one per character, spaces included
    }

    /// CJK must come out as real glyphs from a CJK font (per-character fallback), not as boxes.
    @Test func cjkTextFallsBackToACJKFont() {
        let text = TextEngine().shape("当前位置", font: ["Noto Sans Regular"], size: 14)
        #expect(text.glyphs.count == 4)
        #expect(text.width > 40)
    }
}

struct TextPlacementTests {
    /// MapLibre moves text above or below its point 7/24 em toward it (its baseline rule).
    private static let baseline = 10 * 7 / 24.0
    private static func close(_ p: Point, _ x: Double, _ y: Double) -> Bool { abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9 }

    @Test func variableAnchorsAreTriedInOrderWithOffsetsAwayFromThePoint() {
        let placements = VariableTextAnchors.placements(anchor: .center, variable: [.top, .bottom, .left, .topRight],
                                                       offset: Point(x: 0, y: 0), radialOffset: 1, anchorOffsets: nil, size: 10)
        #expect(placements.map(\.anchor) == [.top, .bottom, .left, .topRight])
        #expect(placements.allSatisfy { $0.variable }, "shifted by the padded box when placed")
        #expect(Self.close(placements[0].offset, 0, 10 - Self.baseline))     // text below the point
        #expect(Self.close(placements[1].offset, 0, -10 + Self.baseline))    // above
        #expect(Self.close(placements[2].offset, 10, 0))                      // to the right
        let d = 10 / 2.0.squareRoot()
        #expect(Self.close(placements[3].offset, -d, d - Self.baseline))
    }

    @Test func textOffsetSizesAreSignedByTheVariableAnchor() {
        let placements = VariableTextAnchors.placements(anchor: .center, variable: [.bottom, .right],
                                                       offset: Point(x: 0.5, y: 1), radialOffset: nil, anchorOffsets: nil, size: 10)
        #expect(Self.close(placements[0].offset, 0, -10 + Self.baseline))
        #expect(Self.close(placements[1].offset, -5, 0))
    }

    /// `text-variable-anchor-offset` replaces the other anchor properties; its offsets are used as written.
    @Test func anchorOffsetsReplaceVariableAnchorsAndKeepTheirSigns() throws {
        let offsets = try #require(VariableAnchorOffsets(styleValue: .array([
            .string("top"), .array([.number(0), .number(1)]), .string("left"), .array([.number(-0.5), .number(0)]),
        ])))
        let placements = VariableTextAnchors.placements(anchor: .center, variable: [.bottom], offset: Point(x: 2, y: 2),
                                                       radialOffset: 3, anchorOffsets: offsets, size: 10)
        #expect(placements.map(\.anchor) == [.top, .left])
        #expect(Self.close(placements[0].offset, 0, 10 - Self.baseline))   // MapLibre's baseline rule applies here too
        #expect(placements[1].offset == Point(x: -5, y: 0))   // toward the anchor: not turned away from it
        #expect(VariableAnchorOffsets(styleValue: .array([.string("top")])) == nil)
        #expect(VariableAnchorOffsets(styleValue: .array([.string("middle"), .array([.number(0), .number(0)])])) == nil)
    }

    /// A radial offset set to 0 still replaces text-offset for variable anchors (MapLibre's rule).
    @Test func aZeroRadialOffsetStillReplacesTheTextOffset() {
        let placements = VariableTextAnchors.placements(anchor: .center, variable: [.top, .left], offset: Point(x: 2, y: 2),
                                                       radialOffset: 0, anchorOffsets: nil, size: 10)
        #expect(Self.close(placements[0].offset, 0, -Self.baseline) && Self.close(placements[1].offset, 0, 0))
    }

    @Test func autoJustificationFollowsTheAnchor() {
        #expect(VariableTextAnchors.justification(of: .bottomLeft) == .left)
        #expect(VariableTextAnchors.justification(of: .right) == .right)
        #expect(VariableTextAnchors.justification(of: .top) == .center)
    }

    @Test func fixedAnchorKeepsItsOffset() {
        let placements = VariableTextAnchors.placements(anchor: .top, variable: [], offset: Point(x: 0, y: 0.8),
                                                       radialOffset: nil, anchorOffsets: nil, size: 10)
        #expect(placements.count == 1 && placements[0].anchor == .top && placements[0].offset == Point(x: 0, y: 8) && !placements[0].variable)
    }

    @Test func rotatedLabelBoxesGrowToHoldTheTurnedText() {
        // A 40×10 box centred on its pivot, turned a quarter turn, stands 10 wide and 40 tall.
        let box = Rect(minX: -20, minY: -5, maxX: 20, maxY: 5)
        let turned = box.rotatedBounds(about: Point(x: 0, y: 0), by: .pi / 2)
        #expect(abs(turned.width - 10) < 1e-9 && abs(turned.height - 40) < 1e-9)
        #expect(box.rotatedBounds(about: Point(x: 0, y: 0), by: 0) == box)
    }

    @Test func iconTextFitStretchesTheIconAroundTheText() {
        let icon = Rect(minX: -5, minY: -5, maxX: 5, maxY: 5)
        let text = Rect(minX: -30, minY: -8, maxX: 30, maxY: 8)
        let padding = [1.0, 2, 3, 4]   // top, right, bottom, left
        #expect(IconQuad.fitted(icon, around: text, .both, padding: padding) == Rect(minX: -34, minY: -9, maxX: 32, maxY: 11))
        let wide = IconQuad.fitted(icon, around: text, .width, padding: padding)
        #expect(wide.minX == -34 && wide.maxX == 32 && wide.height == 10)
        let tall = IconQuad.fitted(icon, around: text, .height, padding: padding)
        #expect(tall.minY == -9 && tall.maxY == 11 && tall.width == 10)
        #expect(IconQuad.fitted(icon, around: text, .none, padding: padding) == icon)
    }
}

/// Where a polygon's point label goes: MapLibre's pole of inaccessibility.
struct PoleOfInaccessibilityTests {
    static func ring(_ points: [(Int32, Int32)]) -> [TilePoint] { points.map { TilePoint(x: $0.0, y: $0.1) } }

    @Test func aSquaresPoleIsItsMiddle() throws {
        let pole = try #require(PoleOfInaccessibility.find([Self.ring([(0, 0), (100, 0), (100, 100), (0, 100), (0, 0)])], precision: 1))
        #expect(abs(pole.x - 50) <= 1 && abs(pole.y - 50) <= 1)
    }

    /// A U: its centroid lies in the gap between the arms; the pole lies in the thick bottom bar.
    @Test func aUShapesPoleIsInsideIt() throws {
        let u = Self.ring([(0, 0), (30, 0), (30, 200), (170, 200), (170, 0), (200, 0), (200, 300), (0, 300), (0, 0)])
        let pole = try #require(PoleOfInaccessibility.find([u], precision: 1))
        #expect(pole.y > 200 && pole.y < 300, "in the bar, not the gap: \(pole)")
        #expect(abs(pole.y - 250) <= 2)
    }

    @Test func holesPushThePoleAside() throws {
        let outer = Self.ring([(0, 0), (300, 0), (300, 100), (0, 100), (0, 0)])
        let hole = Self.ring([(100, 10), (100, 90), (200, 90), (200, 10), (100, 10)])
        let pole = try #require(PoleOfInaccessibility.find([outer, hole], precision: 1))
        #expect(pole.x < 100 || pole.x > 200, "not in the hole: \(pole)")
        #expect(PoleOfInaccessibility.find([Self.ring([(0, 0), (1, 1)])], precision: 1) == nil)
    }
}
