/// Every bound on input, in one place (docs/limits.md lists them). Each is checked
/// where input enters, with a message that names the input and the limit; code past that point
/// may rely on it (no integer conversion of an input number traps).
public enum InputLimits {
    // MARK: images
    /// Each side of an image, in points.
    public static let imageSide = 1...16384
    /// Each side in device pixels (points × pixel ratio): Cairo's surfaces stop at 32767.
    public static let maxDeviceSide = 32000
    /// A PDF page's side in points (the PDF reference's implementation limit: 200 inches).
    public static let maxPDFPageSide = 14_400
    /// Device pixels of one image (size × pixel ratio²): 16384 × 16384, 1 GiB of pixels.
    public static let maxImagePixels = 16384 * 16384
    public static let pixelRatio = 1.0...4.0
    /// Device pixels a side of a WebP image: libwebp's own limit (`WEBP_MAX_DIMENSION`).
    public static let maxWebPSide = 16383
    /// Device pixels a side of a JPEG image: the encoder (`raster_encoder.c`) checks WebP's limit
    /// for both formats; libjpeg itself would reach 65,500. Checked before anything is drawn, since
    /// an image refused by its encoder has already cost its whole render (2 GiB at 16384 px).
    public static let maxJPEGSide = 16383

    // MARK: camera
    /// MapLibre zoom (512-px world at zoom 0).
    public static let zoom = 0.0...24.0
    /// Ground meters across the image: from a room to half the Earth's circumference.
    public static let meters = 0.01...20_000_000.0
    /// Radii and GPS accuracies, in meters.
    public static let maxRadiusMeters = 20_000_000.0
    /// Free margin around fitted overlays, in points.
    public static let padding = 0.0...4096.0
    /// Camera pitch, degrees from straight down: MapLibre Native's and the Mapbox Static API's
    /// limit, up to which the image's top edge stays below the horizon. A style's own pitch is
    /// clamped to it, as MapLibre clamps it to the map's range.
    public static let pitch = 0.0...60.0

    // MARK: overlays and text
    /// Markers, circles, polygons (each), per request.
    public static let maxOverlaysPerKind = 10_000
    /// Track and GeoJSON files per request.
    public static let maxOverlayFiles = 100
    /// Points of all tracks and polygons of a request together.
    public static let maxPoints = 5_000_000
    /// Characters of a marker title, a caption line, a batch item's title or caption.
    public static let maxTextLength = 1_000
    /// Text is drawn at most this size in points, whatever a style asks (larger cannot be shaped).
    public static let maxTextSize = 2048.0
    /// Unicode scalars of one label drawn from a style's `text-field` (a longer one is cut, with a
    /// warning): shaping grows faster than the text (one letter with 100,000 combining marks took
    /// over 90 s), and no map label is this long.
    public static let maxLabelScalars = 1_000
    /// Custom marker images are drawn at this scale at most.
    public static let markerIconScale = 0.01...16.0
    /// A marker icon image's side in pixels (an icon is a few dozen; a 389 KB PNG can declare
    /// 20000 × 20000, which took 3.2 GB to decode).
    public static let maxMarkerIconSide = 2048
    /// A PNG read from a file (sprite sheets, marker icons, images read back): each side (Cairo's
    /// own limit) and all its pixels (as many as an image mapsnap draws), checked from its header
    /// before the image is decoded.
    public static let maxPNGFileSide = 32767
    public static let maxPNGFilePixels = maxImagePixels
    /// A sprite icon's `pixelRatio` (sprites are made at 1, 2 or 3; an icon's size in points is its
    /// pixels over it, and a ratio near 0 or huge gives Cairo a matrix it cannot invert).
    public static let spriteIconPixelRatio = 0.1...16.0

    // MARK: files
    /// Bytes of one input file read whole (a style, a track, GeoJSON, a manifest, a sprite index).
    public static let maxFileBytes = 512 << 20
    /// Bytes a vector tile may inflate to; a larger one is skipped with a warning naming it (a
    /// gzip bomb). MapLibre's own tiles stay well under 1 MiB; 16 MiB leaves room for dense data.
    public static let maxInflatedTileBytes = 16 << 20
    /// Pixels of a glyph PBF's glyph box, advance and offsets (MapLibre's glyphs are ~30 px at
    /// their 24 px em): width, height and advance 0...256, left and top -256...256.
    public static let maxGlyphMetric = 256
    /// Zoom levels an archive's metadata may claim; others are ignored.
    public static let archiveZoom = 0...24
    /// Tiles an archive may hold where they are handled one by one (copied into an MBTiles or a
    /// folder, listed): one PMTiles directory entry stands for up to 2³²-1 tiles and an MBTiles
    /// view can join its tables into billions of rows, so the count is checked, stopping at the
    /// limit, before any tile is written. Above a planet-wide pyramid to zoom 14 (358 million
    /// tiles); a copy into a PMTiles keeps runs as runs and is bounded by the data instead.
    public static let maxArchiveTiles = 400_000_000

