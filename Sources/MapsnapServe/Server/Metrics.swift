import Foundation
import Synchronization

/// What `/metrics` reports, in the Prometheus text format: requests by route and status, render
/// time histograms (tiles: a whole metatile; static images), tile cache hits and misses, the
/// render queue and the renders in flight.
final class Metrics: Sendable {
    enum CacheEvent: String, CaseIterable, Sendable {
        case memoryHit = "memory_hit", diskHit = "disk_hit", miss, coalesced
    }

    enum RenderKind: String, CaseIterable, Sendable {
        case tile = "metatile", image = "static"
    }

    /// Seconds; the last bucket is +Inf.
    static let buckets = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    private struct Histogram {
        var counts = [Int](repeating: 0, count: Metrics.buckets.count + 1)
        var sum = 0.0
        var count = 0
    }

    private struct State {
        var requests: [String: [Int: Int]] = [:]
        var cache: [CacheEvent: Int] = [:]
        var renders: [RenderKind: Histogram] = [:]
    }

    private let state = Mutex(State())

    func request(route: String, status: Int) {
        state.withLock { $0.requests[route, default: [:]][status, default: 0] += 1 }
    }

    func cache(_ event: CacheEvent) { state.withLock { $0.cache[event, default: 0] += 1 } }

    func rendered(_ kind: RenderKind, seconds: Double) {
        state.withLock { s in
            var h = s.renders[kind] ?? Histogram()
            let bucket = Self.buckets.firstIndex { seconds <= $0 } ?? Self.buckets.count
            h.counts[bucket] += 1
            h.sum += seconds
            h.count += 1
            s.renders[kind] = h
        }
    }

    /// The exposition text; `gauges` are read at the moment of the request (a name ending in
    /// `_total` is a counter).
    func text(gauges: [(name: String, help: String, value: Double)]) -> String {
        let s = state.withLock { $0 }
        var out = "# HELP mapsnap_http_requests_total HTTP requests answered, by route and status.\n# TYPE mapsnap_http_requests_total counter\n"
        for route in s.requests.keys.sorted() {
            for status in s.requests[route]!.keys.sorted() {
                out += "mapsnap_http_requests_total{route=\"\(route)\",status=\"\(status)\"} \(s.requests[route]![status]!)\n"
            }
        }
        out += "# HELP mapsnap_render_seconds Time to render a metatile or a static image (encoding included).\n# TYPE mapsnap_render_seconds histogram\n"
        for kind in RenderKind.allCases {
            let h = s.renders[kind] ?? Histogram()
            var cumulative = 0
            for (i, upper) in Self.buckets.enumerated() {
                cumulative += h.counts[i]
                out += "mapsnap_render_seconds_bucket{kind=\"\(kind.rawValue)\",le=\"\(upper)\"} \(cumulative)\n"
            }
            out += "mapsnap_render_seconds_bucket{kind=\"\(kind.rawValue)\",le=\"+Inf\"} \(h.count)\n"
            out += "mapsnap_render_seconds_sum{kind=\"\(kind.rawValue)\"} \(h.sum)\nmapsnap_render_seconds_count{kind=\"\(kind.rawValue)\"} \(h.count)\n"
        }
        out += "# HELP mapsnap_tile_cache_total Tile lookups: memory and disk hits, misses (a render started), coalesced (joined a render).\n# TYPE mapsnap_tile_cache_total counter\n"
        for event in CacheEvent.allCases { out += "mapsnap_tile_cache_total{result=\"\(event.rawValue)\"} \(s.cache[event] ?? 0)\n" }
        for g in gauges {
            out += "# HELP \(g.name) \(g.help)\n# TYPE \(g.name) \(g.name.hasSuffix("_total") ? "counter" : "gauge")\n\(g.name) \(g.value == g.value.rounded() ? String(Int(g.value)) : String(g.value))\n"
        }
        return out
    }
}
