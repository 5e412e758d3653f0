import MapsnapGeo
/// A tile a source holds but cannot decode; the renderer warns and skips it.
public enum TileSourceError: Error, CustomStringConvertible {
    case corruptTile(path: String, tile: TileID, reason: String)
    public var description: String {
        switch self {
        case .corruptTile(let path, let tile, let reason): return "\(path): tile \(tile) is corrupt: \(reason)"
        }
    }
}
