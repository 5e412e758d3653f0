import Foundation
import Testing
@testable import MapsnapOverlays

/// Plain track points are read straight from the bytes (`GPXBuilder.readPlainTrackPoint`):
/// every document reads the same with the shortcut and without it, and every error is the same.
struct GPXPlainPointTests {
    static func points(_ body: String) -> String {
        "<?xml version=\"1.0\"?>\n<gpx><trk><name>T</name><trkseg>\n" + body + "\n</trkseg></trk></gpx>"
    }

    static let documents: [String] = [
        GPXReaderTests.sample,
        points(#"<trkpt lat="43.7" lon="7.4"><ele>12</ele><time>2024-05-01T08:30:00Z</time></trkpt>"#),
        points(#"<trkpt lon="7.4" lat="43.7"/><trkpt lat="43.8" lon="7.5" />"#),
        points(#"<trkpt lat=' 43.7 ' lon="7.4"></trkpt><trkpt lat = "43.7" lon="7.4"></trkpt>"#),
        points(#"<trkpt lat="43.7" lon="7.4"><ele>1&amp;2</ele><time> 2024-05-01T08:30:00Z </time></trkpt>"#),
        points(#"<trkpt lat="43.7" lon="7.4"><time>2024-05-01T08:30:00Z</time><time>2024-05-01T09:30:00Z</time></trkpt>"#),
        points(#"<trkpt lat="43.7" lon="7.4"><hdop>3</hdop><extensions><hacc>4</hacc></extensions></trkpt>"#),
        points(#"<trkpt lat="43.7" lon="7.4"><time >2024-05-01T08:30:00Z</time ><ele/></trkpt ><!-- c --><trkpt lat="1" lon="1"/>"#),
        points(#"<trkpt lat="43.7" lon="7.4" lat="1"/>"#),
        points(#"<trkpt lat="93.7" lon="7.4"/>"#),
        points(#"<trkpt lat="x" lon="7.4"/>"#),
        points(#"<trkpt lat="43.7"/>"#),
        points(#"<trkpt lat="43.7" lon="7.4"><time></time></trkpt>"#),
        points(#"<trkpt lat="43.7" lon="7.4"><time>yesterday</time></trkpt>"#),
        points(#"<trkpt lat="43.7" lon="7.4"><time>2024-05-01T08:30:00Z</ele></trkpt>"#),
        points(#"<trkpt lat="43.7" lon="7.4"><ele>1</ele></trkptx>"#),
        points(#"<trkpt lat="43.7" lon="7.4">text<ele>1</ele></trkpt>"#),
        points(#"<trkpt lat="43.7" lon="7.4"><ele>1</ele>"#),
        points(#"<trkpt lat="43.7" lon="7.4"#),
        points(#"<trkptx lat="43.7" lon="7.4"/><g:trkpt lat="1" lon="1"/>"#),
        "<gpx><trk><trkpt lat=\"1\" lon=\"1\"/><trkpt lat=\"2\" lon=\"2\"/></trk></gpx>",
        "<gpx><trk><name><trkpt lat=\"1\" lon=\"1\"/></name><trkseg/></trk></gpx>",
    ]

    @Test(arguments: documents.indices)
    func readsTheSameWithTheShortcutAndWithout(_ index: Int) {
        let data = Data(Self.documents[index].utf8)
        let general = Result { () throws(OverlayError) in try GPXReader.readWhole(data, fileName: "t.gpx", plainPointShortcut: false) }
        let shortcut = Result { () throws(OverlayError) in try GPXReader.readWhole(data, fileName: "t.gpx") }
        switch (general, shortcut) {
        case (.success(let a), .success(let b)): #expect(a == b, "document \(index)")
        case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "document \(index)")
        default: Issue.record("document \(index): \(general) but with the shortcut \(shortcut)")
        }
    }
}

/// A long GPX file is read in two parts on two threads (`GPXReader.readInTwo`): at every
/// possible split the result is the one-thread document, or nothing (the caller then reads the
/// file whole), never another document and never one where the whole read fails.
struct GPXSplitReadTests {
    static let documents: [(name: String, text: String)] = [
        ("sample", GPXReaderTests.sample),
        ("comment and CDATA holding points", """
        <gpx><trk><trkseg>
        <trkpt lat="1" lon="2"><time>2024-05-01T08:30:00Z</time></trkpt>
        <!-- <trkpt lat="9" lon="9"></trkpt> -->
        <trkpt lat="3" lon="4"><name><![CDATA[<trkpt lat="8" lon="8">]]></name></trkpt>
        <trkpt lat="5" lon="6"/>
        </trkseg></trk></gpx>
        """),
        ("track named after its segments, then more tracks and waypoints", """
        <gpx><trk><name>Early</name><trkseg><trkpt lat="1" lon="1"/><trkpt lat="1.5" lon="1"/></trkseg>
        <trkseg><trkpt lat="2" lon="2"/><trkpt lat="2.5" lon="2"/></trkseg><name>Late</name></trk>
        <trk><trkseg><trkpt lat="3" lon="3"/></trkseg><name></name></trk>
        <wpt lat="4" lon="4"><name>W</name></wpt><rte><rtept lat="5" lon="5"/></rte></gpx>
        """),
        ("prefixed names", """
        <?xml version="1.0"?>
        <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:trk><g:trkseg>
        <g:trkpt lat="1" lon="1"/><g:trkpt lat="2" lon="2"/><g:trkpt lat="3" lon="3"/>
        </g:trkseg></g:trk></g:gpx>
        """),
        ("a closing tag that does not match, after the points", """
        <gpx><trk><trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/><trkpt lat="3" lon="3"/></trkseg></trkx></gpx>
        """),
        ("a bad point after the split", """
        <gpx><trk><trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/><trkpt lat="x" lon="3"/></trkseg></trk></gpx>
        """),
        ("points outside a segment", """
        <gpx><trk><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/></trk></gpx>
        """),
        ("ends early", """
        <gpx><trk><trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/>
        """),
    ]

    @Test(arguments: documents.indices)
    func everySplitGivesTheWholeReadOrNothing(_ index: Int) throws {
        let (name, text) = Self.documents[index]
        let data = Data(text.utf8)
        let whole = Result { () throws(OverlayError) in try GPXReader.readWhole(data, fileName: "t.gpx") }
        var joined = 0
        for split in data.indices where data[split] == UInt8(ascii: "<") {
            guard let document = GPXReader.readInTwo(data, fileName: "t.gpx", at: split) else { continue }
            joined += 1
            #expect(try whole.get() == document, "\(name), split at byte \(split)")
        }
        if case .success = whole, name != "points outside a segment" {
            #expect(joined > 0, "\(name): some split joins")
        } else {
            #expect(joined == 0, "\(name): no split joins")
        }
    }

    @Test func aLatin1FileKeepsItsEncodingAfterTheSplit() throws {
        var data = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><gpx><trk><trkseg><trkpt lat="1" lon="1"/>"#.utf8)
        let split = data.count
        data += Data(#"<trkpt lat="2" lon="2"/></trkseg><name>Caf"#.utf8) + Data([0xE9]) + Data("</name></trk></gpx>".utf8)
        let document = try #require(GPXReader.readInTwo(data, fileName: "t.gpx", at: split))
        #expect(document.trackNames == ["Café"])
        #expect(document == (try GPXReader.readWhole(data, fileName: "t.gpx")))
    }

    @Test func aLongTrackIsSplitBeforeAPointAndReadTheSame() throws {
        var text = #"<?xml version="1.0"?><gpx><wpt lat="0" lon="0"/><trk><name>Long</name><trkseg>"#
        for i in 0..<30_000 {
            text += "\n<trkpt lat=\"\(Double(i) / 1e5)\" lon=\"7.4\"><ele>\(i % 90)</ele><time>2024-05-01T08:00:00Z</time></trkpt>"
        }
        text += "</trkseg></trk><wpt lat=\"1\" lon=\"1\"/></gpx>"
        let data = Data(text.utf8)
        let split = try data.withUnsafeBytes { try #require(GPXReader.splitPoint($0.bindMemory(to: UInt8.self))) }
        #expect(split >= data.count / 2 && split < data.count * 3 / 4)
        #expect(data[split..<(split + 7)].elementsEqual("<trkpt ".utf8))
        let document = try #require(GPXReader.readInTwo(data, fileName: "t.gpx"))
        #expect(document == (try GPXReader.readWhole(data, fileName: "t.gpx")))
        #expect(document.tracks[0][0].count == 30_000)
    }
}
