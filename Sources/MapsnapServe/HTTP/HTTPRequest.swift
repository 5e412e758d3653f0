import Foundation

/// One HTTP request as the routes see it: the method, the request target exactly as sent (path
/// and query, still percent-encoded), the headers the server reads, and the body.
public struct HTTPRequest: Sendable {
    public var method: String
    /// `/styles/light/14/8529/5974.png?x=1`, undecoded.
    public var target: String
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(method: String, target: String, headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The headers the server reads (the HTTP layer copies only these).
    static let readHeaders = ["Host", "If-None-Match", "X-Forwarded-Proto", "X-Forwarded-Host", "Content-Length", "Content-Type", "Origin"]

    /// GET and HEAD answer the same (HEAD without the body, which the HTTP layer drops).
    var isRead: Bool { method == "GET" || method == "HEAD" }
}
