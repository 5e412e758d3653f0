extension Int {
    /// `value` rounded toward zero as an `Int`, never trapping: NaN is 0, and values beyond the
    /// range of `Int` (±infinity included) become `Int.max` or `Int.min`. The one conversion to
    /// use where a `Double` may come from input (a style value, a coordinate, a size): Swift's
    /// `Int(_:)` traps on those, and a trap is a crash.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
