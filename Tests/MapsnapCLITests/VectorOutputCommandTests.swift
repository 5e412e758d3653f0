import Foundation
import MapsnapKit
import MapsnapRender
import Testing
import MapsnapTestSupport

/// End to end: `-o map.pdf` and `-o map.svg` draw the map as vectors (the PDF rasterised by
/// poppler equals the PNG within anti-aliasing, and its labels are text), `batch --pdf` writes a
/// page per item that rendered, and the front ends that only make images refuse documents.
/// The poppler checks need poppler-utils (`TestEnvironment.skip` without it).
@Suite(.serialized)
struct VectorOutputCommandTests {
    /// A poppler tool's path; the test is skipped where it is not installed.
    static func poppler(_ tool: String) throws -> String {
        let path = "/usr/bin/" + tool
        guard FileManager.default.isExecutableFile(atPath: path) else {
            try TestEnvironment.skip("\(tool) is not installed (Debian package poppler-utils)")
        }
        return path
    }

    static func tool(_ path: String, _ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, executable: path)
    }

    @Test func theDefaultMapAsPDFIsThePNGDrawnAsVectors() throws {
        let dir = try CLIRunner.scratch()
        let png = dir.appendingPathComponent("map.png"), pdf = dir.appendingPathComponent("map.pdf")
        #expect(try CLIRunner.run(["-o", png.path]).status == 0)
        let r = try CLIRunner.run(["-o", pdf.path, "-v"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("text: Pango with system fonts"), "\(r.stderr)")
        #expect(try Data(contentsOf: pdf).prefix(5) == Data("%PDF-".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["map.pdf", "map.png"], "no temporary file left")
        let pdftoppm = try Self.poppler("pdftoppm"), pdftotext = try Self.poppler("pdftotext")

        // One point is one pixel at 72 dpi: the page rasterised at the PNG's size.
        let page = dir.appendingPathComponent("page")
        let raster = try Self.tool(pdftoppm, ["-r", "72", "-png", "-singlefile", pdf.path, page.path])
        #expect(raster.status == 0, "\(raster.stderr)")
        let drawn = try RasterImage(pngFile: page.path + ".png"), expected = try RasterImage(pngFile: png.path)
        let comparison = try ImageComparison(actual: drawn, expected: expected, channelTolerance: 64)
        #expect(comparison.sizeMatches)
        // Measured 0.6 %: glyph edges (poppler hints the text it shows) and sprite icons placed
        // half a pixel apart. A missing layer or misplaced labels differ by far more.
        #expect(comparison.differentFraction < 0.015, "\(comparison.differentPixels) of \(comparison.totalPixels) pixels differ")
        if comparison.differentFraction >= 0.015, let diff = comparison.diff { try diff.pngData().write(to: dir.appendingPathComponent("diff.png")) }

        // The labels are text: a street name along its line and a place's name can be found.
        let text = try Self.tool(pdftotext, ["-raw", pdf.path, "-"])
        #expect(text.stdout.contains("Boulevard de Suisse"), "\(text.stdout.prefix(400))")
        #expect(text.stdout.contains("Casino de") && text.stdout.contains("Monte Carlo"), "\(text.stdout.prefix(400))")
    }

    /// A style with glyph PBFs still gets its labels as text in a PDF, and `-v` says why.
    @Test func labelsAreTextEvenWhenTheStyleHasGlyphs() throws {
        let glyphs = GlyphEngineCommandTests.glyphs
        guard FileManager.default.fileExists(atPath: glyphs.path) else { try TestEnvironment.skip("no \(glyphs.path)") }
        let dir = try CLIRunner.scratch()
        let pdf = dir.appendingPathComponent("map.pdf")
        let r = try CLIRunner.run(["--style", try GlyphEngineCommandTests.style(in: dir).path, "--glyphs", glyphs.path,
                                   "--center", "43.7360,7.4260", "--meters", "800", "-o", pdf.path, "-v"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("text: Pango with system fonts, not the glyph PBFs from"), "\(r.stderr)")
        let pdftotext = try Self.poppler("pdftotext")
        #expect(try Self.tool(pdftotext, ["-raw", pdf.path, "-"]).stdout.contains("Port Hercule"))
    }

    @Test func anSVGIsTheMapAsXMLPaths() throws {
        let dir = try CLIRunner.scratch()
        let svg = dir.appendingPathComponent("map.svg")
        let r = try CLIRunner.run(EncodingCommandTests.small + ["-o", svg.path])
        #expect(r.status == 0, "\(r.stderr)")
        let xml = String(decoding: try Data(contentsOf: svg), as: UTF8.self)
        #expect(xml.hasPrefix("<?xml") && xml.contains(#"<svg"#) && xml.contains(#"width="300""#) && xml.contains("<path"))
    }

    @Test func aBatchPDFHasAPagePerItemThatRendered() throws {
        let dir = try CLIRunner.scratch()
        let manifest = dir.appendingPathComponent("items.jsonl")
        try Data([
            #"{"id": "a", "center": [43.7360, 7.4260], "size": [300, 200], "title": "Visit A", "caption": "09:14"}"#,
            #"{"id": "bad", "center": [95, 7.42], "size": [300, 200]}"#,
            #"{"id": "b", "center": [43.7340, 7.4200], "size": [400, 250], "style": "dark"}"#,
        ].joined(separator: "\n").utf8).write(to: manifest)
        let out = dir.appendingPathComponent("reports"), pdf = dir.appendingPathComponent("report.pdf")
        let r = try CLIRunner.run(["batch", manifest.path, "-o", out.path, "--pdf", pdf.path])
        #expect(r.status == 1, "one item failed: \(r.stderr)")
        #expect(r.stderr.contains("pdf: 2 pages → \(pdf.path)"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["items.jsonl", "report.pdf", "reports"], "no temporary file left")
        let pdfinfo = try Self.poppler("pdfinfo")
        let info = try Self.tool(pdfinfo, ["-f", "1", "-l", "2", pdf.path])
        #expect(info.stdout.contains("Pages:           2"), "\(info.stdout)")
        // A page is as large in points as its item's image in pixels at scale 1, caption band included.
        let a = try #require(CLIRunner.pngSize(out.appendingPathComponent("a.png")))
        #expect(a.height > 200)
        #expect(info.stdout.contains("Page    1 size:  \(a.width) x \(a.height) pts"), "\(info.stdout)")
        #expect(info.stdout.contains("Page    2 size:  400 x 250 pts"), "\(info.stdout)")
    }

    @Test(arguments: [
        (["-o", "x.pdf", "--quality", "80"], "--quality: applies to webp and jpeg, not pdf (lines, fills and text are vectors)"),
        (["-o", "x.svg", "--format", "pdf"], "--format: is pdf but the output 'x.svg' ends in .svg"),
        (["-o", "x.pdf", "--text-engine", "glyphs"],
         "--text-engine: glyphs are distance fields drawn as pixels; pdf output draws labels as text with system fonts (auto or pango)"),
        (["tiles", "--zoom", "12", "--format", "pdf", "-o", "t.mbtiles"], "--format: pdf is a document for snapshots and batches; tiles are png, webp or jpeg"),
        (["batch", "m.jsonl", "--pdf", "report.txt"], "--pdf: 'report.txt' must end in .pdf"),
    ])
    func documentsWhereTheyDoNotApplyAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let dir = try CLIRunner.scratch()
        let r = try CLIRunner.run(arguments, in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing written")
    }
}
