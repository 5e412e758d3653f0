import Foundation
import MapsnapGeo
import Testing
@testable import MapsnapKit

/// Addresses found in the tiles; the expected streets were read off the data itself
/// (`mapsnap geocode --json` cross-checked with the decoded housenumber and
/// transportation_name features around each point).
struct ReverseGeocoderTests {
    struct Case: Sendable, CustomStringConvertible {
        let point: LatLon, tiles: String?, street: String, area: String?, city: String
        var description: String { "\(point)" }
    }
    static let cases: [Case] = [
        .init(point: LatLon(43.7365, 7.4218), tiles: nil, street: "Quai Albert 1er", area: "Sainte-Dévote", city: "Monaco"),
        .init(point: LatLon(60.1699, 24.9384), tiles: "helsinki", street: "Simonkatu", area: "Keskusta", city: "Helsinki"),
        // The embedded defaults hold every region: Helsinki needs no --tiles.
        .init(point: LatLon(60.1699, 24.9384), tiles: nil, street: "Simonkatu", area: "Keskusta", city: "Helsinki"),
    ]

    @Test(arguments: cases)
    func knownPointsGiveTheirStreet(_ c: Case) throws {
        let tiles = c.tiles.map { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/\($0).mbtiles").path }
        let g = ReverseGeocoder(snapshotter: try Snapshotter(StyleSelection(tiles: tiles.map { [$0] } ?? [])))
        let a = g.lookup(c.point)
        #expect(a.street?.name == c.street, "\(a.formatted)")
        #expect(a.area?.name == c.area)
        #expect(a.city?.name == c.city)
        #expect(a.formatted.hasPrefix(c.street))
        #expect((a.street?.distanceMeters ?? 999) < ReverseGeocoder.streetRadius)
    }

    @Test func nearbyPointsShareOneCachedLookup() throws {
        let g = ReverseGeocoder(snapshotter: try Snapshotter(StyleSelection()))
        let a = g.address(at: LatLon(43.73650, 7.42180))
        let b = g.address(at: LatLon(43.73651, 7.42181))
        #expect(a == b)
    }

    @Test func formatting() {
        var a = Address()
        a.street = .init(name: "Avenue de Monte-Carlo", distanceMeters: 5)
        a.housenumber = .init(name: "12", distanceMeters: 8)
        a.area = .init(name: "Monte-Carlo", distanceMeters: 100)
        a.city = .init(name: "Monaco", distanceMeters: 900)
        #expect(a.formatted == "Avenue de Monte-Carlo 12, Monte-Carlo, Monaco")
        a.area = .init(name: "Monaco", distanceMeters: 10)
        #expect(a.formatted == "Avenue de Monte-Carlo 12, Monaco")
    }
}
