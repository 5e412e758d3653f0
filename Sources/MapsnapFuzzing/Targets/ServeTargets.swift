import Foundation
import MapsnapCLI
import MapsnapServe

extension FuzzTarget {
    /// The server's parsers of what a client sends (`ServeParsers`): a request target through
    /// every route and grammar, a `POST /static` body, the Mapbox overlay list, Google polylines,
    /// the headers it reads, a request's framing, and a `--config` file (read by the command line,
    /// `ServeConfigFile`). None reads a file, opens a socket or renders.
    static let serve: [FuzzTarget] = (ServeParsers.all + [("serve-config", ServeConfigFile.check)]).map { entry in
        FuzzTarget(entry.name, summary(entry.name)) { data in FuzzVerdict.of { try entry.run(data) } }
    }

    private static func summary(_ name: String) -> String {
        switch name {
        case "serve-target": return "an HTTP request target through every route (tiles, static grammars, /static query)"
        case "serve-post-body": return "a POST /static body (one manifest item as JSON)"
        case "serve-mapbox-overlays": return "the Mapbox Static API overlay list (pins, paths, geojson)"
        case "serve-polyline": return "a Google-encoded polyline"
        case "serve-headers": return "If-None-Match, X-Forwarded-Host/Proto and Host as the server reads them"
        case "serve-config": return "a mapsnap serve --config JSON file"
        case "serve-framing": return "request header lines read for their framing (Content-Length, Transfer-Encoding)"
        default: return "a server parser"
        }
    }
}
