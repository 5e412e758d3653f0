@testable import MapsnapServe
import Testing

struct RequestTargetTests {
    @Test func splitsBeforeDecoding() throws {
        let t = try RequestTarget(parsing: "/styles/v1/u/light/static/geojson(%7B%22title%22%3A%22a%2Fb%22%7D)/auto/10x10?a=1+2&b=%26&a=&c")
        #expect(t.segments == ["styles", "v1", "u", "light", "static", "geojson({\"title\":\"a/b\"})", "auto", "10x10"])
        #expect(t.query.map(\.name) == ["a", "b", "a", "c"])
        #expect(t.values("a") == ["1 2", ""])
        #expect(t.values("b") == ["&"])
        #expect(try RequestTarget(parsing: "/").segments == [])
        #expect(try RequestTarget(parsing: "/a+b").segments == ["a+b"])
        #expect(try RequestTarget(parsing: "http://example.org/health?x#frag").segments == ["health"])
    }

    @Test(arguments: [
        ("health", "the request target must start with '/', got 'health'"),
        ("/a%2", "the path: '%' must be followed by two hexadecimal digits"),
        ("/a%zz", "the path: '%' must be followed by two hexadecimal digits"),
        ("/a%ff", "the path: the decoded bytes are not UTF-8"),
        ("/s?x=%C3", "query parameter 'x': the decoded bytes are not UTF-8"),
    ])
    func refusesMalformedTargets(target: String, message: String) {
        #expect(throws: HTTPError(400, message)) { try RequestTarget(parsing: target) }
    }
}
