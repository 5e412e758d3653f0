/// A request the server will not answer with what was asked: the status and a one-line message
/// that names the parameter and the problem (400), or says what is missing (404), too large (413,
/// 414), busy (503) or too slow (504).
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: Int
    public var message: String

    public init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    public static func badRequest(_ message: String) -> HTTPError { HTTPError(400, message) }
    public static func notFound(_ message: String) -> HTTPError { HTTPError(404, message) }

    public var description: String { "\(status): \(message)" }

    public var response: HTTPResponse { .text(status, message) }
}
