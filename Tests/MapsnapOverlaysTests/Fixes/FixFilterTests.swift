import Foundation
import Testing
@testable import MapsnapOverlays
import MapsnapGeo

struct FixFilterTests {
    static let t0 = Date(timeIntervalSince1970: 1_714_550_400)  // 2024-05-01T08:00:00Z

    /// Fixes 1 m apart going north from Monaco, one a second.
    static func fix(_ i: Int, accuracy: Double? = 5, seconds: Double? = nil) -> Fix {
        Fix(coordinate: Geodesy.destination(from: LatLon(43.7384, 7.4246), degreesClockwiseFromNorth: 0, meters: Double(i)),
            accuracyMeters: accuracy, time: t0.addingTimeInterval(seconds ?? Double(i)))
    }

    @Test func defaultsAre100MetersNoDistanceFilterAndTimeRegressionsDropped() {
        let f = FixFilter()
        #expect(f.maxAccuracyMeters == 100 && f.minDistanceMeters == nil && f.dropTimeRegressions)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let filter: FixFilter
        let fixes: [Fix]
        let kept: [Int]
        let report: FixFilterReport
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        .init(name: "everything good", filter: FixFilter(), fixes: (0..<5).map { fix($0) }, kept: [0, 1, 2, 3, 4],
              report: FixFilterReport(total: 5, kept: 5, maxAccuracyMeters: 100)),
        .init(name: "negative accuracy is invalid, even with no threshold",
              filter: FixFilter(maxAccuracyMeters: nil), fixes: [fix(0), fix(1, accuracy: -1), fix(2)], kept: [0, 2],
              report: FixFilterReport(total: 3, kept: 2, invalidAccuracy: 1)),
        .init(name: "accuracy worse than the threshold; exactly the threshold is kept",
              filter: FixFilter(maxAccuracyMeters: 50), fixes: [fix(0, accuracy: 50), fix(1, accuracy: 50.1), fix(2, accuracy: 0)],
              kept: [0, 2], report: FixFilterReport(total: 3, kept: 2, poorAccuracy: 1, maxAccuracyMeters: 50)),
        .init(name: "unknown accuracy passes", filter: FixFilter(maxAccuracyMeters: 10),
              fixes: [fix(0, accuracy: nil), fix(1, accuracy: 20)], kept: [0],
              report: FixFilterReport(total: 2, kept: 1, poorAccuracy: 1, maxAccuracyMeters: 10)),
        .init(name: "repeated and backwards times compare with the last kept fix",
              filter: FixFilter(), fixes: [fix(0, seconds: 10), fix(1, seconds: 10), fix(2, seconds: 5), fix(3, seconds: 11)],
              kept: [0, 3], report: FixFilterReport(total: 4, kept: 2, timeNotIncreasing: 2, maxAccuracyMeters: 100)),
        .init(name: "a dropped fix does not move the time forward",
              filter: FixFilter(maxAccuracyMeters: 100),
              fixes: [fix(0, seconds: 1), fix(1, accuracy: 500, seconds: 100), fix(2, seconds: 2)], kept: [0, 2],
              report: FixFilterReport(total: 3, kept: 2, poorAccuracy: 1, maxAccuracyMeters: 100)),
        .init(name: "times can be turned off", filter: FixFilter(dropTimeRegressions: false),
              fixes: [fix(0, seconds: 10), fix(1, seconds: 5)], kept: [0, 1],
              report: FixFilterReport(total: 2, kept: 2, maxAccuracyMeters: 100)),
        .init(name: "fixes without a time pass the time rule",
              filter: FixFilter(), fixes: [fix(0, seconds: 10), Fix(coordinate: LatLon(1, 1)), fix(2, seconds: 10)], kept: [0, 1],
              report: FixFilterReport(total: 3, kept: 2, timeNotIncreasing: 1, maxAccuracyMeters: 100)),
        .init(name: "distance to the last kept fix",
              filter: FixFilter(minDistanceMeters: 2.5), fixes: (0..<8).map { fix($0) }, kept: [0, 3, 6],
              report: FixFilterReport(total: 8, kept: 3, tooClose: 5, maxAccuracyMeters: 100, minDistanceMeters: 2.5)),
        .init(name: "the first rule that drops a fix counts it",
              filter: FixFilter(maxAccuracyMeters: 10, minDistanceMeters: 100),
              fixes: [fix(0), fix(1, accuracy: -3, seconds: 0), fix(2, accuracy: 99, seconds: 0), fix(3, seconds: 0), fix(4)],
              kept: [0], report: FixFilterReport(total: 5, kept: 1, invalidAccuracy: 1, poorAccuracy: 1, timeNotIncreasing: 1,
                                                 tooClose: 1, maxAccuracyMeters: 10, minDistanceMeters: 100)),
        .init(name: "keep all drops only invalid fixes", filter: .keepAll,
              fixes: [fix(0, accuracy: 5000, seconds: 9), fix(0, accuracy: -1), fix(0, seconds: 1)], kept: [0, 2],
              report: FixFilterReport(total: 3, kept: 2, invalidAccuracy: 1)),
        .init(name: "nothing in, nothing out", filter: FixFilter(), fixes: [], kept: [],
              report: FixFilterReport(maxAccuracyMeters: 100)),
    ]

    @Test(arguments: cases)
    func keepsAndCounts(_ c: Case) {
        let (kept, report) = c.filter.apply(c.fixes)
        #expect(kept == c.kept.map { c.fixes[$0] })
        #expect(report == c.report)
        #expect(report.invalidAccuracy + report.poorAccuracy + report.timeNotIncreasing + report.tooClose == report.dropped)
    }
}
