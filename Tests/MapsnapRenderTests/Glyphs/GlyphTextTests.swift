import Foundation
import MapsnapFormats
import Testing
@testable import MapsnapRender
import MapsnapTiles

/// MapLibre's shaping of SDF glyphs, with made-up glyphs: letters 10 wide, spaces 5.
struct GlyphShaperTests {
    static func glyph(_ s: Unicode.Scalar) -> SDFGlyph? {
        guard s != "z" else { return nil }
        let space = s == " " || s == "\n"
        return SDFGlyph(id: s.value, width: space ? 0 : 8, height: space ? 0 : 12, left: 1, top: -5, advance: space ? 5 : 10,
                        bitmap: space ? [] : [UInt8](repeating: 0, count: 14 * 18))
    }

    static func shape(_ text: String, maxWidth: Double = .infinity, justify: Double = 0.5, spacing: Double = 0) -> GlyphShaping? {
        GlyphShaper.shape(text, lookup: { Unicode.Scalar($0).flatMap(glyph) }, maxWidth: maxWidth, lineHeight: 1.2 * 24,
                          spacing: spacing, justify: justify)
    }

    @Test func oneLineSitsInItsBoxAsMapLibrePutsIt() throws {
        let s = try #require(Self.shape("ab"))
        #expect(s.width == 20 && abs(s.height - 28.8) < 1e-9 && s.lineCount == 1)
        #expect(s.glyphs.map(\.x) == [0, 10])
        // SHAPING_DEFAULT_OFFSET (−17) below the top, then half a line down.
        #expect(s.glyphs.allSatisfy { abs($0.y - (-17 + 14.4)) < 1e-9 })
    }

