import Foundation
import Testing
@testable import MapsnapKit

/// The partial outputs of a copy: which names are whose, so that a later run removes what a
/// killed run left and nothing else.
@Suite struct PartialOutputTests {
    @Test(arguments: [
        ("out.pmtiles.partial-123", Int32?.some(123)),
        ("out.pmtiles.partial-123.tmp-tiles", 123),
        (".out.pmtiles.partial-123.tmp-Xy12ab", 123),
        ("out.pmtiles.partial-123x", nil),
        ("out.pmtiles.partial-", nil),
        ("out.pmtiles.partial-0", nil),
        ("out.pmtiles.partial-1234567890", nil),      // more digits than a PID has
        (".out.pmtiles.partial-123", nil),            // hidden: only the writer's temporary file
        ("out.pmtiles.partial.mbtiles", nil),         // a pyramid's resumable partial file
        ("other.pmtiles.partial-123", nil),
        ("out.pmtiles", nil),
    ])
    func tellsWhosePartialOutputANameIs(name: String, pid: Int32?) {
        #expect(PartialOutput.owner(of: name, base: "out.pmtiles") == pid)
    }

    @Test func namesItsOwnAfterItsProcess() {
        #expect(PartialOutput.path(for: "/x/out.mbtiles", pid: 42) == "/x/out.mbtiles.partial-42")
    }

    /// A `PyramidError` passes through as the output's problem unchanged (it carries its field
    /// already); anything else becomes one.
    @Test func anOutputFailureIsLabelledOnce() {
        let labelled = TilePyramid.output("t.pmtiles: cannot write the tiles: No space left on device")
        #expect(TilePyramid.outputFailure(labelled).description == labelled.description)
        #expect(labelled.description == "output: t.pmtiles: cannot write the tiles: No space left on device")
        struct Other: Error, CustomStringConvertible { var description: String { "disk gone" } }
        #expect(TilePyramid.outputFailure(Other()).description == "output: disk gone")
    }
}
