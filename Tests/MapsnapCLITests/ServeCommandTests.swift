@testable import MapsnapCLI
import MapsnapFormats
import MapsnapKit
import MapsnapServe
import Testing

struct ServeCommandTests {
    let commands = MapsnapCLI.builtInCommands + [AnyCommand(ServeCommand.command)]

    @Test func helpDocumentsEveryRouteWithAnExample() {
        guard case .text(let help) = MapsnapCLI.parse(["serve", "--help"], commands: commands) else { Issue.record("no help"); return }
        for route in ["GET /styles/{id}/{z}/{x}/{y}.png", "GET /static?", "POST /static", "GET /styles/{id}/static/", "GET /styles/v1/{user}/{style}/static/",
                      "GET /styles ", "GET /styles/{id}.json", "GET /styles/{id}/wmts.xml", "GET /health", "GET /metrics", "GET / "] {
            #expect(help.contains(route), "\(route)")
        }
        #expect(help.components(separatedBy: "curl ").count - 1 >= 5)
        guard case .text(let tool) = MapsnapCLI.parse(["--help"], commands: commands) else { return }
        #expect(tool.contains("serve "))
    }

    @Test func optionsFillTheConfiguration() throws {
        guard case .run = MapsnapCLI.parse(["serve", "--port", "0", "--style", "light", "--style", "streets-v12=bright", "--style", "examples/plain.json",
                                            "--jobs", "3", "--queue", "0", "--render-timeout", "0", "--cors", "https://maps.example.org"], commands: commands)
        else { Issue.record("did not parse"); return }
        var c = ServeCommand.command.initial
        for (option, value) in [("--style", "light"), ("--style", "streets-v12=bright"), ("--style", "examples/plain.json")] {
            try ServeCommand.command.groups.flatMap(\.options).first { $0.longName == option }!.apply(&c, value)
        }
        try ServeCommand.finish(&c)
        #expect(c.config.styles.map(\.id) == ["light", "streets-v12", "plain"])
        #expect(c.config.styles[1].selection.style == .named("bright") && c.config.styles[2].selection.style == .file("examples/plain.json"))
        var none = ServeCommand.command.initial
        try ServeCommand.finish(&none)
        #expect(none.config.styles.map(\.id) == ResourceLocator.builtInStyles)
    }

    /// The connection and body limits have safe defaults: a quarter of the connections per
    /// client, a sixteenth kept in reserve, a 10 s header timeout, 64 MiB of bodies.
    @Test func connectionAndBodyLimitsDefaultSafely() throws {
        var c = ServeCommand.command.initial
        try ServeCommand.finish(&c)
        #expect(c.config.http.perClientLimit == 256 && c.config.http.headerSeconds == 10 && c.config.http.bodyMemoryBytes == 64 << 20)
        #expect(InputLimits.connectionReserve(connections: 1024) == 64 && InputLimits.connectionReserve(connections: 3) == 1)
        for (option, value) in [("--connections", "40"), ("--body-memory", "16"), ("--header-timeout", "3")] {
            try ServeCommand.command.groups.flatMap(\.options).first { $0.longName == option }!.apply(&c, value)
        }
        #expect(c.config.http.perClientLimit == 10 && c.config.http.bodyMemoryBytes == 16 << 20 && c.config.http.headerSeconds == 3)
    }

    @Test(arguments: [
        (["--port", "99999"], "--port: must be a whole number from 0 to 65535, got 99999"),
        (["--style", "nope"], "--style: 'nope' is not a built-in style (bright, dark, light); give NAME=PATH.json for a file"),
        (["--style", "v1=light"], "--style: style id 'v1' is taken by the Mapbox route /styles/v1/…"),
        (["--queue", "-1"], "--queue: must be a whole number from 0 to 10000, got -1"),
        (["--render-timeout", "soon"], "--render-timeout: must be a number of seconds from 0 to 3600, got soon"),
        (["--http-model", "fork"], "--http-model: 'fork' is not one of suspend, thread-per-connection"),
        (["--public-url", "ftp://x"], "--public-url: 'ftp://x' is not an http:// or https:// URL"),
        (["--cors", "a b"], "--cors: 'a b' is not *, none or an origin such as https://example.org"),
        (["--config", "/nonexistent/serve.json"], "--config: /nonexistent/serve.json: no such file"),
        (["--png", "tiny"], "--png: 'tiny' is not one of fast, balanced, small, palette"),
        (["--body-memory", "0"], "--body-memory: must be a whole number from 1 to 65536, got 0"),
        (["--header-timeout", "0"], "--header-timeout: must be a whole number from 1 to 3600, got 0"),
        (["--connections-per-client", "-1"], "--connections-per-client: must be a whole number from 1 to 100000, got -1"),
        (["--max-body", "67108864", "--body-memory", "63"], "--body-memory: 63 MB is less than --max-body 67108864 bytes: give at least 64"),
    ])
    func badOptionsAreNamed(arguments: [String], message: String) {
        guard case .usageError(let e) = MapsnapCLI.parse(["serve"] + arguments, commands: commands) else { Issue.record("accepted \(arguments)"); return }
        #expect(e.description == message)
    }
}
