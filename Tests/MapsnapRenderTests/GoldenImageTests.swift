import Foundation
import MapsnapFormats
import MapsnapKit
import MapsnapRender
import Testing
import MapsnapTestSupport

/// Renders every case under `Cases/` and compares it with its `expected.png`.
/// On a difference beyond the case's allowance, `actual.png` and `diff.png` are written next to it.
/// `MAPSNAP_RECORD_GOLDEN=1` re-records `expected.png` and fails the test, so that a re-record
/// never passes silently: run once to record, look at the images, run again to verify.
struct GoldenImageTests {
    static let recording = ProcessInfo.processInfo.environment["MAPSNAP_RECORD_GOLDEN"] == "1"

    @Test(arguments: GoldenCase.all())
    func rendersLikeTheGoldenImage(_ golden: GoldenCase) throws {
        let spec = try golden.spec()
        if let name = spec.upstream, GoldenCase.upstreamStyleFolder(name) == nil {
            try TestEnvironment.skip("\(golden): ../shared/styles-upstream/\(name) is not beside the repository")
        }
        let request = spec.request
        let snapshotter = try Snapshotter(request.style)
        let warnings = WarningLog()
        var image = try snapshotter.snapshot(request, warnings: warnings).image
        if spec.upstream != nil {
            // Everything these styles use is supported: no style warning. (Icons named after POI
            // classes this data does not have are missing from their sprites, as in MapLibre.)
            #expect(snapshotter.style.warnings.map(\.description) == [], "\(golden)")
            #expect(warnings.messages.filter { !$0.contains("is not in the sprite") } == [], "\(golden)")
        }
        if let caption = spec.caption {
            let kinds: [CaptionBand.Kind] = [.title, .body, .detail]
            image = try CaptionBand.captioned(image, lines: zip(caption, kinds).map { CaptionBand.Line($0, $1) },
                                              pixelRatio: request.pixelRatio, dark: false, text: snapshotter.renderer.text)
        }
        let expectedURL = golden.folder.appendingPathComponent("expected.png")
        let actualURL = golden.folder.appendingPathComponent("actual.png")
        let diffURL = golden.folder.appendingPathComponent("diff.png")
        try? FileManager.default.removeItem(at: actualURL)
        try? FileManager.default.removeItem(at: diffURL)

        if Self.recording {
            try AtomicFile.write(try image.pngData(compression: .small), to: expectedURL.path)
            Issue.record("re-recorded \(golden): look at \(expectedURL.path), then run the tests again without MAPSNAP_RECORD_GOLDEN")
            return
        }
        guard FileManager.default.fileExists(atPath: expectedURL.path) else {
            try AtomicFile.write(try image.pngData(), to: actualURL.path)
            Issue.record("\(golden) has no expected.png; wrote actual.png. Record with MAPSNAP_RECORD_GOLDEN=1")
            return
        }
        let expected = try RasterImage(pngFile: expectedURL.path)
        let comparison = try ImageComparison(actual: image, expected: expected, channelTolerance: spec.channelTolerance ?? 24)
        let allowed = spec.allowedDifferentFraction ?? 0.005
        if !comparison.sizeMatches || comparison.differentFraction > allowed {
            try AtomicFile.write(try image.pngData(), to: actualURL.path)
            if let diff = comparison.diff { try AtomicFile.write(try diff.pngData(), to: diffURL.path) }
        }
        #expect(comparison.sizeMatches, "\(golden): size \(image.pixelWidth)x\(image.pixelHeight) differs from expected \(expected.pixelWidth)x\(expected.pixelHeight)")
        #expect(comparison.differentFraction <= allowed,
                "\(golden): \(comparison.differentPixels) pixels (\(String(format: "%.3f", comparison.differentFraction * 100)) %) differ, allowed \(allowed * 100) %; see actual.png and diff.png")
    }

    /// The comparison itself must be able to fail.
    @Test func comparisonCountsDifferentPixels() throws {
        let a = try RasterImage(pixelWidth: 10, pixelHeight: 10)
        let b = try RasterImage(pixelWidth: 10, pixelHeight: 10)
        b.withPixels { p, stride in
            UnsafeMutableRawPointer(mutating: p).storeBytes(of: UInt32(0xff00_ff00), as: UInt32.self)
            UnsafeMutableRawPointer(mutating: p + stride).storeBytes(of: UInt32(0xff00_ff00), as: UInt32.self)
        }
        let c = try ImageComparison(actual: a, expected: b, channelTolerance: 10)
        #expect(c.differentPixels == 2)
        let same = try ImageComparison(actual: a, expected: a, channelTolerance: 0)
        #expect(same.differentPixels == 0)
        let sized = try ImageComparison(actual: a, expected: try RasterImage(pixelWidth: 5, pixelHeight: 10), channelTolerance: 0)
        #expect(!sized.sizeMatches)
    }
}
