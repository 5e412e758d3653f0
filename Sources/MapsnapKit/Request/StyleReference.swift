import Foundation
import MapsnapStyle

/// A style by built-in name (`light`, `dark`) or by the path of a style JSON file.
public enum StyleReference: Hashable, Sendable {
    case named(String)
    case file(String)

    /// A value with a `/` or ending in `.json` is a path; anything else a built-in name.
    public init(_ text: String) {
        self = text.contains("/") || text.hasSuffix(".json") ? .file(text) : .named(text)
    }

    public static let defaultStyle = StyleReference.named("light")

    func load() throws(RequestError) -> StyleDocument {
        let url = try fileURL()
        do { return try StyleDocument.load(contentsOf: url) } catch { throw RequestError("style", error.description) }
    }

    /// The style file: a built-in style's path, or the given path.
    public func fileURL() throws(RequestError) -> URL {
        switch self {
        case .named(let name):
            guard let folder = ResourceLocator.stylesFolder else {
                throw RequestError("style", "cannot load the built-in style '\(name)': \(ResourceLocator.notFoundReason)")
            }
            let available = ResourceLocator.builtInStyles
            guard available.contains(name) else {
                throw RequestError("style", "unknown style '\(name)' (built-in styles: \(available.joined(separator: ", ")); or give a path to a style JSON file)")
            }
            return folder.appendingPathComponent(name + ".json")
        case .file(let path):
            return URL(fileURLWithPath: path)
        }
    }
}
