import Foundation

/// How JavaScript's `String(n)` writes a number, for the common cases: integers without a decimal
/// point, others in shortest round-trip form, `NaN`, `Infinity`, `-Infinity`. The text MapLibre
/// gives a number inside a value: a feature's property (`FeatureValue`), a colour's alpha in
/// `rgba(…)` (`Color.description`); messages for people use `MessageNumber` instead.
public enum JavaScriptNumber {
    public static func format(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n > 0 ? "Infinity" : "-Infinity" }
        if n == n.rounded(), abs(n) < 9.2e18 { return String(Int64(n)) }
        if n == n.rounded(), abs(n) < 1e21 { return String(format: "%.0f", n) }
        return "\(n)"
    }
}
