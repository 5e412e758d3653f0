/// How a number reads in a message for people (`--meters: must be greater than 0, got -5`):
/// whole numbers without a fraction (`-5`, `25000000`), others in Swift's shortest form that
/// reads back exactly (`95.1`, `1e-15`), and `nan`, `inf`, `-inf` for the non-finite. The one
/// formatter every error message uses, so a value reads the same in the CLI, batch reports and
/// (later) HTTP responses.
public enum MessageNumber {
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
