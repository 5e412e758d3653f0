import Testing
import MapsnapFormats

struct CSVTests {
    @Test func rowsWithLines() throws {
        let text = "\u{FEFF}id,title,center\r\n\r\na,\"Nice, \"\"old\"\" town\",\"43.7,7.26\"\r\nb,,\r\n"
        #expect(try CSV.rows(text) == [
            CSV.Row(line: 1, fields: ["id", "title", "center"]),
            CSV.Row(line: 3, fields: ["a", "Nice, \"old\" town", "43.7,7.26"]),
            CSV.Row(line: 4, fields: ["b", "", ""]),
        ])
        #expect(try CSV.rows(Array("x\n".utf8)) == [CSV.Row(line: 1, fields: ["x"])])
    }

    @Test func rowsThrowTheFirstError() {
        #expect(throws: CSVError(line: 2, problem: .unterminatedQuote)) { try CSV.rows("a\n\"b\n") }
    }

    @Test(arguments: [
        ("plain", "plain"), ("", ""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""), ("cr\r", "\"cr\r\""), ("crlf\r\n", "\"crlf\r\n\""), ("Café", "Café"),
    ])
    func escape(field: String, cell: String) {
        #expect(CSV.escape(field) == cell)
    }

    /// What `escape` writes, the reader reads back.
    @Test func escapedCellsReadBack() throws {
        let fields = ["a,b", "say \"hi\"", "two\nlines", "", "x"]
        let rows = try CSV.rows(fields.map(CSV.escape).joined(separator: ",") + "\n")
        #expect(rows == [CSV.Row(line: 1, fields: fields)])
    }

    @Test func errorMessages() {
        #expect(CSVError(line: 3, problem: .unterminatedQuote).description == "line 3: a quoted field is not closed (a \" is missing)")
        #expect(CSVError(line: 1, problem: .textAfterClosingQuote).description
            == "line 1: text after the closing \" of a field (write a \" inside a quoted field as \"\")")
        #expect(CSVError(line: 9, problem: .notUTF8).description == "line 9: not UTF-8 text")
    }
}
