import Foundation
import MapsnapGeo
import Testing
@testable import MapsnapKit

struct TilePyramidPlanTests {
    static let monaco = BoundingBox(west: 7.349, south: 43.71, east: 7.491, north: 43.77)

    /// The Mapnik baseline counts 8,570 tiles for this box at z12–18 (its README).
    @Test func monacoZ12To18HasTheTilesMapnikCounts() {
        let wanted = TilePyramidPlan.wanted([Self.monaco], zooms: 12...18, metatileSize: 8)
        #expect(wanted.reduce(0) { $0 + $1.1.count } == 8570)
        // Every tile once, each in its own metatile.
        let all = wanted.flatMap(\.1)
        #expect(Set(all).count == all.count)
        #expect(wanted.allSatisfy { meta, tiles in tiles.allSatisfy { Metatile(containing: $0, size: 8) == meta } })
    }

    @Test func antimeridianBoxCoversBothSides() {
        let box = BoundingBox(west: 179, south: -1, east: -179, north: 1)
        let ranges = TileRange.covering(box, z: 8)
        #expect(ranges.count == 2)
        #expect(ranges.contains { $0.columns.upperBound == 255 } && ranges.contains { $0.columns.lowerBound == 0 })
    }

    @Test(arguments: [1, 2, 3, 7])
    func shardsPartitionWithoutGapsOrOverlaps(count: Int) {
        let wanted = TilePyramidPlan.wanted([Self.monaco], zooms: 12...17, metatileSize: 4)
        let costs = wanted.map { Double($0.1.count) * (1 + Double($0.0.x % 5)) }
        let assignment = TilePyramidPlan.shardIndices(costs: costs, count: count)
        #expect(assignment.count == wanted.count)
        #expect(assignment.allSatisfy { (0..<count).contains($0) })
        // Deterministic: the same inputs give the same split on every machine.
        #expect(assignment == TilePyramidPlan.shardIndices(costs: costs, count: count))
        // Balanced by cost: no shard carries much more than its share plus one metatile.
        var load = [Double](repeating: 0, count: count)
        for (i, s) in assignment.enumerated() { load[s] += costs[i] }
        #expect(load.max()! - load.min()! <= costs.max()! + 1e-9)
    }

    struct Bad: Sendable, CustomStringConvertible {
        let box: BoundingBox?
        let zooms: ClosedRange<Int>
        let message: String
        var description: String { message }
    }
    static let bad: [Bad] = [
        .init(box: BoundingBox(west: 10, south: 0, east: 5, north: 1), zooms: 1...2,
              message: "bbox: west 10 is east of east 5 (to cross the antimeridian give west > 0 and east < 0, e.g. 170,-10,-170,10)"),
        .init(box: BoundingBox(west: 0, south: -91, east: 1, north: 1), zooms: 1...2, message: "bbox: latitude -91 is outside -90...90"),
        .init(box: BoundingBox(west: 0, south: 2, east: 1, north: 1), zooms: 1...2, message: "bbox: south 2 must be below north 1"),
        .init(box: nil, zooms: 3...25, message: "zoom: zoom levels must be within 0-24, got 3-25"),
    ]

    @Test(arguments: bad)
    func badOptionsNameTheirField(_ c: Bad) {
        var o = TilePyramidOptions()
        o.bbox = c.box
        o.zooms = c.zooms
        do { try o.validate(); Issue.record("expected an error") } catch { #expect(error.description == c.message) }
    }
}
