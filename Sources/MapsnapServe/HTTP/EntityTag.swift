import Foundation
import MapsnapKit

/// Strong entity tags (RFC 9110 §8.8.3) made from a body's bytes, and `If-None-Match`: a client or
/// CDN that has the bytes gets 304 Not Modified instead of them again.
public enum EntityTag {
    /// `"<128-bit content hash>-<length>"`: the same bytes always give the same tag, on any server.
    public static func of(_ body: Data) -> String { "\"" + TileHash.hex(body) + "\"" }

    /// Whether `ifNoneMatch` (the header's value) matches `tag`: `*`, or any listed tag compared
    /// weakly (a `W/` prefix ignored, as RFC 9110 says for If-None-Match). A malformed list matches
    /// nothing, so the full answer is sent.
    public static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        let wanted = opaque(tag)
        return parseList(ifNoneMatch).contains { $0 == "*" || $0 == wanted }
    }

    /// The tags of an `If-None-Match` value (each without `W/`), or `["*"]`; [] when malformed.
    public static func parseList(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var tags: [String] = []
        var i = 0
        func skipSpace() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 } }
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "*") {
            i += 1
            skipSpace()
            return i == bytes.count ? ["*"] : []
        }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "W"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") { i += 2 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return [] }
            let start = i
            i += 1
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += 1 }
            guard i < bytes.count else { return [] }
            i += 1
            tags.append(String(decoding: bytes[start..<i], as: UTF8.self))
            skipSpace()
            if i < bytes.count {
                guard bytes[i] == UInt8(ascii: ",") else { return [] }
                i += 1
                skipSpace()
            }
        }
        return tags
    }

    private static func opaque(_ tag: String) -> String { tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag }
}
