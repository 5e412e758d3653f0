import Foundation
import Testing
@testable import MapsnapOverlays
import MapsnapGeo

struct CSVFixReaderTests {
    static let t = Date(timeIntervalSince1970: 1_714_552_200)  // 2024-05-01T08:30:00Z

    struct Good: Sendable, CustomTestStringConvertible {
        let name: String, csv: String, fixes: [Fix]
        var testDescription: String { name }
    }

    static let good: [Good] = [
        .init(name: "lat,lon", csv: "43.7384,7.4246\n43.7390,7.4250\n",
              fixes: [Fix(coordinate: LatLon(43.7384, 7.4246)), Fix(coordinate: LatLon(43.739, 7.425))]),
        .init(name: "with accuracy, one unknown", csv: "43.7384,7.4246,12.5\n43.7390,7.4250,\n1,2,-1",
              fixes: [Fix(coordinate: LatLon(43.7384, 7.4246), accuracyMeters: 12.5), Fix(coordinate: LatLon(43.739, 7.425)),
                      Fix(coordinate: LatLon(1, 2), accuracyMeters: -1)]),
        .init(name: "with ISO 8601 and Unix times", csv: "1,2,5,2024-05-01T08:30:00Z\n1,2,,1714552200.5\n1,2,5,\n",
              fixes: [Fix(coordinate: LatLon(1, 2), accuracyMeters: 5, time: t),
                      Fix(coordinate: LatLon(1, 2), time: t.addingTimeInterval(0.5)),
                      Fix(coordinate: LatLon(1, 2), accuracyMeters: 5)]),
        .init(name: "comments, blank lines, CRLF, spaces, quotes and a BOM",
              csv: "\u{FEFF}# exported by a phone\r\n\r\n  \"43.7384\" , 7.4246 \r\n   # indented comment\n-33.5,151\r\n",
              fixes: [Fix(coordinate: LatLon(43.7384, 7.4246)), Fix(coordinate: LatLon(-33.5, 151))]),
        .init(name: "a header in another order with extra columns",
              csv: "Time,Speed,Longitude,Latitude,Accuracy\n2024-05-01T08:30:00Z,1.2,7.4246,43.7384,8\n,0,7.5,43.8,\n",
              fixes: [Fix(coordinate: LatLon(43.7384, 7.4246), accuracyMeters: 8, time: t), Fix(coordinate: LatLon(43.8, 7.5))]),
        .init(name: "header aliases", csv: "\"latitude\",lng,hacc,timestamp\n1,2,3,1714552200\n",
              fixes: [Fix(coordinate: LatLon(1, 2), accuracyMeters: 3, time: t)]),
        .init(name: "a header only", csv: "lat,lon\n", fixes: []),
        .init(name: "nothing", csv: "", fixes: []),
        .init(name: "quoted fields may hold commas", csv: "lat,lon,note,time\n1,2,\"left, then right\",\"2024-05-01T08:30:00Z\"\n",
              fixes: [Fix(coordinate: LatLon(1, 2), time: t)]),
        .init(name: "a quoted line break keeps the line numbers", csv: "lat,lon,note\n1,2,\"two\r\nlines\"\r\n3,4,\n",
              fixes: [Fix(coordinate: LatLon(1, 2)), Fix(coordinate: LatLon(3, 4))]),
        .init(name: "spaces inside quotes are trimmed too", csv: "\" 1 \",\"\t2\"", fixes: [Fix(coordinate: LatLon(1, 2))]),
        .init(name: "a lone CR ends a line", csv: "lat,lon\r1,2\r3,4", fixes: [Fix(coordinate: LatLon(1, 2)), Fix(coordinate: LatLon(3, 4))]),
        .init(name: "the limits", csv: "90,180\n-90,-180\n", fixes: [Fix(coordinate: LatLon(90, 180)), Fix(coordinate: LatLon(-90, -180))]),
    ]

