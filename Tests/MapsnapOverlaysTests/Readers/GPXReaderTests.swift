import Foundation
import Testing
@testable import MapsnapOverlays
import MapsnapGeo

struct GPXReaderTests {
    static let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="mapsnap tests" xmlns="http://www.topografix.com/GPX/1/1"
         xmlns:tpx="https://logiqx.github.io/gpx-ideas/xmlschemas/tpx/1/0">
      <metadata><name>Monaco walk</name><time>2024-05-01T07:00:00Z</time></metadata>
      <wpt lat="43.7314" lon="7.4197"><name>Palais &amp; jardins</name><sym>Flag</sym></wpt>
      <wpt lat="43.7396" lon="7.4275"/>
      <rte>
        <name>Planned</name>
        <rtept lat="43.7314" lon="7.4197"><name>start</name></rtept>
        <rtept lat="43.7396" lon="7.4275"/>
      </rte>
      <trk>
        <name>Morning</name>
        <trkseg>
          <trkpt lat="43.73140" lon="7.41970">
            <ele>55.2</ele>
            <time>2024-05-01T08:30:00Z</time>
            <hdop>3.2</hdop>
            <extensions><tpx:extras><tpx:hacc>4.5</tpx:hacc></tpx:extras></extensions>
          </trkpt>
          <trkpt lat="43.73150" lon="7.41980"><time>2024-05-01T08:30:05.5Z</time></trkpt>
        </trkseg>
        <trkseg>
          <trkpt lat="43.7396" lon="7.4275"><extensions><accuracy> 12 </accuracy></extensions></trkpt>
        </trkseg>
      </trk>
      <trk><trkseg/></trk>
    </gpx>
    """

    static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test func readsTracksRoutesAndWaypoints() throws {
        let doc = try GPXReader.read(Self.sample.utf8Data, fileName: "walk.gpx")
        #expect(doc.waypoints == [
            Marker(coordinate: LatLon(43.7314, 7.4197), title: "Palais & jardins"),
            Marker(coordinate: LatLon(43.7396, 7.4275)),
        ])
        #expect(doc.routes == [[Fix(coordinate: LatLon(43.7314, 7.4197)), Fix(coordinate: LatLon(43.7396, 7.4275))]])
        #expect(doc.routeNames == ["Planned"])
        #expect(doc.trackNames == ["Morning", nil])
        #expect(doc.tracks == [
            [
                [Fix(coordinate: LatLon(43.7314, 7.4197), accuracyMeters: 4.5, time: Self.at(1_714_552_200)),
                 Fix(coordinate: LatLon(43.7315, 7.4198), time: Self.at(1_714_552_205.5))],
                [Fix(coordinate: LatLon(43.7396, 7.4275), accuracyMeters: 12)],
            ],
            [[]],
        ])
    }

    @Test func readsGPX10() throws {
        let gpx10 = """
        <?xml version="1.0"?>
        <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0">
        <trk><name>Old</name><trkseg>
        <trkpt lat="-33.8688" lon="151.2093"><time>2003-07-12T10:00:00Z</time><course>12</course><speed>1.5</speed></trkpt>
        </trkseg></trk></gpx>
        """
        let doc = try GPXReader.read(gpx10.utf8Data, fileName: "old.gpx")
        #expect(doc.tracks == [[[Fix(coordinate: LatLon(-33.8688, 151.2093), time: Self.at(1_058_004_000))]]])
        #expect(doc.trackNames == ["Old"])
    }

    @Test func prefixedElementsAndPointsOutsideSegmentsAreRead() throws {
        let gpx = """
        <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:trk>
        <g:trkpt lat="1" lon="2"/><g:trkpt lat="3" lon="4"/>
        </g:trk></g:gpx>
        """
        let doc = try GPXReader.read(gpx.utf8Data, fileName: "p.gpx")
        #expect(doc.tracks == [[[Fix(coordinate: LatLon(1, 2)), Fix(coordinate: LatLon(3, 4))]]])
    }

    /// Elements that hold one text are read in one step; a comment before the text makes the
    /// reader take it event by event. Both read the same.
    @Test func textElementsReadTheSameEitherWay() throws {
        let gpx = """
        <gpx><wpt lat="1" lon="2"><name> Caf&#xE9; &amp; bar </name></wpt>
        <trk><name>T</name><trkseg>
        <trkpt lat="1" lon="2"><ele>3</ele><time> 2024-05-01T08:30:00Z </time><extensions><hacc>4</hacc></extensions></trkpt>
        <trkpt lat="3" lon="4"><time>2024-05-01T08:30:01.5+00:00</time ><name></name></trkpt>
        </trkseg></trk></gpx>
        """
        let fast = try GPXReader.read(gpx.utf8Data, fileName: "t.gpx")
        for element in ["name", "ele", "time", "hacc"] {
            let slow = gpx.replacingOccurrences(of: "<\(element)>", with: "<\(element)><!---->")
            #expect(try GPXReader.read(slow.utf8Data, fileName: "t.gpx") == fast, "\(element)")
        }
        #expect(fast.waypoints.first?.title == "Café & bar")
        #expect(fast.tracks[0][0].map(\.time) == [Self.at(1_714_552_200), Self.at(1_714_552_201.5)])
        #expect(fast.tracks[0][0].first?.accuracyMeters == 4)
    }

    @Test func anEmptyTimeIsNotATime() {
        #expect(overlayErrorMessage { () throws(OverlayError) in
            _ = try GPXReader.read("<gpx><wpt lat=\"1\" lon=\"2\">\n<time></time></wpt></gpx>".utf8Data, fileName: "e.gpx")
        } == "e.gpx:2: <time> \"\" is not an ISO 8601 date and time (e.g. 2024-05-01T08:30:00Z)")
        #expect(overlayErrorMessage { () throws(OverlayError) in
            _ = try GPXReader.read("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">\n<time></time></trkpt></trkseg></trk></gpx>".utf8Data, fileName: "e.gpx")
        } == "e.gpx:2: <time> \"\" is not an ISO 8601 date and time (e.g. 2024-05-01T08:30:00Z)")
    }

    @Test func latin1DeclarationDecodesNames() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx><wpt lat=\"1\" lon=\"2\"><name>Caf".utf8)
        data.append(0xE9)  // é in ISO 8859-1
        data.append(contentsOf: Array(" &amp; bar</name></wpt></gpx>".utf8))
        let doc = try GPXReader.read(data, fileName: "l.gpx")
        #expect(doc.waypoints.first?.title == "Café & bar")
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let gpx: String, message: String
        var testDescription: String { message }
    }

    static let bad: [Bad] = [
        .init(gpx: "<gpx>\n<trk><trkseg>\n<trkpt lat=\"95.1\" lon=\"7\"/>\n</trkseg></trk></gpx>",
              message: "track.gpx:3: trkpt has lat=\"95.1\" outside -90...90"),
        .init(gpx: "<gpx>\n<wpt lat=\"1\" lon=\"-180.5\"/></gpx>", message: "track.gpx:2: wpt has lon=\"-180.5\" outside -180...180"),
        .init(gpx: "<gpx><rte>\n\n<rtept lat=\"north\" lon=\"7\"/></rte></gpx>",
              message: "track.gpx:3: rtept has lat=\"north\", which is not a number"),
        .init(gpx: "<gpx><wpt lat=\"NaN\" lon=\"7\"/></gpx>", message: "track.gpx:1: wpt has lat=\"NaN\", which is not a number"),
        .init(gpx: "<gpx><wpt lat=\"\" lon=\"7\"/></gpx>", message: "track.gpx:1: wpt has lat=\"\", which is not a number"),
        .init(gpx: "<gpx>\n<trk><trkseg><trkpt lon=\"7\"/></trkseg></trk></gpx>", message: "track.gpx:2: trkpt has no lat attribute"),
        .init(gpx: "<gpx><wpt lat=\"7\"/></gpx>", message: "track.gpx:1: wpt has no lon attribute"),
        .init(gpx: "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">\n<time>yesterday</time></trkpt></trkseg></trk></gpx>",
              message: "track.gpx:2: <time> \"yesterday\" is not an ISO 8601 date and time (e.g. 2024-05-01T08:30:00Z)"),
        .init(gpx: "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><extensions>\n<x:hacc>good</x:hacc></extensions></trkpt></trkseg></trk></gpx>",
              message: "track.gpx:2: <hacc> \"good\" is not a number"),
        .init(gpx: "<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>",
              message: "track.gpx:2: the root element is <kml>, not <gpx>"),
        .init(gpx: "<gpx>\n<trk>\n<trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n</trkseg>\n</trk>\n</gpx>",
              message: "track.gpx:5: malformed XML: </trkseg> does not match <trkpt> opened on line 4"),
        .init(gpx: "<gpx><trk>", message: "track.gpx:1: malformed XML: the document ends before <trk> (line 1) is closed"),
        .init(gpx: "", message: "track.gpx:1: malformed XML: the document has no root element"),
        .init(gpx: "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><gpx/>",
              message: "track.gpx:1: malformed XML: the encoding \"shift_jis\" is not supported (save the file as UTF-8)"),
        .init(gpx: "<gpx><wpt lat=\"1\" lon=\"2\"><name>R&D</name></wpt></gpx>",
              message: "track.gpx:1: malformed XML: & not followed by an entity name and ; (write & as &amp;)"),
    ]

    @Test(arguments: bad)
    func errorsNameTheLine(_ c: Bad) {
        #expect(overlayErrorMessage { () throws(OverlayError) in _ = try GPXReader.read(c.gpx.utf8Data, fileName: "track.gpx") }
            == c.message)
    }

    @Test func utf16IsRefused() {
        let data = Data([0xFF, 0xFE]) + "<gpx/>".data(using: .utf16LittleEndian)!
        #expect(overlayErrorMessage { () throws(OverlayError) in _ = try GPXReader.read(data, fileName: "w.gpx") }
            == "w.gpx:1: malformed XML: UTF-16 text is not supported (save the file as UTF-8)")
    }

    // MARK: large files

    /// A track of `count` points in 3 segments, one a second from 2024-05-01T08:00:00Z, 1 m apart.
    /// Every 100th point (at 7) has a 150 m accuracy, every 1000th (at 500) an invalid -1, every
    /// 250th (at 3) repeats the previous point's time and every 2000th (at 1999) goes 10 s back.
    static func generatedTrack(count: Int) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<gpx version=\"1.1\" creator=\"mapsnap tests\" xmlns=\"http://www.topografix.com/GPX/1/1\">",
                     "<trk><name>Generated</name><trkseg>"]
        lines.reserveCapacity(count + 10)
        let t0 = 1_714_550_400
        for i in 0..<count {
            if i > 0 && i % (count / 3) == 0 && i / (count / 3) < 3 { lines.append("</trkseg><trkseg>") }
            var seconds = t0 + i
            if i % 250 == 3 { seconds -= 1 }
            if i % 2000 == 1999 { seconds -= 10 }
            let accuracy = i % 1000 == 500 ? -1 : i % 100 == 7 ? 150 : 5 + i % 20
            let time = Self.iso8601(secondsAfterMay1: seconds - t0 + 8 * 3600)
            let lat = 43.7 + Double(i) * 9e-6, lon = 7.4 + Double(i % 500) * 1e-6
            lines.append("<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><ele>\(i % 50)</ele><time>\(time)</time>"
                + "<extensions><hacc>\(accuracy)</hacc></extensions></trkpt>")
        }
        lines.append("</trkseg></trk></gpx>")
        return lines.joined(separator: "\n")
    }

    /// `2024-05-DDTHH:MM:SSZ` for a time within May 2024 (written by hand: a formatter per point
    /// would take longer than the parse being tested).
    static func iso8601(secondsAfterMay1 s: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "2024-05-\(two(1 + s / 86_400))T\(two(s % 86_400 / 3600)):\(two(s % 3600 / 60)):\(two(s % 60))Z"
    }

    @Test func generatedTimesAreISO8601() {
        #expect(Self.iso8601(secondsAfterMay1: 8 * 3600) == "2024-05-01T08:00:00Z")
        #expect(Self.iso8601(secondsAfterMay1: 86_400 + 3723) == "2024-05-02T01:02:03Z")
    }

    @Test func tenThousandPointsParseAndFilterAsSpecified() throws {
        let doc = try GPXReader.read(Self.generatedTrack(count: 12_000).utf8Data, fileName: "big.gpx")
        #expect(doc.tracks.count == 1)
        #expect(doc.tracks[0].map(\.count) == [4_000, 4_000, 4_000])
        let fixes = doc.tracks[0].flatMap { $0 }
        #expect(fixes[7].accuracyMeters == 150 && fixes[500].accuracyMeters == -1 && fixes[8].accuracyMeters == 13)
        #expect(fixes[3].time == fixes[2].time)

        let (kept, report) = FixFilter().apply(fixes)
        // 120 at 150 m (i % 100 == 7), 12 at -1 (i % 1000 == 500), 48 repeated (i % 250 == 3) and
        // 6 backwards (i % 2000 == 1999) times; none of these overlap.
        #expect(report == FixFilterReport(total: 12_000, kept: 11_814, invalidAccuracy: 12, poorAccuracy: 120,
                                          timeNotIncreasing: 54, maxAccuracyMeters: 100))
        #expect(kept.count == 11_814)
        #expect(report.description
            == "kept 11,814 of 12,000 fixes; dropped 120 with accuracy worse than 100 m, 12 with negative accuracy, 54 whose time went backwards or repeated")
        // The kept times strictly increase.
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.time! < $1.time! })
    }


    /// A long track reads whole (its speed is measured by bench/readers.sh, not asserted here).
    @Test func hundredThousandPointsAreRead() throws {
        let data = Self.generatedTrack(count: 100_000).utf8Data
        let document = try GPXReader.read(data, fileName: "huge.gpx")
        #expect(document.tracks[0].reduce(0) { $0 + $1.count } == 100_000)
    }
}
