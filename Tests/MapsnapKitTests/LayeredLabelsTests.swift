import Foundation
import MapsnapGeo
import MapsnapRender
import Testing
@testable import MapsnapKit
import MapsnapTestSupport

/// Labels laid over the map in bands (`LayeredLabels`): the same bytes on one thread or two, and
/// the picture of drawing them in line with the layers.
struct LayeredLabelsTests {
    /// A busy view (street names, points of interest, places) at both pixel ratios.
    static func request(scale: Double) -> MapRequest {
        var r = MapRequest()
        r.center = LatLon(43.7360, 7.4260)
        r.meters = 800
        r.size = ImageSize(width: 512, height: 384)
        r.pixelRatio = scale
        return r
    }

    @Test(arguments: [1.0, 2.0])
    func oneThreadOrTwoDrawTheSameBytes(scale: Double) throws {
        let one = try Snapshotter(StyleSelection())
        let two = try Snapshotter(StyleSelection())
        two.concurrentLabels = true
        let r = Self.request(scale: scale)
        let a = try one.snapshot(r).encoded()
        let b = try two.snapshot(r).encoded(threads: 2)
        #expect(a == b)
    }

    @Test(arguments: [1.0, 2.0])
    func layeredLabelsLookLikeLabelsDrawnInLine(scale: Double) throws {
        let s = try Snapshotter(StyleSelection())
        s.concurrentLabels = true
        let r = Self.request(scale: scale)
        let plan = try s.plan(r, overlays: [], warnings: WarningLog())
        var inLine = plan.options
        inLine.labels = .inLine
        let layered = try s.renderer.render(plan.camera, options: plan.options)
        let direct = try s.renderer.render(plan.camera, options: inLine)
        // Compositing a band over the map rounds once more than drawing onto it: a level at most.
        let comparison = try ImageComparison(actual: layered, expected: direct, channelTolerance: 1)
        #expect(comparison.sizeMatches && comparison.differentPixels == 0)
        // And the labels are there: the two differ from the map without its symbol layers.
        var bare = inLine
        bare.hiddenLayers = Set(s.style.layers.filter { if case .symbol = $0.kind { true } else { false } }.map(\.id))
        let unlabelled = try s.renderer.render(plan.camera, options: bare)
        let labelled = try ImageComparison(actual: layered, expected: unlabelled, channelTolerance: 24)
        #expect(labelled.differentFraction > 0.01)
    }
}
