extension FixedWidthInteger {
    /// `value` rounded toward zero, never trapping: NaN is 0, and values beyond the type's range
    /// (±infinity included) become its `max` or `min`. The one conversion to use where a `Double`
    /// may come from input (a style value, a coordinate, a size): Swift's `Int(_:)`, `Int32(_:)`…
    /// trap on those, and a trap is a crash. Inlinable: renderers call it per pixel run, and an
    /// unspecialized generic call across modules cost a quarter of a tile render.
    @inlinable @inline(__always)
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Self.max) {
            self = .max
        } else if value <= Double(Self.min) {
            self = .min
        } else {
            self = Self(value)
        }
    }
}

