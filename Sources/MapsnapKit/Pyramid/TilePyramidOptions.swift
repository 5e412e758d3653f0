import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapRender

/// What `mapsnap tiles` renders: every 256-px XYZ tile of an area over a zoom range.
public struct TilePyramidOptions: Sendable {
    /// nil: every region of the data (each archive's bounds). West > east crosses the antimeridian.
    public var bbox: BoundingBox?
    public var zooms: ClosedRange<Int> = 12...16
    /// A folder (`z/x/y.png`, `.webp`, `.jpg`), a `.mbtiles` or a `.pmtiles` file.
    public var output: String = "output/tiles"
    public var style = StyleSelection()
    /// 1: 256-px tiles; 2: 512-px `@2x` tiles of the same area.
    public var scale = 1
    /// Tiles per metatile side: labels are placed once per metatile.
    public var metatileSize = 8
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Skip the tiles the output already has.
    public var resume = false
    /// Render only shard `index` (0-based) of `count`.
    public var shard: (index: Int, count: Int)?
    /// PNG by default; WebP or JPEG as chosen (an archive's metadata and a folder's file names follow).
    public var encoding = TilePyramidOptions.defaultEncoding
    /// Tiles (pyramids and the server's) are encoded fast by default: encoding is a third of
    /// a metatile's time at `balanced`, and `fast` takes a third of that for 10 % more bytes.
    public static let defaultCompression = PNGCompression.fast
    public static let defaultEncoding = ImageEncoding(pngCompression: defaultCompression)
    /// Go ahead with more than `InputLimits.pyramidTilesWithoutConfirmation` tiles (`--yes`).
    public var confirmLarge = false

    public init() {}

    public var outputIsMBTiles: Bool { output.lowercased().hasSuffix(".mbtiles") }
    public var outputIsPMTiles: Bool { output.lowercased().hasSuffix(".pmtiles") }

    public static let zoomLimit = 0...24
    public static let metatileLimit = InputLimits.metatile

    /// Checks the values; errors name the field (`zoom`, `bbox`, `shard`, …).
    public func validate() throws(RequestError) {
        guard Self.zoomLimit.contains(zooms.lowerBound), Self.zoomLimit.contains(zooms.upperBound) else {
            throw RequestError("zoom", "zoom levels must be within 0-24, got \(zooms.lowerBound)-\(zooms.upperBound)")
        }
        guard scale == 1 || scale == 2 else { throw RequestError("scale", "must be 1 or 2, got \(scale)") }
        guard Self.metatileLimit.contains(metatileSize) else { throw RequestError("metatile", "must be 1 to 32 tiles, got \(metatileSize)") }
        if let s = shard, !(s.count >= 1 && (0..<s.count).contains(s.index)) {
            throw RequestError("shard", "K/N needs 0 <= K < N, got \(s.index)/\(s.count)")
        }
        if let s = shard, s.count > InputLimits.maxShards {
            throw RequestError("shard", "\(s.count) shards are more than \(InputLimits.maxShards)")
        }
        guard InputLimits.jobs.contains(jobs) else {
            throw RequestError("jobs", "must be a whole number from \(InputLimits.jobs.lowerBound) to \(InputLimits.jobs.upperBound), got \(jobs)")
        }
        if let b = bbox { try MapRequest.check(b, FieldPath("bbox")) }
        try encoding.validate()
    }
}

/// Why a pyramid was not made: a wrong request (a field and a reason: exit code 2), or tiles
/// that failed to render or be written (exit code 1).
public enum PyramidError: Error, CustomStringConvertible, Sendable {
    case request(RequestError)
    case failed(String)

    public var description: String {
        switch self {
        case .request(let e): return e.description
        case .failed(let m): return m
        }
    }
}