    // MARK: work
    /// Worker threads of a pyramid or a batch.
    public static let jobs = 1...256
    /// Tiles one pyramid run renders without `--yes`, and at most with it.
    public static let pyramidTilesWithoutConfirmation = 1_000_000
    public static let maxPyramidTiles = 20_000_000
    /// Shards a pyramid can be split into.
    public static let maxShards = 100_000
    /// Tiles a metatile side.
    public static let metatile = 1...32

    // MARK: server (`mapsnap serve`): each a default and the range a configuration may choose
    /// Renders admitted at once, running or waiting for a worker (a request that joins a metatile
    /// already being drawn adds none); one more is answered 503 with Retry-After.
    public static let defaultRenderQueue = 64
    public static let renderQueue = 0...10_000
    /// Bytes of a request body (`POST /static`: one manifest item, inline GeoJSON included); more is 413.
    public static let defaultRequestBodyBytes = 8 << 20
    public static let requestBodyBytes = 1...(64 << 20)
    /// Bytes of request bodies held at once across every connection (`--body-memory`, in MiB):
    /// each body's length is reserved before it is read, and one that does not fit is answered
    /// 503 with Retry-After. 64 MiB is eight bodies of the largest default size, small next to
    /// the renders' own memory on a small machine; at least `--max-body`, so any allowed body fits.
    public static let defaultRequestBodyMemoryBytes = 64 << 20
    public static let requestBodyMemoryMiB = 1...(64 << 10)
    /// Bytes of a request target (path and query, before decoding); more is 414.
    public static let defaultRequestTargetBytes = 16 << 10
    public static let requestTargetBytes = 256...(64 << 10)
    /// Device pixels across either side of a static image the server draws (size × scale); more is 413.
    public static let defaultServedImageSide = 4096
    public static let servedImageSide = 1...maxDeviceSide
    /// Bytes of encoded tiles the server keeps in memory (least recently used go first).
    public static let defaultTileMemoryCacheBytes = 256 << 20
    public static let tileMemoryCacheBytes = 0...(64 << 30)
    /// Seconds a request waits for its render before it is answered 504 (the render goes on and a
    /// tile is cached); 0 answers every uncached render 504 (for testing clients).
    public static let defaultRenderTimeoutSeconds = 30.0
    public static let renderTimeoutSeconds = 0.0...3600.0
    /// Seconds SIGTERM waits for requests in flight before the server exits anyway.
    public static let defaultShutdownGraceSeconds = 30.0
    public static let shutdownGraceSeconds = 0.0...3600.0
    /// HTTP connections open at once (more wait in the kernel's backlog).
    public static let defaultHTTPConnections = 1024
    public static let httpConnections = 1...100_000
    /// Connections one client (IP address) may hold at once (`--connections-per-client`); more are
    /// closed as they are accepted. By default a quarter of `--connections`, so that one client
    /// cannot hold every slot; behind a proxy every client is the proxy: raise it to `--connections`.
    public static let connectionsPerClient = 1...100_000
    public static let defaultConnectionsPerClientDivisor = 4
    public static func defaultConnectionsPerClient(connections: Int) -> Int { max(1, connections / defaultConnectionsPerClientDivisor) }
    /// Slots kept for clients that hold no connection yet: a sixteenth of `--connections`, at
    /// least one. When only these are left, a client that holds a connection is refused another.
    public static let connectionReserveDivisor = 16
    public static func connectionReserve(connections: Int) -> Int { max(1, connections / connectionReserveDivisor) }
    /// Seconds within which a request head must be complete (`--header-timeout`), from the
    /// connection's start or from the end of the previous answer plus the idle time on a
    /// kept-alive connection: a client sending a head a byte at a time holds a slot no longer.
    public static let defaultHeaderTimeoutSeconds = 10
    public static let headerTimeoutSeconds = 1...3600
    /// Seconds an idle (keep-alive) connection stays open.
    public static let defaultConnectionIdleSeconds = 30
    public static let connectionIdleSeconds = 1...3600
    /// Threads that answer HTTP (they never render).
    public static let httpThreads = 1...64
    /// `Cache-Control: max-age` seconds (a year at most, as RFC 9111 suggests).
    public static let defaultMaxAgeSeconds = 86_400
    public static let maxAgeSeconds = 0...31_536_000
    /// Zoom levels a style's tiles are served at (outside: 404).
    public static let defaultServedTileZooms = 0...20
}
