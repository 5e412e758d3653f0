import Foundation

/// An answer: status, headers (Content-Length is added by the HTTP layer) and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headers.append((name, value))
    }

    /// A one-line `text/plain` message (errors, health), never cached.
    public static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
                     body: Data((message + "\n").utf8))
    }

    /// A body of `contentType` with a strong ETag from its bytes, cacheable for `maxAge` seconds.
    public static func cacheable(_ body: Data, contentType: String, maxAge: Int) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", contentType), ("ETag", EntityTag.of(body)),
                                            ("Cache-Control", "public, max-age=\(maxAge)")], body: body)
    }

    /// A body that changes from one request to the next (metrics, the style list): never cached.
    public static func fresh(_ body: Data, contentType: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", contentType), ("Cache-Control", "no-store")], body: body)
    }

    /// The reason phrase of the statuses the server sends (MHD writes its own; this is for logs and tests).
    static let statusNames: [Int: String] = [
        200: "OK", 204: "No Content", 304: "Not Modified", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
        413: "Content Too Large", 414: "URI Too Long", 500: "Internal Server Error", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}
