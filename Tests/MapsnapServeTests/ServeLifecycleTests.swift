import Foundation
import MapsnapKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Start, stop, overload and caches, made deterministic with `--inject-fault hold-renders`:
/// renders wait until the test sends SIGUSR1, so a test sees requests queued and in flight
/// without depending on how long anything takes.
@Suite(.serialized)
struct ServeLifecycleTests {
    static let hold = ["--inject-fault", "hold-renders"]
    static let image = "/static?center=43.736,7.426&zoom=15&size=200x150"

    /// Polls until a new connection is refused (bounded attempts, as waitForHealth).
    func waitUntilRefused(_ port: Int) throws {
        for _ in 0..<1200 {
            if (try? HTTPTestClient(port: port)) == nil { return }
            usleep(50_000)
        }
        Issue.record("still accepting connections")
    }

    @Test func sigtermFinishesTheRequestsInFlightThenExits0() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1"] + Self.hold)
        let clients = try (0..<3).map { _ in try HTTPTestClient(port: server.port) }
        for c in clients { try c.send("GET", Self.image) }
        try server.waitForMetric("mapsnap_render_queue_depth 3")
        server.signal(SIGTERM)
        try waitUntilRefused(server.port)          // no new connections …
        server.signal(SIGUSR1)                     // … while the three renders finish
        for c in clients {
            let r = try c.receive()
            #expect(r.status == 200 && pngSize(r.body).map { [$0.width, $0.height] } == [200, 150])
        }
        #expect(server.stop() == 0)
        #expect(server.stderr.contains("mapsnap serve: stopping: no new connections; finishing"), "\(server.stderr)")
    }

    @Test func aFullQueueIs503AndASlowRenderIs504() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1", "--queue", "1", "--render-timeout", "1"] + Self.hold)
        let first = try HTTPTestClient(port: server.port)
        try first.send("GET", Self.image)
        try server.waitForMetric("mapsnap_render_queue_depth 1")
        let busy = try HTTPTestClient.get(server.port, Self.image + "&size=100x100")
        #expect(busy.status == 503 && busy.header("Retry-After") == "1")
        #expect(busy.text == "the render queue is full (1 renders); retry in a second\n")
        let slow = try first.receive()   // held past --render-timeout
        #expect(slow.status == 504 && slow.text == "the image took longer than 1 s to render\n")
        server.signal(SIGUSR1)
        #expect(server.stop() == 0)
    }

    /// Requests for tiles of one metatile while it is drawn wait for that one render.
    @Test func concurrentTilesOfOneMetatileRenderItOnce() throws {
        let server = try ServerProcess(["--style", "light", "--metatile", "2", "--jobs", "2"] + Self.hold)
        let a = try HTTPTestClient(port: server.port), b = try HTTPTestClient(port: server.port)
        try a.send("GET", "/styles/light/16/34118/23898.png")
        try server.waitForMetric("mapsnap_tile_cache_total{result=\"miss\"} 1")
        try b.send("GET", "/styles/light/16/34119/23899.png")
        try server.waitForMetric("mapsnap_tile_cache_total{result=\"coalesced\"} 1")
        server.signal(SIGUSR1)
        #expect(try a.receive().status == 200)
        #expect(try b.receive().status == 200)
        // Answered as soon as their tiles are encoded; the rest of the metatile follows.
        try server.waitForMetric("mapsnap_renders_in_flight 0")
        #expect(try HTTPTestClient.get(server.port, "/styles/light/16/34119/23898.png").status == 200)   // the metatile's third tile: cached
        let metrics = try HTTPTestClient.get(server.port, "/metrics").text.split(separator: "\n")
        #expect(metrics.contains("mapsnap_render_seconds_count{kind=\"metatile\"} 1"))
        #expect(metrics.contains("mapsnap_tile_cache_total{result=\"memory_hit\"} 1"))
        #expect(server.stop() == 0)
    }

    @Test func theMBTilesCacheKeepsTilesAcrossRestarts() throws {
        let dir = try ServerProcess.scratch()
        let cache = dir.appendingPathComponent("light.mbtiles").path
        let arguments = ["--style", "light", "--metatile", "2", "--jobs", "1", "--cache", cache]
        let first = try ServerProcess(arguments)
        let drawn = try HTTPTestClient.get(first.port, "/styles/light/16/34118/23898.png")
        #expect(drawn.status == 200)
        #expect(first.stop() == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("light@2x.mbtiles").path))

        let second = try ServerProcess(arguments)
        let kept = try HTTPTestClient.get(second.port, "/styles/light/16/34119/23899.png")   // another tile of that metatile
        #expect(kept.status == 200)
        let metrics = try HTTPTestClient.get(second.port, "/metrics").text.split(separator: "\n")
        #expect(metrics.contains("mapsnap_tile_cache_total{result=\"disk_hit\"} 1") && metrics.contains("mapsnap_render_seconds_count{kind=\"metatile\"} 0"))
        #expect(try HTTPTestClient.get(second.port, "/styles/light/16/34118/23898.png").body == drawn.body)
        #expect(second.stop() == 0)

        // Another metatile size would mix tiles that do not belong together: refused.
        let other = try ServerProcess.run(["serve", "--port", "0", "--style", "light", "--metatile", "4", "--cache", cache])
        #expect(other.status == 2)
        #expect(other.stderr.contains("mapsnap: error: --cache: \(cache) was started with --metatile 2; this run asks 4: serve the same style and data, or give another cache file"), "\(other.stderr)")
    }

    @Test func aPortInUseOrAStyleThatDoesNotLoadIsExit2() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1"])
        let taken = try ServerProcess.run(["serve", "--port", "\(server.port)", "--style", "light"])
        #expect(taken.status == 2)
        #expect(taken.stderr == "mapsnap: error: --port: 127.0.0.1:\(server.port) is already in use (another server listens there)\n")
        server.stop()
        let bad = try ServerProcess.run(["serve", "--port", "0", "--style", "broken=/nonexistent/style.json"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("mapsnap: error: style 'broken': --style: "), "\(bad.stderr)")
        let address = try ServerProcess.run(["serve", "--port", "0", "--bind", "192.0.2.1"])
        #expect(address.status == 2 && address.stderr.hasPrefix("mapsnap: error: --bind: 192.0.2.1:0: '192.0.2.1' is not an address of this machine"), "\(address.stderr)")
    }

    /// Until it is ready, `/health` and every map route are 503 (with Retry-After); `/metrics` answers.
    @Test func healthIs503UntilReady() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1", "--inject-fault", "hold-ready"], waitForHealth: false)
        let health = try HTTPTestClient.get(server.port, "/health")
        #expect(health.status == 503 && health.header("Retry-After") == "1" && health.text == "starting: the styles are loading\n")
        #expect(try HTTPTestClient.get(server.port, "/styles/light/16/34118/23898.png").status == 503)
        #expect(try HTTPTestClient.get(server.port, "/metrics").status == 200)
        server.signal(SIGUSR1)
        try server.waitForHealth()
        #expect(try HTTPTestClient.get(server.port, "/health").text == "ok\n")
        #expect(server.stop() == 0)
    }

    /// The other connection model: a blocking thread per connection.
    @Test func theThreadPerConnectionModelAnswersTheSame() throws {
        let server = try ServerProcess(["--style", "light", "--http-model", "thread-per-connection", "--metatile", "2", "--jobs", "1"])
        let r = try HTTPTestClient.get(server.port, "/styles/light/16/34118/23898.png")
        #expect(r.status == 200 && pngSize(r.body)?.width == 256)
        #expect(try HTTPTestClient.get(server.port, "/static?center=95,0").status == 400)
        #expect(server.stop() == 0)
    }
}
