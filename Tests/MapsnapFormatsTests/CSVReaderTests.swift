import Testing
@testable import MapsnapFormats

struct CSVReaderTests {
    /// The records of `bytes` written out as `line: [field] [field]`, then the error as
    /// `line N: reason` if there is one, then the records after it.
    static func records(_ bytes: [UInt8], commentMarker: UInt8? = nil) -> [String] {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer, commentMarker: commentMarker)
            var out: [String] = []
            while true {
                do {
                    guard let record = try reader.next() else { return out }
                    out.append("\(record.line): " + record.strings.map { "[\($0)]" }.joined(separator: " "))
                } catch {
                    out.append("\(error)")
                }
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String, text: String, records: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        .init(name: "plain", text: "a,b,c\n1,2,3\n", records: ["1: [a] [b] [c]", "2: [1] [2] [3]"]),
        .init(name: "no final line end", text: "a,b\n1,2", records: ["1: [a] [b]", "2: [1] [2]"]),
        .init(name: "quoted commas", text: "id,title\n7,\"Nice, France\"\n", records: ["1: [id] [title]", "2: [7] [Nice, France]"]),
        .init(name: "escaped quotes", text: "\"say \"\"hi\"\"\",\"\"\"\"\n", records: ["1: [say \"hi\"] [\"]"]),
        .init(name: "quoted LF spans lines", text: "1,\"two\nlines\",3\n4,5,6\n", records: ["1: [1] [two\nlines] [3]", "3: [4] [5] [6]"]),
        .init(name: "quoted CRLF reads as LF", text: "1,\"two\r\nlines\"\r\n2,x\r\n", records: ["1: [1] [two\nlines]", "3: [2] [x]"]),
        .init(name: "quoted lone CR reads as LF", text: "\"a\rb\",c\n", records: ["1: [a\nb] [c]", ]),
        .init(name: "BOM", text: "\u{FEFF}lat,lon\n1,2\n", records: ["1: [lat] [lon]", "2: [1] [2]"]),
        .init(name: "BOM only", text: "\u{FEFF}", records: []),
        .init(name: "a BOM later is data", text: "a\n\u{FEFF}b\n", records: ["1: [a]", "2: [\u{FEFF}b]"]),
        .init(name: "CRLF file", text: "a,b\r\n1,2\r\n\r\n3,4\r\n", records: ["1: [a] [b]", "2: [1] [2]", "4: [3] [4]"]),
        .init(name: "lone CR ends a line", text: "a,b\r1,2\r3,4", records: ["1: [a] [b]", "2: [1] [2]", "3: [3] [4]"]),
        .init(name: "mixed line ends", text: "a\n\rb\r\n\nc", records: ["1: [a]", "3: [b]", "5: [c]"]),
        .init(name: "empty fields", text: ",\n,,x\n\"\",\"\"\n", records: ["1: [] []", "2: [] [] [x]", "3: [] []"]),
        .init(name: "trailing comma", text: "a,b,\nc,\n", records: ["1: [a] [b] []", "2: [c] []"]),
        .init(name: "trailing comma at the end", text: "a,", records: ["1: [a] []"]),
        .init(name: "blank lines skipped", text: "\n\n  \t\na\n\n\nb\n\n", records: ["4: [a]", "7: [b]"]),
        .init(name: "nothing", text: "", records: []),
        .init(name: "values are not trimmed", text: " a , b\t\n", records: ["1: [ a ] [ b\t]"]),
        .init(name: "spaces around a quoted field", text: "  \"a, b\"  , \"c\"\t\n", records: ["1: [a, b] [c]"]),
        .init(name: "a quote inside an unquoted field is kept", text: "5'11\",x\"y\n", records: ["1: [5'11\"] [x\"y]"]),
        .init(name: "# is data without a comment marker", text: "#a,b\n", records: ["1: [#a] [b]"]),
        .init(name: "UTF-8", text: "Café,東京,🗺️\n", records: ["1: [Café] [東京] [🗺️]"]),
        .init(name: "unterminated quote", text: "a,b\n1,\"open\n2,3\n", records: ["1: [a] [b]", "line 2: a quoted field is not closed (a \" is missing)"]),
        .init(name: "unterminated quote at the end", text: "\"", records: ["line 1: a quoted field is not closed (a \" is missing)"]),
        .init(name: "text after a closing quote, then the next line", text: "\"a\"b,c\n1,2\n",
              records: ["line 1: text after the closing \" of a field (write a \" inside a quoted field as \"\")", "2: [1] [2]"]),
        .init(name: "text after a closing quote on a later line", text: "x\n\"multi\nline\" y\nz\n",
              records: ["1: [x]", "line 3: text after the closing \" of a field (write a \" inside a quoted field as \"\")", "4: [z]"]),
    ]

