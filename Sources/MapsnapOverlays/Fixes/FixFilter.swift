import Foundation
import MapsnapGeo

/// Drops GPS fixes that would draw a track wrong. Each rule is looked at in this order, and a fix
/// is counted under the first rule that drops it:
///
/// 1. a negative accuracy marks an invalid fix (always dropped);
/// 2. an accuracy worse (greater) than `maxAccuracyMeters`, when the fix has an accuracy;
/// 3. with `dropTimeRegressions`, a time not later than the last kept fix's (both must have times);
/// 4. a distance to the last kept fix below `minDistanceMeters` (geodesic).
///
/// Rules 3 and 4 compare with the last *kept* fix, so the kept times strictly increase and kept
/// neighbours are at least the minimum distance apart. Fixes without accuracy or time pass the rules
/// that need them.
public struct FixFilter: Sendable, Equatable {
    /// Drop fixes whose accuracy is worse than this; nil keeps any accuracy. Default 100 m.
    public var maxAccuracyMeters: Double?
    /// Drop fixes closer than this to the last kept one; nil (the default) keeps them all.
    public var minDistanceMeters: Double?
    /// Drop fixes whose time goes backwards or repeats. Default on.
    public var dropTimeRegressions: Bool

    public init(maxAccuracyMeters: Double? = 100, minDistanceMeters: Double? = nil, dropTimeRegressions: Bool = true) {
        self.maxAccuracyMeters = maxAccuracyMeters
        self.minDistanceMeters = minDistanceMeters
        self.dropTimeRegressions = dropTimeRegressions
    }

    /// Keeps nothing out but invalid (negative-accuracy) fixes.
    public static let keepAll = FixFilter(maxAccuracyMeters: nil, minDistanceMeters: nil, dropTimeRegressions: false)

    public func apply(_ fixes: [Fix]) -> (kept: [Fix], report: FixFilterReport) {
        let (indices, report) = keptIndices(fixes)
        return (indices.map { fixes[$0] }, report)
    }

    /// The positions in `fixes` of the fixes kept, in order, and the report.
    func keptIndices(_ fixes: [Fix]) -> ([Int], FixFilterReport) {
        var kept: [Int] = []
        kept.reserveCapacity(fixes.count)
        let report = forEachKept(fixes) { kept.append($0) }
        return (kept, report)
    }

    /// Calls `body` with the position of each fix kept, in order, and returns the report.
    func forEachKept(_ fixes: [Fix], _ body: (Int) -> Void) -> FixFilterReport {
        var report = FixFilterReport(maxAccuracyMeters: maxAccuracyMeters, minDistanceMeters: minDistanceMeters)
        report.total = fixes.count
        var keptCount = 0
        var lastTime: Date?
        var lastCoordinate: LatLon?
        for (i, fix) in fixes.enumerated() {
            if let accuracy = fix.accuracyMeters {
                if accuracy < 0 { report.invalidAccuracy += 1; continue }
                if let maxAccuracyMeters, accuracy > maxAccuracyMeters { report.poorAccuracy += 1; continue }
            }
            if dropTimeRegressions, let time = fix.time, let lastTime, time <= lastTime {
                report.timeNotIncreasing += 1
                continue
            }
            if let minDistanceMeters, let lastCoordinate,
               Geodesy.distanceMeters(lastCoordinate, fix.coordinate) < minDistanceMeters {
                report.tooClose += 1
                continue
            }
            body(i)
            keptCount += 1
            if let time = fix.time { lastTime = time }
            lastCoordinate = fix.coordinate
        }
        report.kept = keptCount
        return report
    }
}
