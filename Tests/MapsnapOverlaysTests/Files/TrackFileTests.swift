import Foundation
import Testing
@testable import MapsnapOverlays
import MapsnapFormats
import MapsnapGeo

struct TrackFileTests {
    static let gpx = """
    <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
      <wpt lat="43.7314" lon="7.4197"><name>Start</name></wpt>
      <rte><name>Plan</name><rtept lat="1" lon="1"/><rtept lat="2" lon="2"/></rte>
      <trk><name>Morning</name>
        <trkseg>
          <trkpt lat="10" lon="10"><time>2024-05-01T08:00:00Z</time></trkpt>
          <trkpt lat="11" lon="11"><time>2024-05-01T08:00:01Z</time><extensions><hacc>500</hacc></extensions></trkpt>
        </trkseg>
        <trkseg>
          <trkpt lat="12" lon="12"><time>2024-05-01T08:00:00Z</time></trkpt>
        </trkseg>
        <trkseg>
          <trkpt lat="13" lon="13"><time>2024-05-01T08:00:02Z</time></trkpt>
        </trkseg>
      </trk>
      <trk><trkseg/></trk>
      <trk><trkseg><trkpt lat="5" lon="5"><extensions><hacc>-1</hacc></extensions></trkpt></trkseg></trk>
    </gpx>
    """

    @Test func gpxTracksRoutesAndWaypointsAreFilteredAndStyled() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("walk.gpx", Self.gpx)
        let style = Track(color: .black, width: 3)
        let warnings = WarningLog()
        let result = try TrackFile.load(path: path, filter: FixFilter(), style: style, startEndMarkers: true, warnings: warnings)

        var morning = style
        morning.segments = [[LatLon(10, 10)], [LatLon(13, 13)]]  // the middle segment went back in time
        morning.title = "Morning"
        morning.startMarker = true
        morning.endMarker = true
        var plan = morning
        plan.segments = [[LatLon(1, 1), LatLon(2, 2)]]
        plan.title = "Plan"
        #expect(result.overlays == [.track(morning), .track(plan), .marker(Marker(coordinate: LatLon(43.7314, 7.4197), title: "Start"))])
        #expect(result.reports == [FixFilterReport(total: 7, kept: 4, invalidAccuracy: 1, poorAccuracy: 1, timeNotIncreasing: 1,
                                                   maxAccuracyMeters: 100)])
        #expect(warnings.messages == [
            "\(path): track 2 has no points",
            "\(path): the only fix of track 3 was filtered out (kept 0 of 1 fix; dropped 1 with negative accuracy)",
        ])
    }

    @Test func aStyleTitleWinsOverTheTrackName() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("walk.GPX", Self.gpx)
        let warnings = WarningLog()
        let result = try TrackFile.load(path: path, filter: .keepAll, style: Track(title: "Mine"), startEndMarkers: false, warnings: warnings)
        #expect(result.overlays.tracks.map(\.title) == ["Mine", "Mine"])
        #expect(result.overlays.tracks.allSatisfy { !$0.startMarker && !$0.endMarker })
        // Keeping all still drops the invalid fix; the late and the repeated ones stay.
        #expect(result.overlays.tracks.first?.segments == [[LatLon(10, 10), LatLon(11, 11)], [LatLon(12, 12)], [LatLon(13, 13)]])
        #expect(warnings.messages == ["\(path): track 2 has no points",
                                      "\(path): the only fix of track 3 was filtered out (kept 0 of 1 fix; dropped 1 with negative accuracy)"])
    }

    @Test func csvFixesBecomeOneTrack() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("fixes.csv", "lat,lon,accuracy_m,time\n1,1,5,10\n2,2,500,11\n3,3,5,12\n4,4,5,12\n")
        let warnings = WarningLog()
        let result = try TrackFile.load(path: path, filter: FixFilter(), style: Track(), startEndMarkers: false, warnings: warnings)
        #expect(result.overlays == [.track(Track(segments: [[LatLon(1, 1), LatLon(3, 3)]]))])
        #expect(result.reports.map(\.description)
            == ["kept 2 of 4 fixes; dropped 1 with accuracy worse than 100 m, 1 whose time went backwards or repeated"])
        #expect(warnings.messages.isEmpty)
    }

    struct Warned: Sendable, CustomTestStringConvertible {
        let name: String, text: String, warning: String
        var testDescription: String { warning }
    }

    static let warned: [Warned] = [
        .init(name: "empty.csv", text: "# nothing yet\n", warning: "empty.csv: no fixes"),
        .init(name: "bad.csv", text: "1,1,-1\n2,2,-1\n", warning: "bad.csv: all 2 fixes were filtered out (kept 0 of 2 fixes; dropped 2 with negative accuracy)"),
        .init(name: "empty.gpx", text: "<gpx/>", warning: "empty.gpx: no track, route or waypoint"),
        .init(name: "empty.geojson", text: #"{"type": "FeatureCollection", "features": []}"#, warning: "empty.geojson: no features to draw"),
    ]

    @Test(arguments: warned)
    func nothingToDrawIsAWarningNotAnError(_ c: Warned) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(c.name, c.text)
        let warnings = WarningLog()
        let result = try TrackFile.load(path: path, filter: FixFilter(), style: Track(), startEndMarkers: true, warnings: warnings)
        #expect(result.overlays.isEmpty)
        #expect(warnings.messages == [folder.url.path + "/" + c.warning])
    }

    @Test func geoJSONLinesTakeTheStyleAndTheirOwnProperties() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("route.json", """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"stroke": "#fff"}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}},
          {"type": "Feature", "properties": {"title": "Cafe"}, "geometry": {"type": "Point", "coordinates": [2, 2]}}]}
        """)
        let warnings = WarningLog()
        let result = try TrackFile.load(path: path, filter: FixFilter(), style: Track(width: 7), startEndMarkers: true, warnings: warnings)
        #expect(result.overlays == [
            .track(Track(segments: [[LatLon(0, 0), LatLon(1, 1)]], color: .white, width: 7, startMarker: true, endMarker: true)),
            .marker(Marker(coordinate: LatLon(2, 2), title: "Cafe")),
        ])
        #expect(result.reports.isEmpty && warnings.messages.isEmpty)
    }

    @Test func fileErrorsNameThePath() throws {
        let folder = try TemporaryFolder()
        let base = folder.url.path
        func message(_ path: String) -> String? {
            overlayErrorMessage { () throws(OverlayError) in
                _ = try TrackFile.load(path: path, filter: FixFilter(), style: Track(), startEndMarkers: false, warnings: WarningLog())
            }
        }
        #expect(message("\(base)/missing.gpx") == "\(base)/missing.gpx: no such file")
        #expect(message("\(base)/route.kml") == "\(base)/route.kml: unsupported file type (expected .gpx, .geojson, .json or .csv)")
        #expect(message("\(base)/noextension") == "\(base)/noextension: unsupported file type (expected .gpx, .geojson, .json or .csv)")
        try FileManager.default.createDirectory(atPath: "\(base)/folder.gpx", withIntermediateDirectories: false)
        #expect(message("\(base)/folder.gpx") == "\(base)/folder.gpx: cannot be read: is a folder, not a regular file")
        let bad = try folder.write("bad.csv", "1,2\n1,x\n")
        #expect(message(bad) == "\(bad):2: 'x' is not a number (column lon)")
        let badGPX = try folder.write("bad.gpx", "<gpx>\n<wpt lat='1'/></gpx>")
        #expect(message(badGPX) == "\(badGPX):2: wpt has no lon attribute")
    }
}
