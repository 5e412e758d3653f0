import MapsnapGeo

/// `text-variable-anchor-offset`: the anchors to try in order, each with its own text offset in
/// ems (`["top", [0, 1], "left", [1, 0]]`: below the point, then right of it). The offsets are used
/// as written, not turned away from the anchor as `text-radial-offset` is.
public struct VariableAnchorOffsets: Hashable, Sendable, StylePropertyValue {
    public struct Entry: Hashable, Sendable {
        public var anchor: TextAnchor
        /// Ems, right and down.
        public var offset: Point
    }
    public var entries: [Entry]

    public init(_ entries: [Entry]) { self.entries = entries }

    // An array of mixed strings and arrays: checked as any value, converted here.
    public static var valueType: ValueType { .value }
    public static var isInterpolatable: Bool { true }
    public static var expectation: String { "an array of anchors, each followed by an [x, y] offset in ems" }

    public init?(styleValue: StyleValue) {
        guard case .array(let items) = styleValue, items.count % 2 == 0 else { return nil }
        var entries: [Entry] = []
        for i in stride(from: 0, to: items.count, by: 2) {
            guard case .string(let name) = items[i], let anchor = TextAnchor(rawValue: name),
                  case .array(let xy) = items[i + 1], xy.count == 2,
                  case .number(let x) = xy[0], case .number(let y) = xy[1], x.isFinite, y.isFinite else { return nil }
            entries.append(Entry(anchor: anchor, offset: Point(x: x, y: y)))
        }
        self.entries = entries
    }
}
