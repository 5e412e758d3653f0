import Testing
@testable import MapsnapGeo

@Suite struct PolylineVisibilityTests {
    let view = Rect(minX: 0, minY: 0, maxX: 100, maxY: 100)

    @Test func lineInsideIsOneRun() {
        let line = [Point(x: 10, y: 10), Point(x: 50, y: 50), Point(x: 90, y: 10)]
        #expect(line.visibleRuns(in: view).map(Array.init) == [line])
    }

    @Test func excursionOutsideSplitsTheLine() {
        let line = [Point(x: 10, y: 10), Point(x: 50, y: 10), Point(x: 200, y: 10), Point(x: 300, y: 10),
                    Point(x: 200, y: 20), Point(x: 50, y: 20), Point(x: 10, y: 20)]
        let runs = line.visibleRuns(in: view).map(Array.init)
        // The segment 50→200 crosses the edge and is kept whole; 200→300→200 is dropped.
        #expect(runs == [Array(line[0...2]), Array(line[4...6])])
    }

    @Test func segmentCrossingTheViewIsKeptEvenWithBothEndsOutside() {
        let line = [Point(x: -50, y: 50), Point(x: 150, y: 50)]
        #expect(line.visibleRuns(in: view).map(Array.init) == [line])
    }

    @Test func lineOutsideHasNoRuns() {
        let line = [Point(x: 200, y: 200), Point(x: 300, y: 250), Point(x: 400, y: 200)]
        #expect(line.visibleRuns(in: view).isEmpty)
        #expect([Point(x: 1, y: 1)].visibleRuns(in: view).isEmpty)
    }
}
