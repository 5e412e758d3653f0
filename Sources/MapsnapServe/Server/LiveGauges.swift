import Foundation

/// The gauges of `/metrics`, read from the parts as they come up.
final class LiveGauges: @unchecked Sendable {
    private let lock = NSLock()
    private var _http: MicroHTTPServer?
    private var _render: RenderService?
    private var _memory: TileMemoryCache?

    var http: MicroHTTPServer? { get { lock.withLock { _http } } set { lock.withLock { _http = newValue } } }
    var render: RenderService? { get { lock.withLock { _render } } set { lock.withLock { _render = newValue } } }
    var memory: TileMemoryCache? { get { lock.withLock { _memory } } set { lock.withLock { _memory = newValue } } }

    func read() -> [(name: String, help: String, value: Double)] {
        let (h, r, m) = lock.withLock { (_http, _render, _memory) }
        let running = r?.runningCount ?? 0, admitted = r?.admittedCount ?? 0
        return [
            ("mapsnap_render_queue_depth", "Renders admitted and waiting for a worker.", Double(admitted - running)),
            ("mapsnap_renders_in_flight", "Renders running on a worker now.", Double(running)),
            ("mapsnap_render_queue_limit", "Renders admitted at most (running or waiting); more are answered 503.", Double(r?.queueLimit ?? 0)),
            ("mapsnap_render_workers", "Render worker threads.", Double(r?.workerCount ?? 0)),
            ("mapsnap_http_requests_in_flight", "HTTP requests received and not yet answered completely (this one included).", Double(h?.requestsInFlight ?? 0)),
            ("mapsnap_http_connections_open", "HTTP connections open (this one included).", Double(h?.connections.openCount ?? 0)),
            ("mapsnap_http_body_bytes", "Bytes of request bodies reserved by the requests being read (at most --body-memory).", Double(h?.bodies.bytes ?? 0)),
            ("mapsnap_http_header_timeouts_total", "Connections closed because a request head was not complete within --header-timeout.", Double(h?.connections.headerTimeouts ?? 0)),
            ("mapsnap_http_reserve_refusals_total", "Connections refused because only the slots kept for new clients were left and the client held one already.", Double(h?.connections.refusedForReserve ?? 0)),
            ("mapsnap_tile_cache_bytes", "Bytes of encoded tiles in the memory cache.", Double(m?.bytes ?? 0)),
            ("mapsnap_tile_cache_entries", "Tiles in the memory cache.", Double(m?.count ?? 0)),
            ("mapsnap_tile_cache_capacity_bytes", "The memory cache's size limit.", Double(m?.capacity ?? 0)),
        ]
    }
}
