import MapsnapFormats

/// How many fixes a `FixFilter` kept and why it dropped the others. Reports of several tracks of one
/// file add up with `+`.
public struct FixFilterReport: Sendable, Equatable, CustomStringConvertible {
    public var total: Int
    public var kept: Int
    /// Dropped for a negative accuracy.
    public var invalidAccuracy: Int
    /// Dropped for an accuracy worse than `maxAccuracyMeters`.
    public var poorAccuracy: Int
    /// Dropped because their time went backwards or repeated.
    public var timeNotIncreasing: Int
    /// Dropped for being closer than `minDistanceMeters` to the last kept fix.
    public var tooClose: Int
    /// The filter's thresholds, for the message.
    public var maxAccuracyMeters: Double?
    public var minDistanceMeters: Double?

    public init(total: Int = 0, kept: Int = 0, invalidAccuracy: Int = 0, poorAccuracy: Int = 0,
                timeNotIncreasing: Int = 0, tooClose: Int = 0,
                maxAccuracyMeters: Double? = nil, minDistanceMeters: Double? = nil) {
        self.total = total
        self.kept = kept
        self.invalidAccuracy = invalidAccuracy
        self.poorAccuracy = poorAccuracy
        self.timeNotIncreasing = timeNotIncreasing
        self.tooClose = tooClose
        self.maxAccuracyMeters = maxAccuracyMeters
        self.minDistanceMeters = minDistanceMeters
    }

    public var dropped: Int { total - kept }

    /// E.g. `kept 9,812 of 10,000 fixes; dropped 120 with accuracy worse than 100 m, 3 with negative
    /// accuracy, 65 whose time went backwards or repeated`; `kept all 250 fixes` when none was dropped.
    public var description: String {
        if dropped == 0 { return "kept all \(Self.grouped(total)) fix\(total == 1 ? "" : "es")" }
        var reasons: [String] = []
        if poorAccuracy > 0 {
            let threshold = maxAccuracyMeters.map { " than \(MessageNumber.format($0)) m" } ?? ""
            reasons.append("\(Self.grouped(poorAccuracy)) with accuracy worse\(threshold)")
        }
        if invalidAccuracy > 0 { reasons.append("\(Self.grouped(invalidAccuracy)) with negative accuracy") }
        if timeNotIncreasing > 0 {
            reasons.append("\(Self.grouped(timeNotIncreasing)) whose time went backwards or repeated")
        }
        if tooClose > 0 {
            let threshold = minDistanceMeters.map { " than \(MessageNumber.format($0)) m" } ?? ""
            reasons.append("\(Self.grouped(tooClose)) closer\(threshold) to the previous kept fix")
        }
        return "kept \(Self.grouped(kept)) of \(Self.grouped(total)) fix\(total == 1 ? "" : "es"); dropped "
            + reasons.joined(separator: ", ")
    }

    /// Counts of two reports added up (the thresholds of the left one are kept).
    public static func + (lhs: FixFilterReport, rhs: FixFilterReport) -> FixFilterReport {
        FixFilterReport(total: lhs.total + rhs.total, kept: lhs.kept + rhs.kept,
                        invalidAccuracy: lhs.invalidAccuracy + rhs.invalidAccuracy,
                        poorAccuracy: lhs.poorAccuracy + rhs.poorAccuracy,
                        timeNotIncreasing: lhs.timeNotIncreasing + rhs.timeNotIncreasing,
                        tooClose: lhs.tooClose + rhs.tooClose,
                        maxAccuracyMeters: lhs.maxAccuracyMeters, minDistanceMeters: lhs.minDistanceMeters)
    }

    /// `9812` → `9,812`, independent of the locale.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
