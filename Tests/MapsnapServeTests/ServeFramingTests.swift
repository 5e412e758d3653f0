import Foundation
import Testing

/// Request smuggling: two `Content-Length` headers were accepted (libmicrohttpd takes the first)
/// and the rest of the body was answered as a second request. Any framing two parsers could read
/// two ways is a 400 and the connection is closed, so nothing after it is read as a request.
@Suite(.serialized)
struct ServeFramingTests {
    static let body = #"{"center": [43.736, 7.426], "zoom": 15, "size": "64x64"}"#
    /// A second request hidden in the bytes the first Content-Length leaves over.
    static let smuggled = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"

    func refused(_ port: Int, _ head: String, _ rest: String, why: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let client = try HTTPTestClient(port: port)
        try client.sendRaw(head + "\r\n" + rest)
        let r = try client.receive()
        #expect(r.status == 400, "\(r.status) \(r.text)", sourceLocation: sourceLocation)
        #expect(r.text == "the request's framing is ambiguous: \(why); the connection is closed\n", sourceLocation: sourceLocation)
        #expect(r.header("Connection") == "close", sourceLocation: sourceLocation)
        #expect(try client.readToEnd().isEmpty, "nothing after the 400: the smuggled request is not answered", sourceLocation: sourceLocation)
    }

    @Test func conflictingFramingIs400AndTheConnectionCloses() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1"])
        let p = server.port
        let n = Self.body.utf8.count
        let post = "POST /static HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        try refused(p, post + "Content-Length: \(n)\r\nContent-Length: \(n + Self.smuggled.utf8.count)\r\n", Self.body + Self.smuggled,
                    why: "2 Content-Length headers")
        try refused(p, post + "Content-Length: \(n)\r\nContent-Length: \(n)\r\n", Self.body, why: "2 Content-Length headers")
        try refused(p, post + "Content-Length: \(n)\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n" + Self.smuggled,
                    why: "Content-Length and Transfer-Encoding together")
        try refused(p, post + "Transfer-Encoding: gzip\r\n", Self.body + Self.smuggled, why: "Transfer-Encoding 'gzip' (this server reads chunked only)")
        try refused(p, post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n", "0\r\n\r\n", why: "2 Transfer-Encoding headers")
        try refused(p, "POST /static HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n", why: "Transfer-Encoding in an HTTP/1.0 request")
        try refused(p, "GET /health HTTP/1.1\r\nHost: x\r\nContent-Length : 5\r\n", "hello" + Self.smuggled,
                    why: "the header name 'Content-Length ' holds whitespace")
        let metrics = try HTTPTestClient.get(p, "/metrics").text.split(separator: "\n")
        #expect(!metrics.contains { $0.hasPrefix("mapsnap_http_requests_total{route=\"metrics\"") }, "no smuggled /metrics was answered")
        #expect(metrics.contains("mapsnap_http_requests_total{route=\"static\",status=\"400\"} 6"), "the refusals are counted")

        // Framing that is plain is read as before: a chunked body, then a kept-alive request.
        let client = try HTTPTestClient(port: p)
        try client.sendRaw("POST /static HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                           + String(Self.body.utf8.count, radix: 16) + "\r\n" + Self.body + "\r\n0\r\n\r\n")
        let image = try client.receive()
        #expect(image.status == 200 && pngSize(image.body)?.width == 64, "\(image.status) \(image.text)")
        #expect(try client.request("GET", "/health").text == "ok\n")
        #expect(server.stop() == 0)
    }
}
