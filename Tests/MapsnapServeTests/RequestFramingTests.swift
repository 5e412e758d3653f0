@testable import MapsnapServe
import Testing

/// Framing that two parsers could read two ways is refused (request smuggling); the rest is read.
struct RequestFramingTests {
    typealias Lines = [(name: String, value: String)]

    @Test func plainFramingIsRead() throws {
        #expect(try RequestFraming.read([("Host", "x")], version: "HTTP/1.1") == .none)
        #expect(try RequestFraming.read([("Content-Length", "0")], version: "HTTP/1.1") == .none)
        #expect(try RequestFraming.read([("content-length", " 42 ")], version: "HTTP/1.0") == .length(42))
        #expect(try RequestFraming.read([("Transfer-Encoding", "Chunked")], version: "HTTP/1.1") == .chunked)
    }

    @Test(arguments: [
        ([("Content-Length", "5"), ("Content-Length", "50")], "2 Content-Length headers"),
        ([("Content-Length", "5"), ("content-length", "5")], "2 Content-Length headers"),
        ([("Content-Length", "5"), ("Transfer-Encoding", "chunked")], "Content-Length and Transfer-Encoding together"),
        ([("Transfer-Encoding", "chunked"), ("Content-Length", "5")], "Content-Length and Transfer-Encoding together"),
        ([("Transfer-Encoding", "gzip, chunked")], "Transfer-Encoding 'gzip, chunked' (this server reads chunked only)"),
        ([("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")], "2 Transfer-Encoding headers"),
        ([("Transfer-Encoding", "xchunked")], "Transfer-Encoding 'xchunked' (this server reads chunked only)"),
        ([("Content-Length", "5, 5")], "Content-Length '5, 5' is not a number of bytes"),
        ([("Content-Length", "+5")], "Content-Length '+5' is not a number of bytes"),
        ([("Content-Length", "")], "Content-Length '' is not a number of bytes"),
        ([("Content-Length ", "5")], "the header name 'Content-Length ' holds whitespace"),
    ] as [(Lines, String)])
    func ambiguousFramingIs400(_ lines: Lines, _ why: String) {
        #expect(throws: HTTPError.badRequest("the request's framing is ambiguous: \(why); the connection is closed")) {
            try RequestFraming.read(lines, version: "HTTP/1.1")
        }
    }

    @Test func transferEncodingIsRefusedInHTTP10() {
        #expect(throws: HTTPError.badRequest("the request's framing is ambiguous: Transfer-Encoding in an HTTP/1.0 request; the connection is closed")) {
            try RequestFraming.read([("Transfer-Encoding", "chunked")], version: "HTTP/1.0")
        }
    }

    @Test func aLengthBeyondAnyIntegerIs413() {
        #expect(throws: HTTPError(413, "the request body's Content-Length 99999999999999999999999 is more than this server reads")) {
            try RequestFraming.read([("Content-Length", "99999999999999999999999")], version: "HTTP/1.1")
        }
    }

    @Test func onlyPostStaticTakesABody() {
        #expect(Route.takesBody(method: "POST", target: "/static"))
        #expect(Route.takesBody(method: "POST", target: "/static?x=1"))
        #expect(!Route.takesBody(method: "GET", target: "/static"))
        #expect(!Route.takesBody(method: "POST", target: "/health"))
        #expect(!Route.takesBody(method: "POST", target: "/static/x"))
    }
}
