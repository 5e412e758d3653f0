import Testing
import MapsnapFormats
@testable import MapsnapOverlays
import MapsnapGeo

struct UserLocationTests {
    @Test func defaults() {
        let u = UserLocation(coordinate: LatLon(1, 2))
        #expect(u.accuracyMeters == nil && u.headingDegrees == nil && !u.reducedAccuracy)
        #expect(UserLocation.defaultColor == Color.parse("#007aff"))
    }

    struct Case: Sendable { let accuracy: Double?, message: String? }
    static let cases: [Case] = [
        .init(accuracy: nil, message: nil),
        .init(accuracy: 35, message: nil),
        .init(accuracy: 0, message: "--user: accuracy: must be a number of meters greater than 0 and at most 20,000 km, got 0"),
        .init(accuracy: -1, message: "--user: accuracy: must be a number of meters greater than 0 and at most 20,000 km, got -1"),
        .init(accuracy: 3e7, message: "--user: accuracy: must be a number of meters greater than 0 and at most 20,000 km, got 30000000"),
    ]

    @Test(arguments: cases)
    func accuracyIsValidated(_ c: Case) {
        let u = UserLocation(coordinate: LatLon(1, 2), accuracyMeters: c.accuracy)
        let at = InputLocation(file: "--user", path: "accuracy")
        #expect(overlayErrorMessage { () throws(OverlayError) in _ = try u.validated(at: at) } == c.message)
    }
}
