import Foundation
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

    /// A track cut in degrees before it is projected (`runs(touching:)`, what an opaque track's
    /// painter does) keeps exactly the runs `visibleRuns` finds on the whole projected line.
    @Test func runsCutInDegreesKeepWhatTheProjectedLineShows() {
        var track: [LatLon] = []
        var lat = 43.70, lon = 7.38, heading = 0.0
        for i in 0..<5_000 {
            heading += sin(Double(i) * 0.013) * 0.2
            lat += 0.00004 * cos(heading)
            lon += 0.00006 * sin(heading)
            track.append(LatLon(lat, lon))
        }
        let zoom = 15.0
        func world(_ p: LatLon) -> Point { WebMercator.project(p, zoom: zoom) }
        // A view in world pixels somewhere along the track, and its box in degrees.
        let middle = world(track[2_500])
        let rect = Rect(minX: middle.x - 300, minY: middle.y - 200, maxX: middle.x + 300, maxY: middle.y + 200)
        let nw = WebMercator.unproject(Point(x: rect.minX, y: rect.minY), zoom: zoom)
        let se = WebMercator.unproject(Point(x: rect.maxX, y: rect.maxY), zoom: zoom)
        let box = BoundingBox(west: nw.longitude, south: se.latitude, east: se.longitude, north: nw.latitude)
        let whole = track.map(world).visibleRuns(in: rect).map(Array.init)
        let cut = track.runs(touching: box).flatMap { $0.map(world).visibleRuns(in: rect).map(Array.init) }
        #expect(!whole.isEmpty && whole.count > 1, "the view cuts the track in several runs")
        #expect(cut == whole)
        #expect(track.runs(touching: box).reduce(0) { $0 + $1.count } < track.count / 2, "most of the track is cut away")
    }
}
