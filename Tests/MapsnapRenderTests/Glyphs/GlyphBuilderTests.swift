import Foundation
import MapsnapFormats
import Testing
import MapsnapTestSupport
@testable import MapsnapRender
import MapsnapTiles

/// Glyph PBFs made from an installed font (Noto Sans, which the install step brings) with
/// MapLibre's parameters.
struct GlyphBuilderTests {
    static let notoSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"

    @Test func distanceFieldsHaveTheOutlineAt192() {
        // A 4×4 solid square: inside rises above 192, the margin falls toward 0.
        let field = DistanceField.make(coverage: [UInt8](repeating: 255, count: 16), width: 4, height: 4)
        #expect(field.count == 10 * 10)
        // Corner: √18 px from the square's corner pixel: 255 − 255·(√18/8 + 0.25).
        let corner: Double = 255 - 255 * (18.0.squareRoot() / 8 + 0.25)
        #expect(abs(Double(field[0]) - corner) <= 1)
        #expect(field[4 * 10 + 4] > 192)                        // inside
        // Either side of an edge between pixel centres: one pixel out, one in (255/8 steps a pixel),
        // the outline halfway, at 192.
        let justOutside = Double(field[4 * 10 + 2]), justInside = Double(field[4 * 10 + 3])
        let outside: Double = 255 - 255 * (1.0 / 8 + 0.25), inside: Double = 255 - 255 * (-1.0 / 8 + 0.25)
        #expect(abs(justOutside - outside) <= 1 && abs(justInside - inside) <= 1)
        #expect(abs((justOutside + justInside) / 2 - 191.25) <= 1)
        // A half-covered pixel is on the outline itself.
        let half = DistanceField.make(coverage: [128], width: 1, height: 1)
        #expect(abs(Int(half[3 * 7 + 3]) - 191) <= 2)
    }

    @Test func buildsRangesAFontsFolderServes() throws {
        guard FileManager.default.fileExists(atPath: Self.notoSans) else { try TestEnvironment.skip("no \(Self.notoSans) (Debian package fonts-noto-core)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = try GlyphBuilder.build(fonts: [Self.notoSans], into: folder.path)
        #expect(fonts.map(\.name) == ["Noto Sans Regular"] && fonts[0].glyphs > 2000)
        let data = try Data(contentsOf: folder.appendingPathComponent("Noto Sans Regular/0-255.pbf"))
        let range = try GlyphRange.decode(data)
        let a = try #require(range.glyphs[65])
        // The metrics MapLibre's own PBFs give this design (Open Sans 'A': 16×18, top −8, advance 15).
        #expect((15...17).contains(a.width) && (17...19).contains(a.height) && (-9 ... -7).contains(a.top) && (14...15).contains(a.advance))
        #expect(range.glyphs[32]?.bitmap.isEmpty == true && range.glyphs[32]?.advance ?? 0 > 0)
        // The library reads what the builder wrote.
        let library = GlyphLibrary(template: GlyphLibrary.template(folder: folder.path))
        let warnings = WarningLog()
        #expect(library.glyph(65, in: ["Noto Sans Regular"], warnings: warnings) == a)
        #expect(warnings.messages.isEmpty, "\(warnings.messages)")
        // Built twice, the ranges are replaced in place.
        _ = try GlyphBuilder.build(fonts: [Self.notoSans], into: folder.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Noto Sans Regular").path)
            .allSatisfy { $0.hasSuffix(".pbf") && !$0.hasPrefix(".") })
    }

    /// Open Sans Semibold built here against the PBF MapLibre's render tests use for it (when
    /// `../shared` is beside the repository; the test step installs Debian's fonts-open-sans).
    @Test func matchesMapLibresGlyphsOfTheSameFont() throws {
        let font = "/usr/share/fonts/truetype/open-sans/OpenSans-Semibold.ttf"
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/conformance/render/assets/glyphs/Open Sans Semibold,Arial Unicode MS Bold/0-255.pbf")
        guard FileManager.default.fileExists(atPath: font) else { try TestEnvironment.skip("no \(font) (Debian package fonts-open-sans)") }
        guard let data = FileManager.default.contents(atPath: reference.path) else { try TestEnvironment.skip("no \(reference.path)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try GlyphBuilder.build(fonts: [font], into: folder.path)
        let ours = try GlyphRange.decode(Data(contentsOf: folder.appendingPathComponent("Open Sans Semibold/0-255.pbf"))).glyphs
        let theirs = try GlyphRange.decode(data).glyphs
        var compared = 0, sameMetrics = 0, fieldError = 0.0, fields = 0
        for (id, r) in theirs {
            guard let o = ours[id] else { continue }
            compared += 1
            guard (o.width, o.height, o.left, o.top, o.advance) == (r.width, r.height, r.left, r.top, r.advance) else { continue }
            sameMetrics += 1
            if !o.bitmap.isEmpty {
                fieldError += Double(zip(o.bitmap, r.bitmap).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(r.bitmap.count)
                fields += 1
            }
        }
        // Measured: 184 of 191 with equal metrics, fields within 7 of 255 on average (a fifth of a pixel).
        #expect(compared > 180 && Double(sameMetrics) >= 0.95 * Double(compared), "\(sameMetrics) of \(compared)")
        #expect(fields > 0 && fieldError / Double(fields) < 10, "\(fieldError / Double(max(fields, 1)))")
    }

    @Test func badFontsAreErrorsNamingTheFile() {
        #expect(throws: GlyphBuildError.unreadable(path: "/nonexistent.ttf", reason: "no such file")) {
            try GlyphBuilder.build(fonts: ["/nonexistent.ttf"], into: FileManager.default.temporaryDirectory.path)
        }
        let notAFont = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID().uuidString).ttf")
        FileManager.default.createFile(atPath: notAFont.path, contents: Data("hello".utf8))
        defer { try? FileManager.default.removeItem(at: notAFont) }
        #expect(throws: GlyphBuildError.unreadable(path: notAFont.path, reason: "not a font FreeType can read")) {
            try GlyphBuilder.build(fonts: [notAFont.path], into: FileManager.default.temporaryDirectory.path)
        }
    }
}