    @Test(arguments: good)
    func reads(_ c: Good) throws {
        #expect(try CSVFixReader.read(c.csv.utf8Data, fileName: "fixes.csv") == c.fixes)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let csv: String, message: String
        var testDescription: String { message }
    }

    static let bad: [Bad] = [
        .init(csv: "1,2\n1,2\n1,2\n1,2\n1,2\n1,2\n1,abc\n", message: "fixes.csv:7: 'abc' is not a number (column lon)"),
        .init(csv: "# c\n95.1,7", message: "fixes.csv:2: '95.1' is outside -90...90 (column lat)"),
        .init(csv: "1,-180.01", message: "fixes.csv:1: '-180.01' is outside -180...180 (column lon)"),
        .init(csv: "1,2\nnan,2", message: "fixes.csv:2: 'nan' is not a number (column lat)"),
        .init(csv: "1,inf", message: "fixes.csv:1: 'inf' is not a number (column lon)"),
        .init(csv: "1,2,good", message: "fixes.csv:1: 'good' is not a number (column accuracy_m)"),
        .init(csv: "1,2,3,noon", message: "fixes.csv:1: 'noon' is not a time: ISO 8601 (e.g. 2024-05-01T08:30:00Z) or Unix seconds (column time)"),
        .init(csv: "1,2,3,4,5", message: "fixes.csv:1: expected lat,lon[,accuracy_m][,time], got 5 columns"),
        .init(csv: "1,2\n3", message: "fixes.csv:2: expected lat,lon[,accuracy_m][,time], got 1 column"),
        .init(csv: "when,lat\n1,2", message: "fixes.csv:1: the header has no lon column (expected lat,lon[,accuracy_m][,time])"),
        .init(csv: "x,y\n1,2", message: "fixes.csv:1: the header has no lat column (expected lat,lon[,accuracy_m][,time])"),
        .init(csv: "time,lat,lon\n\n2024-05-01T08:30:00Z,1", message: "fixes.csv:3: expected the header's 3 columns, got 2 columns"),
        .init(csv: "lat,lon,when,Accuracy\n1,2,x,fine", message: "fixes.csv:2: 'fine' is not a number (column Accuracy)"),
        .init(csv: "Latitude,Longitude\n91,0", message: "fixes.csv:2: '91' is outside -90...90 (column Latitude)"),
        .init(csv: "lat,lon,note\n1,2,\"a, b\"\n3,x,\"c\"\n", message: "fixes.csv:3: 'x' is not a number (column lon)"),
        .init(csv: "lat,lon,note\n1,2,\"two\nlines\"\n3,4,\"x\",y,z\n5", message: "fixes.csv:5: expected the header's 3 columns, got 1 column"),
        .init(csv: "lat,lon,note\n1,2,\"open\n3,4\n", message: "fixes.csv:2: malformed CSV: a quoted field is not closed (a \" is missing)"),
        .init(csv: "1,2\n\"3\"4,5\n", message: "fixes.csv:2: malformed CSV: text after the closing \" of a field (write a \" inside a quoted field as \"\")"),
        .init(csv: "lat,lon\n\"1\"\"\",2\n", message: "fixes.csv:2: '1\"' is not a number (column lat)"),
        .init(csv: "1,2\r3,4\r5,6,7,8,9", message: "fixes.csv:3: expected lat,lon[,accuracy_m][,time], got 5 columns"),
    ]

    @Test(arguments: bad)
    func errorsNameTheLineAndColumn(_ c: Bad) {
        #expect(overlayErrorMessage { () throws(OverlayError) in _ = try CSVFixReader.read(c.csv.utf8Data, fileName: "fixes.csv") }
            == c.message)
    }

    @Test func invalidUTF8NamesItsLine() {
        var data = Data("1,2\n3,4\n".utf8)
        data.append(contentsOf: [0x35, 0xFF, 0x2C, 0x36, 0x0A])
        #expect(overlayErrorMessage { () throws(OverlayError) in _ = try CSVFixReader.read(data, fileName: "fixes.csv") }
            == "fixes.csv:3: not UTF-8 text")
    }
}
