import Foundation
import MapsnapFormats

/// What `mapsnap tiles` renders: every 256-px XYZ tile of a box over a zoom range.
public struct TilePyramidOptions: Sendable {
    /// nil: the tile source's bounds. West > east crosses the antimeridian.
    public var bbox: BoundingBox?
    public var zooms: ClosedRange<Int> = 12...16
    /// A folder (`z/x/y.png`) or a `.mbtiles` file.
    public var output: String = "output/tiles"
    public var style: StyleReference = .defaultStyle
    public var tiles: [String] = []
    /// 1: 256-px tiles; 2: 512-px `@2x` tiles of the same area.
    public var scale = 1
    /// Tiles per metatile side: labels are placed once per metatile.
    public var metatileSize = 8
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Skip the tiles the output already has.
    public var resume = false
    /// Render only shard `index` (0-based) of `count`.
    public var shard: (index: Int, count: Int)?
    public var compression: PNGCompression = .balanced

    public init() {}

    public var outputIsMBTiles: Bool { output.lowercased().hasSuffix(".mbtiles") }

    public static let zoomLimit = 0...24

    /// Checks the values; messages name the option.
    public func validate() throws(PyramidError) {
        guard Self.zoomLimit.contains(zooms.lowerBound), Self.zoomLimit.contains(zooms.upperBound) else {
            throw .invalidOption(option: "zoom", message: "zoom levels must be within 0-24, got \(zooms.lowerBound)-\(zooms.upperBound)")
        }
        guard scale == 1 || scale == 2 else { throw .invalidOption(option: "scale", message: "must be 1 or 2, got \(scale)") }
        guard (1...32).contains(metatileSize) else { throw .invalidOption(option: "metatile", message: "must be 1 to 32 tiles, got \(metatileSize)") }
        guard jobs >= 1 else { throw .invalidOption(option: "jobs", message: "must be at least 1, got \(jobs)") }
        if let s = shard, !(s.count >= 1 && (0..<s.count).contains(s.index)) {
            throw .invalidOption(option: "shard", message: "K/N needs 0 <= K < N, got \(s.index)/\(s.count)")
        }
        if let b = bbox {
            for lat in [b.south, b.north] where !(lat.isFinite && abs(lat) <= 90) {
                throw .invalidOption(option: "bbox", message: "latitude \(MessageNumber.format(lat)) is outside -90...90")
            }
            for lon in [b.west, b.east] where !(lon.isFinite && abs(lon) <= 180) {
                throw .invalidOption(option: "bbox", message: "longitude \(MessageNumber.format(lon)) is outside -180...180")
            }
            guard b.south < b.north else { throw .invalidOption(option: "bbox", message: "south \(MessageNumber.format(b.south)) must be below north \(MessageNumber.format(b.north))") }
            guard b.west != b.east else { throw .invalidOption(option: "bbox", message: "west and east are equal (\(MessageNumber.format(b.west)))") }
            // West > east crosses the antimeridian; that only makes sense with west in the eastern
            // hemisphere and east in the western one (170,…,-170,…). Anything else is a swap.
            if b.west > b.east && !(b.west > 0 && b.east < 0) {
                throw .invalidOption(option: "bbox", message: "west \(MessageNumber.format(b.west)) is east of east \(MessageNumber.format(b.east)) (to cross the antimeridian give west > 0 and east < 0, e.g. 170,-10,-170,10)")
            }
        }
    }
}

/// Why a pyramid cannot be made; messages name the option or file.
public enum PyramidError: Error, CustomStringConvertible, Sendable {
    case invalidOption(option: String, message: String)
    case snapshot(SnapshotError)
    case output(String)
    case failed(String)

    public var description: String {
        switch self {
        case .invalidOption(let o, let m): return "--\(o): \(m)"
        case .snapshot(let e): return e.description
        case .output(let m): return "--output: \(m)"
        case .failed(let m): return m
        }
    }
}
