import Foundation
import Testing

/// Slowloris: 1,100 connections sending a request head a byte a second filled the 1,024 slots and
/// `/health` stopped answering. One client (an IP address) holds at most `--connections-per-client`
/// (a quarter of `--connections` by default), the last slots are kept for clients that hold none,
/// and a head must be complete within `--header-timeout`. Another client is 127.0.0.2 (loopback
/// answers the whole 127/8). Counts are waited for, never timed; only the header timeout is a
/// matter of seconds, under generous safety bounds.
@Suite(.serialized)
struct ServeConnectionLimitTests {
    /// A request head that never ends.
    static let slowHead = "GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: a"
    static let other = "127.0.0.2"

    /// Opens `count` connections from 127.0.0.1 that each send a head cut short.
    func slowClients(_ port: Int, _ count: Int) throws -> [HTTPTestClient] {
        try (0..<count).map { _ in
            let c = try HTTPTestClient(port: port)
            try? c.sendRaw(Self.slowHead)   // a refused one may be closed already
            return c
        }
    }

    @Test func oneClientHoldsAQuarterOfTheConnections() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1", "--connections", "64", "--header-timeout", "3600", "--idle-timeout", "3600"])
        let slow = try slowClients(server.port, 300)
        let closed = HTTPTestClient.waitUntilClosed(slow, count: 300 - 16)
        #expect(closed.count == 300 - 16)
        let health = try HTTPTestClient.get(server.port, "/health", from: Self.other)
        #expect(health.status == 200 && health.text == "ok\n")
        #expect(throws: (any Error).self, "the slow client gets no more") { _ = try HTTPTestClient.get(server.port, "/health") }
        try server.waitForMetric("mapsnap_http_connections_open 17", from: Self.other)   // 16 slow, and /metrics
        #expect(slow.indices.filter { !closed.contains($0) }.allSatisfy { !slow[$0].isClosedByServer })
        try stop(server, closing: slow)
    }

    /// Closes the slow connections (their requests are in flight, which SIGTERM would wait for),
    /// then stops the server.
    func stop(_ server: ServerProcess, closing clients: [HTTPTestClient], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for c in clients { c.disconnect() }
        try server.waitForMetric("mapsnap_http_requests_in_flight 1", from: Self.other)
        #expect(server.stop() == 0, sourceLocation: sourceLocation)
    }

    /// Even with the per-client cap at every slot, the last sixteenth is kept for new clients.
    /// The new client keeps its one connection alive: another one, opened while the last is
    /// still closing on the server's side, would be a second connection in the reserve.
    @Test func theLastSlotsAreKeptForNewClients() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1", "--connections", "32", "--connections-per-client", "32",
                                        "--header-timeout", "3600", "--idle-timeout", "3600"])
        let slow = try slowClients(server.port, 100)
        let closed = HTTPTestClient.waitUntilClosed(slow, count: 100 - 30)   // 32 slots, 2 kept
        #expect(closed.count == 70)
        let other = try HTTPTestClient(port: server.port, from: Self.other)
        let health = try other.request("GET", "/health")
        #expect(health.status == 200 && health.text == "ok\n")
        #expect(throws: (any Error).self, "the slow client gets no more") { _ = try HTTPTestClient.get(server.port, "/health") }
        var metrics: [Substring] = []
        for _ in 0..<1200 {   // bounded; the refused connection above may take a moment to be counted
            metrics = try other.request("GET", "/metrics").text.split(separator: "\n")
            if metrics.contains("mapsnap_http_connections_open 31") { break }
            usleep(50_000)
        }
        #expect(metrics.contains("mapsnap_http_connections_open 31"), "30 slow, and this one")
        #expect(metrics.contains("mapsnap_http_reserve_refusals_total 71"), "70 slow, and the one above")
        other.disconnect()
        try stop(server, closing: slow)
    }

    /// A head that does not end within `--header-timeout` closes its connection, however busily it
    /// trickles in (the idle timeout alone never fires for it); complete requests are untouched.
    /// In both connection models.
    @Test(arguments: ["suspend", "thread-per-connection"])
    func slowHeadsAreClosedAfterTheHeaderTimeout(model: String) throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1", "--connections", "64", "--header-timeout", "1", "--idle-timeout", "3600",
                                        "--http-model", model])
        let p = server.port
        let kept = try HTTPTestClient(port: p, from: Self.other)
        #expect(try kept.request("GET", "/health").status == 200)
        let slow = try slowClients(p, 10)
        // One more sends a byte every tenth of a second (at most a minute: a safety bound).
        let trickle = try HTTPTestClient(port: p)
        try trickle.sendRaw(Self.slowHead)
        var trickled = 0
        while !trickle.isClosedByServer && trickled < 600 {
            _ = try? trickle.sendRaw("a")
            trickled += 1
            usleep(100_000)
        }
        #expect(trickle.isClosedByServer, "still open after \(trickled) bytes")
        #expect(HTTPTestClient.waitUntilClosed(slow, count: 10).count == 10)
        try server.waitForMetric("mapsnap_http_header_timeouts_total 11", from: Self.other)
        // A kept-alive connection whose next head comes whole is served.
        #expect(try kept.request("GET", "/health").status == 200)
        #expect(try HTTPTestClient.get(p, "/health").status == 200)
        try stop(server, closing: [kept])
    }
}
