import Foundation
import MapsnapGeo
import Testing
@testable import MapsnapKit

/// A worker keeps one snapshotter and one geocoder per style selection: each item is drawn and
/// geocoded with its own data (a batch once geocoded every item with the first item's data).
struct SnapshotterCacheTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data").path

    @Test func eachSelectionHasItsOwnSnapshotterAndGeocoder() throws {
        let cache = SnapshotterCache()
        let monaco = StyleSelection(tiles: [Self.data + "/monaco.mbtiles"]), helsinki = StyleSelection(tiles: [Self.data + "/helsinki.mbtiles"])
        let a = try cache.geocoder(for: monaco), b = try cache.geocoder(for: helsinki)
        #expect(a !== b)
        #expect(try cache.geocoder(for: monaco) === a, "loaded once")
        #expect(try cache.snapshotter(for: monaco) === cache.snapshotter(for: monaco))
        #expect(a.coverage.regions.map(\.name) == ["monaco"] && b.coverage.regions.map(\.name) == ["helsinki"])
        #expect(b.lookup(LatLon(60.1699, 24.9384)).street?.name == "Simonkatu")
        #expect(a.lookup(LatLon(60.1699, 24.9384)).street == nil)
    }

    @Test func aSelectionThatFailsFailsTheSameWayEachTime() {
        let cache = SnapshotterCache()
        let bad = StyleSelection(tiles: ["nowhere.mbtiles"])
        for _ in 0..<2 {
            do { _ = try cache.snapshotter(for: bad); Issue.record("expected an error") } catch {
                #expect(error.description == "tiles[0]: nowhere.mbtiles: no such file")
            }
        }
    }
}