    @Test(arguments: cases)
    func splits(_ c: Case) {
        #expect(Self.records(Array(c.text.utf8)) == c.records)
    }

    @Test func commentLinesAreSkippedWhereARecordWouldStart() {
        let text = "# exported\n  # indented\nlat,lon # not a comment\n\"# quoted\",1\n"
        #expect(Self.records(Array(text.utf8), commentMarker: UInt8(ascii: "#"))
            == ["3: [lat] [lon # not a comment]", "4: [# quoted] [1]"])
    }

    @Test func notUTF8NamesTheLineAndGoesOn() {
        let bytes = Array("1,2\n3,4\n5".utf8) + [0xFF] + Array(",6\n7,8\n".utf8)
        #expect(Self.records(bytes) == ["1: [1] [2]", "2: [3] [4]", "line 3: not UTF-8 text", "4: [7] [8]"])
    }

    @Test func notUTF8InsideQuotes() {
        let bytes = Array("\"a\n".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        #expect(Self.records(bytes) == ["line 2: not UTF-8 text"])
    }

    @Test func veryLongFields() {
        let long = String(repeating: "x", count: 1_000_000)
        let quoted = String(repeating: "a,\"\"\n", count: 100_000)
        let text = "\(long),\"\(quoted)\"\n1\n"
        let records = Array(text.utf8).withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer)
            var out: [(line: Int, fields: [String])] = []
            while let record = try? reader.next() { out.append((record.line, record.strings)) }
            return out
        }
        #expect(records.count == 2)
        #expect(records[0].fields == [long, String(repeating: "a,\"\n", count: 100_000)])
        #expect(records[1].line == 100_002 && records[1].fields == ["1"])
    }

    /// The eight-bytes-at-once scan finds each special byte at every offset, as a byte loop does.
    @Test(arguments: [UInt8(0x2C), 0x0A, 0x0D, 0x80, 0xC3, 0xFF])
    func firstSpecialByteAtEveryOffset(special: UInt8) {
        for length in 0...20 {
            for at in 0..<max(length, 1) {
                var bytes = Array(repeating: UInt8(ascii: "7"), count: length)
                if at < length { bytes[at] = special }
                // Neighbours that are one off the special bytes must not match.
                if at + 1 < length { bytes[at + 1] = special &- 1 }
                let expected = at < length ? at : length
                for start in 0...min(at, length) {
                    let found = bytes.withUnsafeBufferPointer { CSVReader.firstSpecialByte(in: $0, from: start) }
                    #expect(found == expected, "length \(length), special at \(at), from \(start)")
                }
            }
        }
    }

    @Test func withBytesGivesTheValueWithoutQuotes() {
        let text = Array("12.5,\"3\"\"4\",\"x\r\ny\"\n".utf8)
        text.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer)
            guard let record = try? reader.next() else { Issue.record("no record"); return }
            #expect(record.count == 3)
            #expect(record.withBytes(at: 0) { Array($0) } == Array("12.5".utf8))
            #expect(record.withBytes(at: 1) { Array($0) } == Array("3\"4".utf8))
            #expect(record.withBytes(at: 2) { Array($0) } == Array("x\ny".utf8))
            #expect(!record.isEmpty(at: 0))
        }
    }

    /// A record kept past the next call still reads its own fields.
    @Test func aHeldRecordKeepsItsFields() throws {
        try Array("a,b\nc,d,e\n".utf8).withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer)
            let first = try #require(try reader.next())
            let second = try #require(try reader.next())
            #expect(first.strings == ["a", "b"] && second.strings == ["c", "d", "e"])
            #expect(try reader.next() == nil)
        }
    }
}
