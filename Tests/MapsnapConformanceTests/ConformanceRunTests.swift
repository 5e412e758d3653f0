import Foundation
import Testing
import MapsnapGeo
import MapsnapKit
@testable import MapsnapConformance
import MapsnapRender
import MapsnapStyle

/// The runner end to end on a synthetic test folder (the layout of MapLibre's `render/`).
@Suite struct ConformanceRunTests {
    /// A folder with `tests/<id>/style.json` + `expected.png` for each entry, and `assets/`.
    static func folder(_ tests: [(id: String, style: String, expected: RGBAImage)]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-conformance-\(UUID().uuidString)")
        for test in tests {
            let dir = root.appendingPathComponent("tests/" + test.id)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(test.style.utf8).write(to: dir.appendingPathComponent("style.json"))
            try test.expected.writePNG(to: dir.appendingPathComponent("expected.png").path)
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("assets"), withIntermediateDirectories: true)
        return root
    }

    static func background(_ color: String) -> String {
        #"{"version": 8, "metadata": {"test": {"width": 8, "height": 8}}, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "\#(color)"}}]}"#
    }

    static let red = PixelmatchTests.flat(8, (255, 0, 0, 255))

    @Test func passFailAndKnown() throws {
        let root = try Self.folder([
            ("background-color/red", Self.background("red"), Self.red),
            ("background-color/wrong", Self.background("blue"), Self.red),
            ("background-color/listed", Self.background("lime"), Self.red),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let run = ConformanceRun(renderDirectory: root, expressionDirectory: nil, outputDirectory: out,
                                 knownFailures: KnownFailures(parsing: "background-color/listed  lime is not red\n"))
        var lines: [String] = []
        let summary = try run.run { lines.append($0) }
        #expect(lines.prefix(3) == [
            "KNOWN background-color/listed (100.00%) — lime is not red",
            "PASS background-color/red (0.00%)",
            "FAIL background-color/wrong (100.00%) — 64 px differ, 0 allowed",
        ])
        #expect(lines.contains("  background-color  1/3 (33.3%)"))
        #expect(summary.unexpectedFailures.map(\.id) == ["background-color/wrong"])
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("background-color/wrong/actual.png").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("background-color/wrong/diff.png").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("background-color/red").path))
    }

    @Test func aListedTestThatPassesIsReportedNotFailed() throws {
        let root = try Self.folder([("background-color/red", Self.background("red"), Self.red)])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = ConformanceRun(renderDirectory: root, expressionDirectory: nil, outputDirectory: root.appendingPathComponent("out"),
                                 knownFailures: KnownFailures(parsing: "background-color/red  was broken"))
        var lines: [String] = []
        let summary = try run.run { lines.append($0) }
        #expect(lines.first == "PASS background-color/red (0.00%) — listed as a known failure, now passes")
        #expect(summary.unexpectedFailures.isEmpty)
        #expect(summary.fixed.map(\.id) == ["background-color/red"])
        #expect(lines.contains("known failures that now pass (remove them from the list): background-color/red"))
    }

    @Test func notApplicableTestsAreNotRunNorCounted() throws {
        let root = try Self.folder([
            ("background-color/red", Self.background("red"), Self.red),
            ("canvas/default", Self.background("blue"), Self.red),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = ConformanceRun(renderDirectory: root, expressionDirectory: nil, outputDirectory: root.appendingPathComponent("out"),
                                 notApplicable: KnownFailures(parsing: "canvas/default  a browser canvas source"))
        var lines: [String] = []
        let summary = try run.run { lines.append($0) }
        #expect(lines.contains("N/A canvas/default — a browser canvas source"))
        #expect(lines.contains("render tests, all: 1/1 (100.0%); 1 not applicable outside a browser, not counted"))
        #expect(summary.unexpectedFailures.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out/canvas/default").path))
    }

    @Test func anyExpectedImageMayMatch() throws {
        let root = try Self.folder([("background-color/two", Self.background("red"), PixelmatchTests.flat(8, (0, 0, 255, 255)))])
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.red.writePNG(to: root.appendingPathComponent("tests/background-color/two/expected-1.png").path)
        let test = try RenderTestCase.discover(in: root.appendingPathComponent("tests"))[0]
        #expect(test.expectedImages.map(\.lastPathComponent) == ["expected-1.png", "expected.png"])
        #expect(RenderTestRunner(assets: root.appendingPathComponent("assets")).run(test).difference == 0)
    }

    @Test func metadataDefaultsAreUpstreams() throws {
        let root = try Self.folder([("a/b", #"{"version": 8, "sources": {}, "layers": []}"#, Self.red)])
        defer { try? FileManager.default.removeItem(at: root) }
        let test = try RenderTestCase.discover(in: root.appendingPathComponent("tests"))[0]
        #expect((test.width, test.height, test.pixelRatio) == (512, 512, 1))
        #expect((test.allowed, test.threshold) == (0.00025, 0.1285))
        #expect(test.category == "a")
        // The 8×8 expected image does not match a 512×512 render: an error, not a pass.
        let result = RenderTestRunner(assets: root.appendingPathComponent("assets")).run(test)
        #expect(!result.passed)
        #expect(result.error == "expected.png is 8x8, rendered 512x512")
    }

    @Test func knownFailureListFormat() {
        let list = KnownFailures(parsing: """
            # comment
            line-offset/literal   line-offset is not drawn   # trailing comment

            expression/interpolate/linear-number-array	numberArray type
            regressions/mapbox-gl-js#2305  a pattern's edge # and a comment
            """)
        #expect(list.reasons == ["line-offset/literal": "line-offset is not drawn", "expression/interpolate/linear-number-array": "numberArray type",
                                 "regressions/mapbox-gl-js#2305": "a pattern's edge"])
    }

    @Test func pngRoundTripKeepsStraightAlpha() throws {
        var image = RGBAImage(width: 3, height: 1)
        image.setPixel(x: 0, y: 0, (255, 0, 0, 255))
        image.setPixel(x: 1, y: 0, (10, 20, 30, 40))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-rgba-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try image.writePNG(to: file.path)
        #expect(try RGBAImage(pngFile: file.path) == image)
        #expect(throws: ImageFileError.self) { try RGBAImage(pngFile: "/nonexistent.png") }
    }

    @Test func renderedImagesAreUnpremultiplied() throws {
        let raster = try RasterImage(pixelWidth: 1, pixelHeight: 1)
        let canvas = Canvas(image: raster, pixelRatio: 1)
        canvas.paint(Color(r: 1, g: 0, b: 0, a: 0.5))
        let p = RGBAImage(raster).pixel(x: 0, y: 0)
        #expect(p.r == 255 && p.g == 0 && p.b == 0)
        #expect(p.a == 128 || p.a == 127)
    }
}

@Suite struct TestOperationsTests {
    @Test func setPaintPropertyWithTransitionShowsTheStateAfterTheWaits() throws {
        // MapLibre's background-color/transition: red → white over 1000 ms, captured after 500 ms.
        let style = try StyleValue.parseJSON(#"{"layers": [{"id": "bg", "type": "background", "paint": {"background-color-transition": {"duration": 1000}, "background-color": "red"}}]}"#)
        let operations: [[StyleValue]] = [[.string("setPaintProperty"), .string("bg"), .string("background-color"), .string("white")],
                                          [.string("wait"), .number(0)], [.string("wait"), .number(500)]]
        var refused: [String] = []
        let changed = try TestOperations.apply(operations, to: style, refused: &refused).style
        let paint = changed.objectValue?["layers"]?.arrayValue?.first?.objectValue?["paint"]?.objectValue
        #expect(paint?["background-color"] == .string("rgba(255,127.5,127.5,1)"))
        // Without waiting, the new value applies at once only when the transition has no duration.
        let instant = try TestOperations.apply([[.string("setLayoutProperty"), .string("bg"), .string("visibility"), .string("none")]],
                                               to: style, refused: &refused).style
        #expect(instant.objectValue?["layers"]?.arrayValue?.first?.objectValue?["layout"]?.objectValue?["visibility"] == .string("none"))
    }

    @Test func easingIsCubicInOut() {
        #expect(TestOperations.eased(0) == 0)
        #expect(TestOperations.eased(0.5) == 0.5)
        #expect(TestOperations.eased(1) == 1)
        #expect(abs(TestOperations.eased(0.25) - 0.0625) < 1e-12)
    }

    @Test func unknownOperationsAreReported() throws {
        let style = try StyleValue.parseJSON(#"{"layers": []}"#)
        var refused: [String] = []
        #expect(throws: TestOperations.Unsupported.self) {
            try TestOperations.apply([[.string("addCustomLayer"), .string("x")]], to: style, refused: &refused)
        }
        // A call MapLibre refuses (an unknown layer) is refused and reported, not a failure of the runner.
        _ = try TestOperations.apply([[.string("removeLayer"), .string("nope")]], to: style, refused: &refused)
        #expect(refused == ["removeLayer: the layer 'nope' does not exist in the map's style"])
    }

    /// Padding and field of view are camera state beside the style: a side left out keeps its
    /// value, and a bad value is refused as MapLibre refuses it.
    @Test func paddingAndFieldOfViewAreKept() throws {
        let style = try StyleValue.parseJSON(#"{"layers": []}"#)
        var refused: [String] = []
        let editor = try TestOperations.apply([[.string("setPadding"), try StyleValue.parseJSON(#"{"top": 20, "left": 125}"#)],
                                               [.string("easeTo"), try StyleValue.parseJSON(#"{"padding": {"left": 10}}"#)],
                                               [.string("setVerticalFieldOfView"), .number(90)],
                                               [.string("setPadding"), .string("wide")]], to: style, refused: &refused)
        #expect(editor.padding == EdgeInsets(top: 20, left: 10))
        #expect(editor.fieldOfView == 90 && editor.cameraMoved)
        #expect(refused.count == 1 && refused[0].contains("expected an object of top, left, bottom and right"))
    }
}
