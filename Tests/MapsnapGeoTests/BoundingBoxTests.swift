import Testing
@testable import MapsnapGeo

@Suite struct BoundingBoxTests {
    static func box(_ w: Double, _ s: Double, _ e: Double, _ n: Double) -> BoundingBox {
        BoundingBox(west: w, south: s, east: e, north: n)
    }

    struct Union: Sendable, CustomTestStringConvertible {
        let name: String, boxes: [BoundingBox], union: BoundingBox?
        var testDescription: String { name }
    }

    static let unions: [Union] = [
        .init(name: "none", boxes: [], union: nil),
        .init(name: "one", boxes: [box(7.349, 43.71, 7.491, 43.77)], union: box(7.349, 43.71, 7.491, 43.77)),
        .init(name: "overlapping", boxes: [box(0, 0, 10, 10), box(5, -5, 20, 5)], union: box(0, -5, 20, 10)),
        .init(name: "one inside the other", boxes: [box(0, 0, 10, 10), box(2, 2, 3, 3)], union: box(0, 0, 10, 10)),
        .init(name: "apart, joined over the prime meridian", boxes: [box(1.4, 42.4, 1.8, 42.7), box(7.3, 43.7, 7.5, 43.8)],
              union: box(1.4, 42.4, 7.5, 43.8)),
        .init(name: "either side of ±180, joined across it", boxes: [box(170, -20, 179, -10), box(-179, -15, -170, -5)],
              union: box(170, -20, -170, -5)),
        .init(name: "the order does not matter", boxes: [box(-179, -15, -170, -5), box(170, -20, 179, -10)],
              union: box(170, -20, -170, -5)),
        .init(name: "far apart across ±180 is still shorter", boxes: [box(100, 0, 110, 1), box(-110, 0, -100, 1)],
              union: box(100, 0, -100, 1)),
        .init(name: "a tie keeps the box off the antimeridian", boxes: [box(-100, 0, -80, 1), box(80, 0, 100, 1)],
              union: box(-100, 0, 100, 1)),
        .init(name: "a box across ±180 and one east of it", boxes: [box(170, 0, -170, 1), box(-160, 0, -150, 1)],
              union: box(170, 0, -150, 1)),
        .init(name: "a box across ±180 and one far away", boxes: [box(170, 0, -170, 1), box(0, 0, 10, 1)],
              union: box(0, 0, -170, 1)),
        .init(name: "touching at ±180", boxes: [box(170, 0, 180, 1), box(-180, 0, -170, 1)], union: box(170, 0, -170, 1)),
        .init(name: "three, the widest gap left out", boxes: [box(-170, 0, -160, 1), box(0, 0, 10, 1), box(160, 0, 170, 1)],
              union: box(0, 0, -160, 1)),
        .init(name: "longitudes beyond 180 (GeoJSON across the antimeridian)", boxes: [box(170, 0, 190, 1), box(-168, 0, -165, 1)],
              union: box(170, 0, -165, 1)),
        .init(name: "all the way round", boxes: [box(-180, 0, 0, 1), box(0, 0, 180, 1)], union: box(-180, 0, 180, 1)),
        .init(name: "the world and anything", boxes: [box(-180, -85, 180, 85), box(7, 43, 8, 44)], union: box(-180, -85, 180, 85)),
        .init(name: "overlapping across ±180 all round", boxes: [box(100, 0, -100, 1), box(-120, 0, 120, 1)], union: box(-180, 0, 180, 1)),
    ]

    @Test(arguments: unions)
    func unionIsTheShorterWayRound(_ c: Union) {
        #expect(BoundingBox.union(of: c.boxes) == c.union)
        if c.boxes.count == 2 { #expect(c.boxes[0].union(c.boxes[1]) == c.union) }
    }

    @Test func boxesAcrossTheAntimeridian() {
        let fiji = Self.box(170, -20, -170, -10)
        #expect(fiji.longitudeSpan == 20)
        #expect(fiji.center == LatLon(-15, 180))
        #expect(Self.box(100, 0, -170, 10).center == LatLon(5, 145))
        #expect(Self.box(170, 0, -10, 10).center == LatLon(5, -100))
        #expect(fiji.contains(LatLon(-15, 178)) && fiji.contains(LatLon(-15, -175)) && fiji.contains(LatLon(-15, 180)))
        #expect(!fiji.contains(LatLon(-15, 0)) && !fiji.contains(LatLon(0, 178)))
        #expect(fiji.intersects(Self.box(-175, -12, -160, 0)))
        #expect(Self.box(175, -30, 185, -12).intersects(fiji))  // a view beyond 180°
        #expect(!fiji.intersects(Self.box(-160, -30, 160, 0)))
    }

    @Test func ordinaryBoxes() {
        let monaco = Self.box(7.349, 43.71, 7.491, 43.77)
        #expect(monaco.center == LatLon((43.71 + 43.77) / 2, (7.349 + 7.491) / 2))
        #expect(monaco.contains(LatLon(43.73, 7.42)) && monaco.contains(LatLon(43.71, 7.349)))
        #expect(!monaco.contains(LatLon(43.73, 7.5)) && !monaco.contains(LatLon(43.8, 7.42)))
        #expect(monaco.intersects(Self.box(7.4, 43.75, 8, 44)) && monaco.intersects(Self.box(7.491, 43.77, 8, 44)))
        #expect(!monaco.intersects(Self.box(0, 0, 10, 10)) && !monaco.intersects(Self.box(-10, 43, 7, 44)))
        #expect(Self.box(-180, -85, 180, 85).longitudeSpan == 360)
        #expect(Self.box(-400, -85, 400, 85).contains(LatLon(0, 123)))
    }
}
