/// The spec's `padding` type (`icon-padding`): one number for every side, or an array as CSS
/// writes it: `[all]`, `[vertical, horizontal]`, `[top, horizontal, bottom]`,
/// `[top, right, bottom, left]`. Negative values shrink the box.
public struct Padding: Hashable, Sendable, StylePropertyValue {
    public var top: Double, right: Double, bottom: Double, left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        (self.top, self.right, self.bottom, self.left) = (top, right, bottom, left)
    }

    public init(_ all: Double) { self.init(top: all, right: all, bottom: all, left: all) }

    /// Every side scaled by `s` (a label drawn at a multiple of its size).
    public static func * (p: Padding, s: Double) -> Padding {
        Padding(top: p.top * s, right: p.right * s, bottom: p.bottom * s, left: p.left * s)
    }

    // Numbers and arrays are both padding: expressions are checked as any value and converted here.
    public static var valueType: ValueType { .value }
    public static var isInterpolatable: Bool { true }
    public static var expectation: String { "a number or an array of 1 to 4 numbers" }

    public init?(styleValue: StyleValue) {
        switch styleValue {
        case .number(let n) where n.isFinite:
            self.init(n)
        case .array(let items) where (1...4).contains(items.count):
            var v: [Double] = []
            for item in items {
                guard case .number(let n) = item, n.isFinite else { return nil }
                v.append(n)
            }
            switch v.count {
            case 1: self.init(v[0])
            case 2: self.init(top: v[0], right: v[1], bottom: v[0], left: v[1])
            case 3: self.init(top: v[0], right: v[1], bottom: v[2], left: v[1])
            default: self.init(top: v[0], right: v[1], bottom: v[2], left: v[3])
            }
        default:
            return nil
        }
    }
}
