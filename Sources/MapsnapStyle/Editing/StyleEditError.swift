/// Why a change to a style was refused. The style is left as it was, as MapLibre leaves it when
/// its map API reports an error event; the words follow MapLibre's.
public enum StyleEditError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAStyle(found: String)
    case noSuchLayer(String)
    case layerExists(String)
    case invalidLayer(String, reason: String)
    case noSuchSource(String)
    case sourceExists(String)
    case invalidSource(String, reason: String)
    case sourceInUse(source: String, layer: String)
    case noSuchImage(String)
    case imageExists(String)
    case imageSizeChanged(String)
    case invalidValue(operation: String, reason: String)

    public var description: String {
        switch self {
        case .notAStyle(let found): return "a style is a JSON object, got \(found)"
        case .noSuchLayer(let id): return "the layer '\(id)' does not exist in the map's style"
        case .layerExists(let id): return "a layer with id '\(id)' already exists in the map's style"
        case .invalidLayer(let id, let reason): return "layer '\(id)': \(reason)"
        case .noSuchSource(let id): return "the source '\(id)' does not exist in the map's style"
        case .sourceExists(let id): return "a source with id '\(id)' already exists in the map's style"
        case .invalidSource(let id, let reason): return "source '\(id)': \(reason)"
        case .sourceInUse(let source, let layer): return "source '\(source)' cannot be removed while layer '\(layer)' is using it"
        case .noSuchImage(let id): return "the image '\(id)' does not exist in the map's style"
        case .imageExists(let id): return "an image named '\(id)' already exists"
        case .imageSizeChanged(let id): return "the image '\(id)' cannot be updated with an image of another size"
        case .invalidValue(let operation, let reason): return "\(operation): \(reason)"
        }
    }
}