    /// Rich text as MapLibre shapes it: advances scale with their section, the line is as tall as
    /// its largest section, every glyph sits on the baseline, and each section looks up its font.
    @Test func sectionsScaleTheirGlyphsOnOneBaseline() throws {
        var fontsAsked: Set<Int> = []
        let s = try #require(GlyphShaper.shape([.init("ab", scale: 2), .init("c")], lookup: { code, section in
            fontsAsked.insert(section)
            return Unicode.Scalar(code).flatMap(Self.glyph)
        }, maxWidth: .infinity, lineHeight: 1.2 * 24, spacing: 0, justify: 0))
        #expect(fontsAsked == [0, 1])
        #expect(s.glyphs.map(\.x) == [0, 20, 40] && s.width == 50)
        #expect(s.glyphs.map(\.scale) == [2, 2, 1] && s.glyphs.map(\.section) == [0, 0, 1])
        // The line is 2 × 28.8 tall; the large glyphs move up by an em less what the small one does.
        #expect(abs(s.height - 57.6) < 1e-9)
        let (big, small) = (s.glyphs[0].y, s.glyphs[2].y)
        #expect(abs((small - big) - 24) < 1e-9)
    }

    /// An image section as MapLibre lays it out: its width in points at the layout text size
    /// (24 layout units per text-size point), a break opportunity after it, and a line as tall as
    /// the image where it is taller than an em; `vertical-align` puts each section in that height.
    @Test func imageSectionsTakeTheirSizeAndSetTheLineHeight() throws {
        let icon = SpriteSheet.Icon(x: 0, y: 0, width: 40, height: 48, pixelRatio: 2, sdf: nil)   // 20 × 24 points
        let s = try #require(GlyphShaper.shape([.init(image: icon, verticalAlign: 1), .init("a", verticalAlign: 0.5)],
                                               lookup: { code, _ in Unicode.Scalar(code).flatMap(Self.glyph) },
                                               maxWidth: .infinity, lineHeight: 1.2 * 24, spacing: 0, justify: 0, layoutTextSize: 12))
        // At text-size 12 a point is two layout units: the image is 40 × 48 units.
        #expect(s.glyphs.map(\.x) == [0, 40] && s.width == 50)
        #expect(s.glyphs[0].image != nil && s.glyphs[0].scale == 2 && s.glyphs[0].advance == 20)
        // 48 units tall: the line grows by what the image has beyond an em.
        #expect(abs(s.height - (28.8 + 24)) < 1e-9)
        // Centred in the 48 units, the letter sits 12 below the top; the image (bottom) at 0.
        #expect(abs((s.glyphs[1].y - s.glyphs[0].y) - 12) < 1e-9)
        // Breaks fall after images.
        let lines = try #require(GlyphShaper.shape([.init(image: icon), .init(image: icon)], lookup: { _, _ in nil },
                                                   maxWidth: 30, lineHeight: 28.8, spacing: 0, justify: 0.5))
        #expect(lines.lineCount == 2)
    }

    /// A style's `font-scale` of NaN, infinity or 1e308 is clamped (NaN and infinity to 1, huge to
    /// 100, negative to 0): positions stay finite.
    @Test func hostileSectionScalesAreClamped() throws {
        let s = try #require(GlyphShaper.shape([.init("a", scale: .nan), .init("b", scale: 1e308), .init("c", scale: -5), .init("d", scale: .infinity)],
                                               lookup: { code, _ in Unicode.Scalar(code).flatMap(Self.glyph) },
                                               maxWidth: 100, lineHeight: 1.2 * 24, spacing: 0, justify: 0.5))
        #expect(s.glyphs.map(\.scale) == [1, 100, 0, 1])
        #expect(s.glyphs.allSatisfy { $0.x.isFinite && $0.y.isFinite } && s.width.isFinite && s.height.isFinite)
    }

    /// A vertical column as MapLibre lays it out: every glyph but spaces takes an em of the line
    /// and stands upright; only text with CJK may run vertically.
    @Test func verticalColumnsTakeAnEmPerGlyph() throws {
        let s = try #require(GlyphShaper.shape([.init("ab c")], lookup: { code, _ in Unicode.Scalar(code).flatMap(Self.glyph) },
                                               maxWidth: .infinity, lineHeight: 1.2 * 24, spacing: 0, justify: 0, vertical: true))
        #expect(s.glyphs.map(\.x) == [0, 24, 48, 53] && s.glyphs.map(\.vertical) == [true, true, false, true])
        #expect(Self.shape("ab c")?.glyphs.contains(where: \.vertical) == false)
        #expect(GlyphShaper.allowsVertical("東京 Tower") && GlyphShaper.allowsVertical("서울") && !GlyphShaper.allowsVertical("Tokyo"))
    }

    @Test func letterSpacingWidensTheLineButNotItsEnd() throws {
        let s = try #require(Self.shape("ab", spacing: 3))
        #expect(s.width == 23 && s.glyphs.map(\.x) == [0, 13])
    }

    @Test func linesBreakToEvenWidthsNearTheMaximum() throws {
        let s = try #require(Self.shape("aaaa aaaa", maxWidth: 50))
        #expect(s.lineCount == 2 && s.width == 40 && abs(s.height - 57.6) < 1e-9)
        #expect(Set(s.glyphs.map(\.y)).count == 2)
        // Without a maximum, one line.
        #expect(Self.shape("aaaa aaaa")?.lineCount == 1)
    }

    @Test func shortLinesAreJustified() throws {
        let right = try #require(Self.shape("aaaa aa", maxWidth: 40, justify: 1))
        let secondLine = right.glyphs.filter { $0.y == right.glyphs.last!.y }
        #expect(secondLine.map(\.x) == [20, 30])   // flush with the 40-wide first line
        let left = try #require(Self.shape("aaaa aa", maxWidth: 40, justify: 0))
        #expect(left.glyphs.filter { $0.y == left.glyphs.last!.y }.map(\.x) == [0, 10])
    }

    /// Right-to-left text as MapLibre's RTL plugin prepares it: Arabic in its contextual forms
    /// (seen, lam-alef ligature, final meem), laid out right to left, inside a left-to-right
    /// paragraph where it follows Latin text; brackets mirror in a right-to-left paragraph.
    @Test func arabicIsShapedAndLaidOutRightToLeft() throws {
        let ids = { (text: String) in try #require(Self.shape(text)).glyphs.map(\.glyph.id) }
        #expect(try ids("سلام") == [0xFEE1, 0xFEFC, 0xFEB3])
        #expect(try ids("ab سلام") == [0x61, 0x62, 0x20, 0xFEE1, 0xFEFC, 0xFEB3])
        #expect(try ids("م(ب)") == [0x28, 0xFE8F, 0x29, 0xFEE1])
        // No letter spacing in Arabic text: its letters join.
        let spaced = try #require(Self.shape("سلام", spacing: 3))
        #expect(spaced.glyphs.map(\.x) == [0, 10, 20])
    }

    @Test func aNewlineAlwaysBreaks() {
        #expect(Self.shape("a\nb")?.lineCount == 2)
    }

    @Test func missingGlyphsAreLeftOutAndNamed() throws {
        let s = try #require(Self.shape("aza"))
        #expect(s.glyphs.count == 2 && s.missing == [UInt32(("z" as Unicode.Scalar).value)])
        #expect(Self.shape("zz") == nil && Self.shape("") == nil)
    }

    /// MapLibre's break opportunities: after an ideograph, a space or a hyphen, before "(" —
    /// never inside a word or before other punctuation. `text-max-width` 0 takes all of them.
    @Test func linesBreakWhereMapLibreAllows() {
        func breaks(_ text: String) -> [Int] {
            let scalars = Array(text.unicodeScalars)
            return GlyphShaper.lineBreaks(scalars, advances: scalars.map { _ in 10 }, maxWidth: 0)
        }
        #expect(breaks("東京 ab-cd") == [1, 2, 3, 6, 8])
        #expect(breaks("amet, sit") == [6, 9])
        #expect(breaks("ab(cd)") == [2, 6])
        let one = Array("amet, sit".unicodeScalars)
        #expect(GlyphShaper.lineBreaks(one, advances: one.map { _ in 10 }, maxWidth: .infinity) == [9])
    }
}

