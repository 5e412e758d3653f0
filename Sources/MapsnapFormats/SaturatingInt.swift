extension FixedWidthInteger {
    /// `value` rounded toward zero, never trapping: NaN is 0, and values beyond the type's range
    /// (±infinity included) become its `max` or `min`. The one conversion to use where a `Double`
    /// may come from input (a style value, a coordinate, a size): Swift's `Int(_:)`, `Int32(_:)`…
    /// trap on those, and a trap is a crash.
    ///
    /// Renderers call it per pixel run, so it must cost what `Int(_: Double)` costs (one machine
    /// instruction): it is inlinable (an unspecialized generic call across modules was a quarter
    /// of a tile render), and it converts through the concrete `Int64`/`UInt64` initializers,
    /// because the generic `Self(value)` is a `BinaryFloatingPoint` conversion of about a hundred
    /// instructions even when specialized (another tenth of a tile render).
    @inlinable @inline(__always)
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Self.max) {
            self = .max
        } else if value <= Double(Self.min) {
            self = .min
        } else if Self.bitWidth > 64 {
            self = Self(value)
        } else if Self.isSigned || Self.bitWidth < 64 {
            self = Self(truncatingIfNeeded: Int64(value))
        } else {
            self = Self(truncatingIfNeeded: UInt64(value))
        }
    }
}
