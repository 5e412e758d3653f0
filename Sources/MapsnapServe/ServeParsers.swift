import Foundation
import MapsnapFormats
import MapsnapKit

/// The parsers a client's bytes reach, as plain functions for fuzz harnesses (the fuzzing
/// library calls them; a thrown error is the right answer to bad input, a trap is a bug). None
/// reads a file, opens a socket or renders.
public enum ServeParsers {
    /// A request target with every route behind it: path and query splitting and decoding, tile
    /// addresses, the tileserver-gl and Mapbox grammars (overlays, polylines, GeoJSON) and
    /// `GET /static`'s manifest fields, each ending in a validated `MapRequest`.
    public static func requestTarget(_ data: Data) throws {
        _ = try Route.match(HTTPRequest(method: "GET", target: String(decoding: data, as: UTF8.self)))
    }

    /// A `POST /static` body: one manifest item as JSON.
    public static func postBody(_ data: Data) throws {
        _ = try Route.match(HTTPRequest(method: "POST", target: "/static", body: data))
    }

    /// The Mapbox overlay grammar alone (`pin-s-a+f00(…),path-5+f44(…),geojson({…})`).
    public static func mapboxOverlays(_ data: Data) throws {
        _ = try MapboxOverlay.parseList(String(decoding: data, as: UTF8.self))
    }

    /// A Google-encoded polyline.
    public static func polyline(_ data: Data) throws {
        _ = try GooglePolyline.decode(String(decoding: data, as: UTF8.self))
    }

    /// Request headers the server reads: `If-None-Match` and the forwarded host and protocol.
    /// The data is `If-None-Match`'s value, a newline, `X-Forwarded-Host`, a newline, `Host`.
    public static func headers(_ data: Data) throws {
        let parts = String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        _ = EntityTag.parseList(parts[0])
        _ = EntityTag.matches(parts[0], EntityTag.of(data))
        var headers: [String: String] = [:]
        if parts.count > 1 { headers["x-forwarded-host"] = parts[1]; headers["x-forwarded-proto"] = parts[1] }
        if parts.count > 2 { headers["host"] = parts[2] }
        _ = PublicBase.resolve(publicURL: nil, headers: headers, listening: "127.0.0.1:8080")
    }

    /// A request's header lines, one `Name: value` a line, read for their framing (the data's
    /// first line is the HTTP version): duplicate and conflicting `Content-Length` and
    /// `Transfer-Encoding` (`RequestFraming`).
    public static func framing(_ data: Data) throws {
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let version = lines.isEmpty ? "HTTP/1.1" : String(lines.removeFirst())
        let headers = lines.map { line -> (name: String, value: String) in
            guard let colon = line.firstIndex(of: ":") else { return (String(line), "") }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]))
        }
        _ = try RequestFraming.read(headers, version: version)
        _ = Route.takesBody(method: "POST", target: version)
    }

    /// Every entry point by name, for a harness that takes the name from its command line.
    public static let all: [(name: String, run: @Sendable (Data) throws -> Void)] = [
        ("serve-target", requestTarget), ("serve-post-body", postBody), ("serve-mapbox-overlays", mapboxOverlays),
        ("serve-polyline", polyline), ("serve-headers", headers), ("serve-framing", framing),
    ]
}