/// Glyph PBFs found in a folder: the stack's own file first, then font by font.
struct GlyphLibraryTests {
    static func write(_ glyphs: [UInt32], font: String, in folder: URL) throws {
        let range = GlyphRange(glyphs: Dictionary(uniqueKeysWithValues: glyphs.map {
            ($0, SDFGlyph(id: $0, width: 1, height: 1, left: 0, top: 0, advance: 7, bitmap: [UInt8](repeating: 0, count: 49)))
        }))
        let dir = folder.appendingPathComponent(font)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(range.encoded(fontStack: font, range: "0-255")).write(to: dir.appendingPathComponent("0-255.pbf"))
    }

    @Test func eachGlyphComesFromTheFirstFontThatHasIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glyphs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write([97], font: "Font A", in: folder)
        try Self.write([97, 98], font: "Font B", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Broken"), withIntermediateDirectories: true)
        try Data([0x0a, 0x50]).write(to: folder.appendingPathComponent("Broken/0-255.pbf"))
        let library = GlyphLibrary(template: GlyphLibrary.template(folder: folder.path))
        var warnings = WarningLog()
        #expect(library.glyph(97, in: ["Font A", "Font B"], warnings: warnings)?.id == 97)
        #expect(library.glyph(98, in: ["Font A", "Font B"], warnings: warnings)?.id == 98)
        #expect(warnings.messages.isEmpty)
        #expect(library.glyph(0x4E00, in: ["Font A"], warnings: warnings) == nil)
        #expect(warnings.messages == ["glyphs: no range 19968-20223 for font stack 'Font A' in \(library.template)"])
        warnings = WarningLog()
        #expect(library.glyph(97, in: ["Broken", "Font A"], warnings: warnings)?.id == 97)
        #expect(library.glyph(98, in: ["Broken"], warnings: warnings) == nil)
        let broken = warnings.messages
        #expect(broken.count == 1 && broken[0].contains("Broken/0-255.pbf") && broken[0].contains("not a glyph PBF"))
        #expect(library.hasRange(for: 97, in: ["Font B"]) && !library.hasRange(for: 0x4E00, in: ["Font B"]))
    }
}

/// MapLibre's classes of characters in vertical text, and its vertical punctuation.
struct VerticalOrientationTests {
    @Test func ideographsStandUprightLatinTurnsPunctuationIsNeutral() {
        #expect(VerticalOrientation.isUpright(0x6C23) && VerticalOrientation.isUpright(0xAC00) && VerticalOrientation.isUpright(0x30DE))
        #expect(VerticalOrientation.isRotated(0x61) && !VerticalOrientation.isUpright(0x30FC))
        #expect(VerticalOrientation.isNeutral(0x3002) && VerticalOrientation.isNeutral(0xFF08))
        #expect(VerticalOrientation.allowsIdeographicBreaking(0x3200) && !VerticalOrientation.allowsIdeographicBreaking(0x61))
    }

    /// Punctuation takes its vertical form unless a letter that turns with the line stands next to it.
    @Test func punctuationTakesItsVerticalFormBetweenUprightNeighbours() {
        func vertical(_ text: String) -> String {
            var out = String.UnicodeScalarView()
            out.append(contentsOf: VerticalOrientation.verticalizePunctuation(Array(text.unicodeScalars)))
            return String(out)
        }
        #expect(vertical("（氣）到。") == "︵氣︶到︒")
        #expect(vertical("氣—到") == "氣︱到")
        #expect(vertical("a—b") == "a—b")
    }

    /// Along a line, only characters upright in vertical text stand upright in the column.
    @Test func lineColumnsStandOnlyUprightCharactersUp() throws {
        let s = try #require(GlyphShaper.shape([.init("氣a")], lookup: { code, _ in Unicode.Scalar(code).flatMap(GlyphShaperTests.glyph) },
                                               maxWidth: .infinity, lineHeight: 28.8, spacing: 0, justify: 0.5, vertical: true, alongLine: true))
        #expect(s.glyphs.map(\.vertical) == [true, false])
    }
}
