import Foundation
import Testing
@testable import MapsnapOverlays

/// Unix times from Python's `datetime.fromisoformat(...).replace(tzinfo=timezone.utc).timestamp()`.
struct ISO8601TimeTests {
    struct Case: Sendable { let text: String, seconds: Double }
    static let valid: [Case] = [
        .init(text: "2024-05-01T08:30:00Z", seconds: 1_714_552_200),
        .init(text: "2024-05-01T08:30:00.250Z", seconds: 1_714_552_200.25),
        .init(text: "2024-05-01T08:30:00,5Z", seconds: 1_714_552_200.5),
        .init(text: "2024-05-01T10:30:00+02:00", seconds: 1_714_552_200),
        .init(text: "2024-05-01T03:00:00-0530", seconds: 1_714_552_200),
        .init(text: "2024-05-01T10:30:00+02", seconds: 1_714_552_200),
        .init(text: "2024-05-01 08:30:00", seconds: 1_714_552_200),
        .init(text: "2024-05-01t08:30:00z", seconds: 1_714_552_200),
        .init(text: "2024-05-01T08:30Z", seconds: 1_714_552_200),
        .init(text: " \n 2024-05-01T08:30:00Z\t", seconds: 1_714_552_200),
        .init(text: "2024-05-01", seconds: 1_714_521_600),
        .init(text: "2024-02-29T00:00:00Z", seconds: 1_709_164_800),
        .init(text: "2000-01-01T00:00:00Z", seconds: 946_684_800),
        .init(text: "1969-12-31T23:59:59Z", seconds: -1),
        .init(text: "2016-12-31T23:59:60Z", seconds: 1_483_228_800),
        .init(text: "2024-05-01T24:00:00Z", seconds: 1_714_608_000),
        .init(text: "2024-12-31T23:59:59Z", seconds: 1_735_689_599),
        .init(text: "1999-03-01T00:00:00Z", seconds: 920_246_400),
        .init(text: "2100-02-28T12:00:00Z", seconds: 4_107_499_200),
    ]

    @Test(arguments: valid)
    func parses(_ c: Case) throws {
        let date = try #require(ISO8601Time.parse(c.text))
        #expect(abs(date.timeIntervalSince1970 - c.seconds) < 1e-6)
    }

    @Test(arguments: ["", "noon", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-00-10", "2024-04-31",
                      "2024-05-01T25:00:00Z", "2024-05-01T08:60:00Z", "2024-05-01T24:00:01Z", "2024-05-01T08:30:00+25:00",
                      "2024-05-01T08:30:00.Z", "2024-5-1T08:30:00Z", "2024-05-01T08:30:00Zjunk", "2024-05-01T08",
                      "1714552200", "2024-05-01T08:30:00+02:0",
                      // The fixed-offset form with one thing wrong each.
                      "2024-05-01T08:3a:00Z", "2024-05-01X08:30:00Z", "2024/05-01T08:30:00Z", "2024-05-01T08:30:00Y",
                      "2024-02-30T08:30:00Z", "2023-02-29T08:30:00Z", "2100-02-29T08:30:00Z", "2024-05-00T08:30:00Z",
                      "2024-05-01T08:30:61Z", "2024-05-01T08-30:00Z", "2024-05-01T08:30:0\u{0}Z", "２０２４-05-01T08:30:00Z"])
    func rejects(_ text: String) {
        #expect(ISO8601Time.parse(text) == nil)
    }
}
