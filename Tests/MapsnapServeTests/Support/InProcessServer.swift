import Foundation
import MapsnapKit
@testable import MapsnapServe
import Synchronization

/// The server without its socket: a `Router` assembled by `ServerAssembly` exactly as `mapsnap
/// serve` assembles it (here the built-in light style on the repository's embedded data), sent
/// `HTTPRequest`s in-process. An answer that comes later, from a render worker, is waited for
/// through its delivery function: no sleeps, no polling (a render over `renderTimeout` is a 504,
/// so nothing waits for ever).
final class InProcessServer: Sendable {
    let assembly: ServerAssembly
    var router: Router { assembly.router }

    /// One style; metatiles of 2 × 2 tiles, so a tile's render stays short in debug builds; two
    /// workers, so tests running at once share them.
    static func config(cors: String? = "*") -> ServeConfig {
        var config = ServeConfig()
        config.styles = [ServeConfig.StyleEntry(id: "light", selection: StyleSelection(style: .named("light")))]
        config.metatileSize = 2
        config.jobs = 2
        config.maxAge = 600
        config.cors = cors
        return config
    }

    /// Assembled, not ready: the styles are not loaded, every map route answers 503. Cheap (no
    /// style is read, no worker started), so tests that count metrics make their own.
    init(_ config: ServeConfig = config(), leafletFolder: String = LeafletAssets.folder) {
        assembly = ServerAssembly(config: config, listening: "127.0.0.1:8080", leafletFolder: leafletFolder)
    }

    /// The one ready server (styles loaded, workers warm, as `Server.run` makes it), shared by
    /// the tests: each ready server keeps its worker threads to the end of the process. Render
    /// failures are logged to the test's standard error, as the server logs them.
    static let shared = Result { () throws(ServerAssembly.Failure) -> InProcessServer in
        let server = InProcessServer(leafletFolder: LeafletFixture.folder)
        server.router.ready(try server.assembly.services(console: .terminal, quiet: true, word: { $0.description }, gate: nil))
        return server
    }

    /// The router's answer, waited for when it comes from a worker.
    func send(_ request: HTTPRequest) -> HTTPResponse {
        switch router.handle(request) {
        case .now(let response):
            return response
        case .later(let start):
            let answer = Mutex<HTTPResponse?>(nil)
            let delivered = DispatchSemaphore(value: 0)
            start { response in
                answer.withLock { $0 = response }
                delivered.signal()
            }
            delivered.wait()
            return answer.withLock { $0! }
        }
    }

    func send(_ target: String, method: String = "GET", headers: [String: String] = [:], body: String = "") -> HTTPResponse {
        send(HTTPRequest(method: method, target: target, headers: headers, body: Data(body.utf8)))
    }
}

/// Leaflet as two small files of known contents, so the asset routes and the preview page answer
/// the same on machines with and without Debian's libjs-leaflet.
enum LeafletFixture {
    static let script = "/* Leaflet, as the tests serve it */\n"
    static let stylesheet = ".leaflet-container { }\n"

    static let folder: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-leaflet-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try? Data(script.utf8).write(to: url.appendingPathComponent("leaflet.js"))
        try? Data(stylesheet.utf8).write(to: url.appendingPathComponent("leaflet.css"))
        return url.path
    }()
}

extension HTTPResponse {
    var bodyText: String { String(decoding: body, as: UTF8.self) }
}
