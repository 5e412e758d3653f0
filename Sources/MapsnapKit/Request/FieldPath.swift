/// Where in a request a value sits, as front ends name it: `meters`, `markers[2].lat`,
/// `style.sources.openmaptiles`. The first key is the field's name (a manifest key, a query
/// parameter); each front end turns that root into its own word (the CLI into its flag), so
/// no library code ever formats a command-line flag.
public struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ root: String) { components = [.key(root)] }

    init(components: [Component]) { self.components = components }

    /// The field's name: the first key.
    public var root: String {
        if case .key(let k)? = components.first { return k }
        return ""
    }

    /// The position among repeated values of the root field (`markers[2]` → 2), if any.
    public var index: Int? {
        if components.count > 1, case .index(let i) = components[1] { return i }
        return nil
    }

    public func appending(_ key: String) -> FieldPath { FieldPath(components: components + [.key(key)]) }
    public func appending(index: Int) -> FieldPath { FieldPath(components: components + [.index(index)]) }

    /// The path after the root, e.g. `[2].lat` (empty for the root alone).
    public var suffix: String { Self.text(components.dropFirst(), leadingDot: true) }

    public var description: String { Self.text(components[...], leadingDot: false) }

    private static func text(_ parts: ArraySlice<Component>, leadingDot: Bool) -> String {
        var out = ""
        for (n, c) in parts.enumerated() {
            switch c {
            case .key(let k): out += (n == 0 && !leadingDot) ? k : "." + k
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
    }
}
