import Testing
@testable import MapsnapOverlays

struct FixFilterReportTests {
    struct Case: Sendable { let report: FixFilterReport, text: String }
    static let cases: [Case] = [
        .init(report: FixFilterReport(total: 10_000, kept: 9_812, invalidAccuracy: 3, poorAccuracy: 120, timeNotIncreasing: 65,
                                      maxAccuracyMeters: 100),
              text: "kept 9,812 of 10,000 fixes; dropped 120 with accuracy worse than 100 m, 3 with negative accuracy, 65 whose time went backwards or repeated"),
        .init(report: FixFilterReport(total: 250, kept: 250), text: "kept all 250 fixes"),
        .init(report: FixFilterReport(total: 1, kept: 1), text: "kept all 1 fix"),
        .init(report: FixFilterReport(), text: "kept all 0 fixes"),
        .init(report: FixFilterReport(total: 1_234_567, kept: 1_000_000, tooClose: 234_567, minDistanceMeters: 2.5),
              text: "kept 1,000,000 of 1,234,567 fixes; dropped 234,567 closer than 2.5 m to the previous kept fix"),
        .init(report: FixFilterReport(total: 3, kept: 0, invalidAccuracy: 3), text: "kept 0 of 3 fixes; dropped 3 with negative accuracy"),
        .init(report: FixFilterReport(total: 2, kept: 1, poorAccuracy: 1), text: "kept 1 of 2 fixes; dropped 1 with accuracy worse"),
    ]

    @Test(arguments: cases)
    func describesWhatWasDroppedAndWhy(_ c: Case) {
        #expect(c.report.description == c.text)
    }

    @Test func reportsAddUp() {
        let a = FixFilterReport(total: 10, kept: 7, invalidAccuracy: 1, poorAccuracy: 1, timeNotIncreasing: 1, maxAccuracyMeters: 50)
        let b = FixFilterReport(total: 5, kept: 4, tooClose: 1, maxAccuracyMeters: 50)
        #expect(a + b == FixFilterReport(total: 15, kept: 11, invalidAccuracy: 1, poorAccuracy: 1, timeNotIncreasing: 1,
                                         tooClose: 1, maxAccuracyMeters: 50))
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (9812, "9,812"), (1_000_000, "1,000,000"), (-1234, "-1,234")])
    func thousandsAreGroupedWithCommas(_ n: Int, _ text: String) {
        #expect(FixFilterReport.grouped(n) == text)
    }
}
