import Testing
import MapsnapFormats

@Suite struct JSONSyntaxErrorTests {
    @Test func describesWhereAndWhat() {
        let error = JSONSyntaxError(line: 2, column: 14, message: "expected ',' or '}' after an object member, found ']'")
        #expect(error.description == "line 2, column 14: expected ',' or '}' after an object member, found ']'")
    }
}
