import MapsnapFormats
import MapsnapKit

/// Google's Encoded Polyline Algorithm Format, as the Mapbox Static Images API's `path-…(…)`
/// and tileserver-gl's `path=enc:…` carry lines in a URL: each latitude and longitude (in that
/// order) is a delta from the previous point, times 10^precision, zig-zag signed, in 5-bit chunks
/// written as the characters `?` … `~` (63 + chunk, 0x20 set on all but the last chunk).
public enum GooglePolyline {
    /// Why a text is not a polyline.
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The points of `text`, latitude first. Coordinates are not range-checked here (the request's
    /// validation names them); a truncated number or a character outside `?`…`~` is an error.
    public static func decode(_ text: String, precision: Int = 5) throws(Malformed) -> [LatLon] {
        let bytes = Array(text.utf8)
        let factor = pow10(precision)
        var points: [LatLon] = []
        var i = 0
        var lat = 0, lon = 0
        func next(_ what: String) throws(Malformed) -> Int {
            var result = 0, shift = 0
            while true {
                guard i < bytes.count else { throw Malformed(description: "the polyline ends inside a \(what) (at character \(i + 1))") }
                let b = Int(bytes[i])
                guard (63...126).contains(b) else {
                    throw Malformed(description: "character \(i + 1) of the polyline is not one of ?...~ (63-126)")
                }
                i += 1
                let chunk = b - 63
                result |= (chunk & 0x1F) << shift
                shift += 5
                if chunk & 0x20 == 0 { break }
                // 32 bits are far more than any coordinate needs (±180 × 10^6 < 2^28); a longer
                // run is not a number (and must not overflow).
                guard shift < 35 else { throw Malformed(description: "a number of the polyline is longer than 7 characters (at character \(i))") }
            }
            return result & 1 != 0 ? ~(result >> 1) : result >> 1
        }
        while i < bytes.count {
            lat = lat &+ (try next("latitude"))
            lon = lon &+ (try next("longitude"))
            points.append(LatLon(Double(lat) / factor, Double(lon) / factor))
        }
        return points
    }

    /// The polyline of `points` (for tests and the preview page's examples).
    public static func encode(_ points: [LatLon], precision: Int = 5) -> String {
        let factor = pow10(precision)
        var out: [UInt8] = []
        var lastLat = 0, lastLon = 0
        func put(_ value: Int) {
            var v = value < 0 ? ~(value << 1) : value << 1
            while v >= 0x20 {
                out.append(UInt8((0x20 | (v & 0x1F)) + 63))
                v >>= 5
            }
            out.append(UInt8(v + 63))
        }
        for p in points {
            let lat = Int(saturating: (p.latitude * factor).rounded()), lon = Int(saturating: (p.longitude * factor).rounded())
            put(lat &- lastLat)
            put(lon &- lastLon)
            (lastLat, lastLon) = (lat, lon)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func pow10(_ n: Int) -> Double {
        var f = 1.0
        for _ in 0..<max(0, min(n, 9)) { f *= 10 }
        return f
    }
}
