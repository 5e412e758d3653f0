import Testing
@testable import MapsnapOverlays

struct OverlayLimitsTests {
    struct Case: Sendable { let meters: Double, message: String? }
    static let cases: [Case] = [
        .init(meters: 0.5, message: nil),
        .init(meters: 150, message: nil),
        .init(meters: 20_000_000, message: nil),
        .init(meters: 0, message: "--circle: radius: must be a number of meters greater than 0 and at most 20,000 km, got 0"),
        .init(meters: -5, message: "--circle: radius: must be a number of meters greater than 0 and at most 20,000 km, got -5"),
        .init(meters: 20_000_000.5, message: "--circle: radius: must be a number of meters greater than 0 and at most 20,000 km, got 20000000.5"),
        .init(meters: .nan, message: "--circle: radius: must be a number of meters greater than 0 and at most 20,000 km, got nan"),
        .init(meters: .infinity, message: "--circle: radius: must be a number of meters greater than 0 and at most 20,000 km, got inf"),
    ]

    @Test(arguments: cases)
    func radiusMustBePositiveAndAtMost20000Kilometers(_ c: Case) {
        let at = InputLocation(file: "--circle", path: "radius")
        #expect(OverlayLimits.isValidRadius(c.meters) == (c.message == nil))
        #expect(overlayErrorMessage { () throws(OverlayError) in try OverlayLimits.checkRadius(c.meters, at: at) } == c.message)
    }

    @Test func coordinateRanges() {
        #expect(OverlayLimits.isValidLatitude(90) && OverlayLimits.isValidLatitude(-90))
        #expect(!OverlayLimits.isValidLatitude(90.000001) && !OverlayLimits.isValidLatitude(.nan))
        #expect(OverlayLimits.isValidLongitude(180) && OverlayLimits.isValidLongitude(-180))
        #expect(!OverlayLimits.isValidLongitude(-180.5) && !OverlayLimits.isValidLongitude(.infinity))
    }
}
