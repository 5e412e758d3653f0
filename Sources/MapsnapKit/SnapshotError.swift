/// Why a snapshot cannot be made. Each message is one line naming the input and what is wrong.
public enum SnapshotError: Error, CustomStringConvertible, Sendable {
    /// An option value out of range; `option` is its name without dashes (`meters`, `size`).
    case invalidOption(option: String, message: String)
    case unknownStyle(name: String, available: [String])
    case style(StyleError)
    case tiles(TileArchiveError)
    case sourceNotLocal(source: String, url: String)
    case noVectorSource(style: String)
    case render(RenderError)
    case sprite(SpriteError)
    case unknownSource(name: String, available: [String])
    case geoJSONSource(name: String, reason: String)
    case spriteNotLocal(url: String)

    public var description: String {
        switch self {
        case .invalidOption(let option, let message): return "--\(option): \(message)"
        case .unknownStyle(let name, let available):
            return "--style: unknown style '\(name)' (built-in styles: \(available.joined(separator: ", ")); or give a path to a style JSON file)"
        case .style(let e): return "--style: \(e)"
        case .tiles(let e): return "--tiles: \(e)"
        case .sourceNotLocal(let source, let url):
            return "--style: source '\(source)' points to \(url), which cannot be read offline; map it to a local archive with --source \(source)=PATH.mbtiles (or --tiles PATH.mbtiles)"
        case .noVectorSource(let style): return "--style: \(style) has no vector source to draw"
        case .render(let e): return "\(e)"
        case .sprite(let e): return "--style: sprite: \(e)"
        case .geoJSONSource(let name, let reason): return "--style: GeoJSON source '\(name)': \(reason)"
        case .unknownSource(let name, let available):
            return "--source: the style has no source '\(name)' (its sources: \(available.joined(separator: ", ")))"
        case .spriteNotLocal(let url): return "--style: sprite \(url) cannot be read offline; point the style's \"sprite\" to local files"
        }
    }

    /// The option the error is about, for callers that report by option.
    public var option: String? {
        switch self {
        case .invalidOption(let o, _): return o
        case .unknownStyle, .style, .sourceNotLocal, .noVectorSource, .sprite, .spriteNotLocal: return "style"
        case .unknownSource: return "source"
        case .geoJSONSource: return "style"
        case .tiles: return "tiles"
        case .render: return nil
        }
    }
}
