import Foundation
import Testing

/// Request bodies are bounded together, not only one by one: 200 connections each sending most of
/// an 8 MiB body took the server to 1.67 GB. A body's length is reserved from `--body-memory`
/// when its head arrives, before it is read; one that does not fit is a 503 with Retry-After and
/// is not read. Only `POST /static` reads a body: any other request that comes with one is a 413.
@Suite(.serialized)
struct ServeRequestBodyTests {
    static let mib = 1 << 20
    /// A valid item, padded with spaces to `bytes`.
    static func item(_ bytes: Int) -> Data {
        let json = #"{"center": [43.736, 7.426], "zoom": 15, "size": "64x64"}"#
        return Data((json + String(repeating: " ", count: bytes - json.utf8.count)).utf8)
    }

    @Test func bodiesPastTheBudgetAre503UntilOneEnds() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1", "--max-body", "\(Self.mib)", "--body-memory", "2"])
        let p = server.port
        let head = "POST /static HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(Self.mib)\r\n\r\n"
        // Two bodies of 1 MiB being sent (the first bytes only): the 2 MiB are reserved.
        let a = try HTTPTestClient(port: p), b = try HTTPTestClient(port: p)
        for c in [a, b] {
            try c.sendRaw(head)
            try c.sendRaw(String(decoding: Self.item(Self.mib).prefix(1000), as: UTF8.self))
        }
        try server.waitForMetric("mapsnap_http_body_bytes \(2 * Self.mib)")
        // A third is refused before it is read, small as it is.
        let c = try HTTPTestClient(port: p)
        try c.sendRaw("POST /static HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n")
        let busy = try c.receive()
        #expect(busy.status == 503 && busy.header("Retry-After") == "1")
        #expect(busy.text == "the request bodies being read would pass the 2097152 bytes this server holds at once (--body-memory); retry in a second\n")
        #expect(try c.readToEnd().isEmpty, "closed, the body unread")
        // The first body ends: answered, and its bytes given back.
        try a.sendRaw(String(decoding: Self.item(Self.mib).dropFirst(1000), as: UTF8.self))
        let image = try a.receive()
        #expect(image.status == 200 && pngSize(image.body)?.width == 64, "\(image.status) \(image.text)")
        try server.waitForMetric("mapsnap_http_body_bytes \(Self.mib)")
        let small = try HTTPTestClient.get(p, "/static", method: "POST", body: Self.item(200))
        #expect(small.status == 200)
        b.disconnect()   // its request ends: nothing is left in flight to wait for at shutdown
        try server.waitForMetric("mapsnap_http_body_bytes 0")
        #expect(server.stop() == 0)
    }

    /// The probe's load, smaller: 40 connections each announcing 8 MiB and sending one; the
    /// default budget (64 MiB) reads eight, the others are 503 at once, unread.
    @Test func manyLargeBodiesAreBoundedByTheDefaultBudget() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1"])
        let p = server.port
        let head = "POST /static HTTP/1.1\r\nHost: x\r\nContent-Length: \(8 * Self.mib)\r\n\r\n"
        var reading: [HTTPTestClient] = []
        for i in 0..<40 {
            let c = try HTTPTestClient(port: p)
            try c.sendRaw(head)
            if i < 8 {
                try c.sendRaw(String(repeating: " ", count: Self.mib))
                try server.waitForMetric("mapsnap_http_body_bytes \((i + 1) * 8 * Self.mib)")
                reading.append(c)
            } else {
                let r = try c.receive()
                #expect(r.status == 503 && r.header("Retry-After") == "1", "\(i): \(r.status)")
            }
        }
        for c in reading { c.disconnect() }
        try server.waitForMetric("mapsnap_http_body_bytes 0")
        #expect(server.stop() == 0)
    }

    @Test func routesWithoutABodyRefuseOneUnread() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1"])
        let p = server.port
        for (head, rest, method, target) in [
            ("GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n", "hello", "GET", "/health"),
            ("GET /styles/light/16/34118/23898.png HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", "5\r\nhello\r\n0\r\n\r\n", "GET", "/styles/light/16/34118/23898.png"),
            ("POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n", "hello", "POST", "/metrics"),
        ] {
            let c = try HTTPTestClient(port: p)
            try c.sendRaw(head + rest)
            let r = try c.receive()
            #expect(r.status == 413 && r.text == "\(method) \(target) takes no request body (only POST /static reads one)\n", "\(r.status) \(r.text)")
            #expect(try c.readToEnd().isEmpty)
        }
        // Without a body they answer as before (Content-Length: 0 is no body).
        #expect(try HTTPTestClient.get(p, "/health", headers: ["Content-Length": "0"]).status == 200)
        #expect(try HTTPTestClient.get(p, "/metrics", method: "POST").status == 405)
        #expect(server.stop() == 0)
    }

    /// A chunked body has no length to check first: it reserves `--max-body`, and one that grows
    /// past it is cut off (the connection closed: no answer can be sent in the middle of a body).
    @Test func aChunkedBodyPastMaxBodyClosesTheConnection() throws {
        let server = try ServerProcess(["--style", "light", "--jobs", "1", "--max-body", "1000"])
        let c = try HTTPTestClient(port: server.port)
        try c.sendRaw("POST /static HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        try server.waitForMetric("mapsnap_http_body_bytes 1000")
        try? c.sendRaw("7d0\r\n" + String(repeating: " ", count: 2000) + "\r\n")
        #expect(try c.readToEnd().isEmpty, "closed without an answer")
        try server.waitForMetric("mapsnap_http_body_bytes 0")
        #expect(server.stop() == 0)
    }

    @Test func theBudgetMustHoldTheLargestBody() throws {
        let r = try ServerProcess.run(["serve", "--port", "0", "--style", "light", "--max-body", "\(16 * Self.mib)", "--body-memory", "8"])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: --body-memory: 8 MB is less than --max-body 16777216 bytes: give at least 16\n")
    }
}
