import Foundation
import MapsnapFormats
import MapsnapKit

/// Everything `mapsnap serve` is started with: the styles and their data, where it listens, and
/// its limits (defaults and ranges in `InputLimits`). Filled in by the command line and
/// `--config FILE.json` (whose keys are the long option names).
public struct ServeConfig: Sendable {
    /// One style to serve under an id.
    public struct StyleEntry: Sendable {
        public var id: String
        public var selection: StyleSelection
        /// Tile zoom levels served (default `InputLimits.defaultServedTileZooms`).
        public var zooms: ClosedRange<Int>?
        /// Where tiles are served (default: each region of the data).
        public var bounds: BoundingBox?

        public init(id: String, selection: StyleSelection, zooms: ClosedRange<Int>? = nil, bounds: BoundingBox? = nil) {
            self.id = id
            self.selection = selection
            self.zooms = zooms
            self.bounds = bounds
        }
    }

    public var styles: [StyleEntry] = []
    public var port = 8080
    public var bind = "127.0.0.1"
    /// The URL clients use (behind a proxy or CDN), for TileJSON, WMTS and links.
    public var publicURL: String?
    /// An MBTiles file (one style) or a folder of them that keeps tiles across restarts.
    public var cache: String?
    /// Render worker threads.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// The HTTP layer: threads, connection model, connection and body limits.
    public var http = HTTPSettings()
    public var renderQueue = InputLimits.defaultRenderQueue
    public var renderTimeout = InputLimits.defaultRenderTimeoutSeconds
    public var shutdownGrace = InputLimits.defaultShutdownGraceSeconds
    public var maxImageSide = InputLimits.defaultServedImageSide
    public var memoryCacheBytes = InputLimits.defaultTileMemoryCacheBytes
    public var maxAge = InputLimits.defaultMaxAgeSeconds
    /// `Access-Control-Allow-Origin` on map resources; nil sends none.
    public var cors: String? = "*"
    public var metatileSize = 8
    /// How tiles are encoded (one format per server; static images choose their own).
    public var encoding = TilePyramidOptions.defaultEncoding

    public init() {
        http.threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, InputLimits.httpThreads.upperBound))
    }

    /// An id for URLs: letters, digits, `-`, `_`, `.`, at most 64; not `v1` (the Mapbox route).
    public static func checkID(_ id: String) -> String? {
        guard !id.isEmpty, id.count <= 64, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
              id != "." && id != ".." else {
            return "style id '\(id)' may hold only letters, digits, '-', '_' and '.' (at most 64)"
        }
        if id == "v1" { return "style id 'v1' is taken by the Mapbox route /styles/v1/…" }
        return nil
    }
}
