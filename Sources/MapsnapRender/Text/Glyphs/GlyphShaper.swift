import MapsnapFormats
import MapsnapTiles

/// Lays out a label from SDF glyphs as MapLibre's `shapeText` does (horizontal text, one section):
/// in layout units of a 24 px em, lines broken at word boundaries to even widths near
/// `text-max-width` (MapLibre's least-badness breaking), each line trimmed and justified, the block
/// positioned with its top-left corner at the origin. Scale by `size / 24` to draw.
public struct GlyphShaping: Sendable {
    public struct Placed: Sendable {
        public let glyph: SDFGlyph
        /// The pen position on the line and the line's offset (MapLibre's positioned glyph x, y).
        public var x: Double
        public var y: Double
        /// The section's `font-scale` and its index (rich text; 1 and 0 for plain text).
        public var scale = 1.0
        public var section = 0
        /// Which line of the block it is on.
        public var line = 0
        /// Vertical text: the glyph stands upright in its em cell (see `GlyphShaper.shape`).
        public var vertical = false
        /// An image section's sprite image (then `glyph` is `GlyphShaping.imagePlaceholder`).
        public var image: SpriteSheet.Icon? = nil
        /// Its advance in layout units before `scale` (an image's: its width, or upright its height).
        public var advance: Double
    }

    public let glyphs: [Placed]
    /// The widest line and the block's height (line count × line height).
    public let width: Double
    public let height: Double
    public let lineCount: Int
    /// Code points no font of the stack has a glyph for (they are left out, as in MapLibre).
    public let missing: [UInt32]

    /// MapLibre's em: glyph PBFs are rasterised at 24 px.
    public static let oneEm = 24.0
    /// Where the first line's glyphs sit relative to its top (SHAPING_DEFAULT_OFFSET).
    static let defaultOffset = -17.0
    /// The glyph an image section's place holds: no ink of its own.
    static let imagePlaceholder = SDFGlyph(id: 0xE000, width: 0, height: 0, left: 0, top: 0, advance: 0, bitmap: [])
}

public enum GlyphShaper {
    /// One run of rich text: its text (one placeholder character for an image), `font-scale`,
    /// `vertical-align` and, for an image section, the sprite image drawn in the line.
    public struct Run: Sendable {
        public var text: String
        public var scale: Double
        /// `vertical-align`: 0 top, 0.5 centre, 1 bottom of the line's content height.
        public var verticalAlign: Double
        public var image: SpriteSheet.Icon?

        public init(_ text: String, scale: Double = 1, verticalAlign: Double = 1) {
            (self.text, self.scale, self.verticalAlign) = (text, scale, verticalAlign)
        }

        /// An image section; MapLibre gives it a character of the Private Use Area.
        public init(image: SpriteSheet.Icon, verticalAlign: Double = 1) {
            (self.text, self.scale, self.verticalAlign, self.image) = ("\u{E000}", 1, verticalAlign, image)
        }
    }

    /// `maxWidth`, `lineHeight` and `spacing` in layout units (ems × 24); `maxWidth` infinite for
    /// labels along lines; `justify` 0 (left), 0.5 (centre) or 1 (right).
    public static func shape(_ text: String, lookup: (UInt32) -> SDFGlyph?, maxWidth: Double, lineHeight: Double,
                             spacing: Double, justify: Double) -> GlyphShaping? {
        shape([Run(text)], lookup: { code, _ in lookup(code) }, maxWidth: maxWidth, lineHeight: lineHeight,
              spacing: spacing, justify: justify)
    }

    /// Rich text: `lookup` finds a code point's glyph in a run's font (by the run's index). As
    /// MapLibre: a glyph's advance scales with its run, a line is as tall as its largest run or
    /// image, and each run sits in the line by its `vertical-align` (bottom: on the baseline).
    ///
    /// Images (MapLibre's image sections) are laid out at their size in points when the text is
    /// at `layoutTextSize` (the text size at the tile's zoom), and scale with the text from there;
    /// line breaking measures them at `breakTextSize` (MapLibre: the text size a zoom above).
    ///
    /// `vertical` (`text-writing-mode: vertical`, or CJK on a steep line): MapLibre lays the
    /// column out as a line that is then turned a quarter clockwise, with punctuation in its
    /// vertical forms. In a point label's column every glyph but spaces and Arabic letters takes an
    /// em of the line and stands upright in it; along a line (`alongLine`) only those upright in
    /// vertical text do (CJK, kana, Hangul), the others turn with the line.
    public static func shape(_ runs: [Run], lookup: (UInt32, Int) -> SDFGlyph?, maxWidth: Double, lineHeight: Double,
                             spacing: Double, justify: Double, vertical: Bool = false, alongLine: Bool = false,
                             layoutTextSize: Double = GlyphShaping.oneEm, breakTextSize: Double? = nil) -> GlyphShaping? {
        var scalars: [Unicode.Scalar] = [], sectionOf: [Int] = []
        for (index, run) in runs.enumerated() {
            for s in run.text.unicodeScalars { scalars.append(s); sectionOf.append(index) }
        }
        guard !scalars.isEmpty else { return nil }
        if vertical { scalars = VerticalOrientation.verticalizePunctuation(scalars) }
        // MapLibre's `allowsLetterSpacing`: no letter spacing in text with Arabic, whose letters join.
        let spacing = scalars.contains(where: Self.joinsLetters) ? 0 : spacing
        // Right-to-left text: Arabic shaped before the lines are broken, each line reordered after.
        let bidi = BidiText.isNeeded(scalars) ? BidiText(scalars) : nil
        if let bidi {
            sectionOf = bidi.source.map { sectionOf[$0] }
            scalars = bidi.scalars
            guard !scalars.isEmpty else { return nil }
        }
        // A scale from a style is clamped to what a label can hold.
        let scales = runs.map { $0.scale.isFinite ? min(max($0.scale, 0), 100) : 1 }
        let images = runs.map(\.image)
        // An image's size in layout units per point of its own (MapLibre's layoutTextSizeFactor).
        let clampedSize = { (size: Double) in size.isFinite && size > 0 ? min(size, InputLimits.maxTextSize) : GlyphShaping.oneEm }
        let imageScale = GlyphShaping.oneEm / clampedSize(layoutTextSize)
        let breakImageScale = GlyphShaping.oneEm / clampedSize(breakTextSize ?? layoutTextSize)
        var glyphOf: [Int: [UInt32: SDFGlyph?]] = [:]
        var missing: [UInt32] = []
        func glyph(_ i: Int) -> SDFGlyph? {
            let s = scalars[i], section = sectionOf[i]
            if images[section] != nil { return GlyphShaping.imagePlaceholder }
            if let known = glyphOf[section]?[s.value] { return known }
            let found = lookup(s.value, section)
            glyphOf[section, default: [:]][s.value] = found
            if found == nil, !isWhitespace(s), !missing.contains(s.value) { missing.append(s.value) }
            return found
        }
        // MapLibre's `isLineVertical`.
        let upright = scalars.indices.map { i in
            guard vertical else { return false }
            if alongLine { return VerticalOrientation.isUpright(scalars[i].value) }
            return !isWhitespace(scalars[i]) && (images[sectionOf[i]] != nil || !VerticalOrientation.isArabic(scalars[i].value))
        }
        // Each glyph's advance in layout units, letter spacing included (an image's at `scale`).
        func advance(_ i: Int, imageScale: Double, upright: Bool) -> Double {
            if let image = images[sectionOf[i]] {
                return (upright ? image.pointHeight : image.pointWidth) * imageScale + spacing
            }
            return glyph(i).map { (upright ? GlyphShaping.oneEm : Double($0.advance)) * scales[sectionOf[i]] + spacing } ?? 0
        }
        let advances = scalars.indices.map { advance($0, imageScale: imageScale, upright: upright[$0]) }
        // Lines are broken by the glyphs' horizontal advances, in a column too (MapLibre's
        // `determineLineBreaks` measures them so).
        let breakAdvances = breakImageScale == imageScale && !vertical ? advances
            : scalars.indices.map { advance($0, imageScale: breakImageScale, upright: false) }

        let breaks = lineBreaks(scalars, advances: breakAdvances, maxWidth: maxWidth,
                                breaksAfterImage: { images[sectionOf[$0]] != nil })
        var lines: [Range<Int>] = []
        var start = 0
        for end in breaks {
            lines.append(start..<end)
            start = end
        }
        if start < scalars.count { lines.append(start..<scalars.count) }

        var placed: [GlyphShaping.Placed] = []
        var y = GlyphShaping.defaultOffset
        var maxLineLength = 0.0, maxLineHeight = 0.0
        var lineOffsets = [Double](repeating: 0, count: lines.count)
        for (lineIndex, range) in lines.enumerated() {
            // Drawn left to right: in visual order for right-to-left text, trimmed as MapLibre trims.
            var line = bidi?.visualOrder(range) ?? Array(range)
            while let first = line.first, isWhitespace(scalars[first]) { line.removeFirst() }
            while let last = line.last, isWhitespace(scalars[last]) { line.removeLast() }
            guard !line.isEmpty else { y += lineHeight; continue }
            // An image section counts as scale 1 here (MapLibre scales it only as it is placed).
            let lineMaxScale = line.map { images[sectionOf[$0]] == nil ? scales[sectionOf[$0]] : 1 }.max() ?? 1
            let lineImages = line.compactMap { images[sectionOf[$0]] }
            // MapLibre's `calculateLineContentSize`: the tallest run or image, in layout units.
            let contentHeight = max(lineMaxScale * GlyphShaping.oneEm, (lineImages.map(\.pointHeight).max() ?? 0) * imageScale)
            let contentWidth = max(lineMaxScale * GlyphShaping.oneEm, (lineImages.map(\.pointWidth).max() ?? 0) * imageScale)
            var x = 0.0
            var row: [GlyphShaping.Placed] = []
            var lastAdvance = 0.0
            // How far the line's images reach below an em of its largest run.
            var imageOffset = 0.0
            for i in line {
                guard let g = glyph(i) else { continue }
                let section = sectionOf[i]
                let scale: Double, baselineOffset: Double, ownAdvance: Double
                if let image = images[section] {
                    ownAdvance = upright[i] ? image.pointHeight : image.pointWidth
                    scale = imageScale
                    baselineOffset = upright[i] ? contentWidth - image.pointHeight * scale
                        : (contentHeight - image.pointHeight * scale) * runs[section].verticalAlign
                    imageOffset = max(imageOffset, (upright[i] ? image.pointWidth : image.pointHeight) * scale - GlyphShaping.oneEm * lineMaxScale)
                } else {
                    ownAdvance = upright[i] ? GlyphShaping.oneEm : Double(g.advance)
                    scale = scales[section]
                    baselineOffset = upright[i] ? contentWidth - scale * GlyphShaping.oneEm
                        : (contentHeight - scale * GlyphShaping.oneEm) * runs[section].verticalAlign
                }
                row.append(.init(glyph: g, x: x, y: y + baselineOffset, scale: scale, section: section, line: lineIndex,
                                 vertical: upright[i], image: images[section], advance: ownAdvance))
                x += advances[i]
                // MapLibre's `justifyLine` ends the line at its last glyph's own advance (not the
                // em an upright glyph takes in a column).
                lastAdvance = (images[section] != nil ? ownAdvance : Double(g.advance)) * scale
            }
            if let last = row.last {
                maxLineLength = max(maxLineLength, x - spacing)
                let indent = (last.x + lastAdvance) * justify
                placed += row.map { var p = $0; p.x -= indent; return p }
            }
            lineOffsets[lineIndex] = max(imageOffset, (lineMaxScale - 1) * GlyphShaping.oneEm)
            let currentLineHeight = lineHeight * lineMaxScale + imageOffset
            y += currentLineHeight
            maxLineHeight = max(maxLineHeight, currentLineHeight)
        }
        guard !placed.isEmpty else { return nil }
        if vertical && !alongLine && placed.contains(where: \.vertical) {
            // MapLibre's quads centre a column's mixed sizes: each glyph moves up by half its line's
            // offset less its own scale's excess over an em; an image down by half what its width lacks of one.
            placed = placed.map { p in
                var p = p
                let own = p.image.map { -(GlyphShaping.oneEm - $0.pointWidth * p.scale) / 2 } ?? (p.scale - 1) * GlyphShaping.oneEm
                p.y -= lineOffsets[p.line] / 2 - own
                return p
            }
        }
        let height = y - GlyphShaping.defaultOffset
        // Aligned for a top-left anchor: the block's corner at the origin.
        let shiftX = justify * maxLineLength
        let shiftY = maxLineHeight != lineHeight ? -GlyphShaping.defaultOffset : 0.5 * lineHeight
        return GlyphShaping(glyphs: placed.map { var p = $0; p.x += shiftX; p.y += shiftY; return p },
                            width: maxLineLength, height: height, lineCount: lines.count, missing: missing)
    }

    // MARK: line breaking

    /// Where lines end (scalar indices), MapLibre's `determineLineBreaks`: a line may break after
    /// a space, a newline or a word-breaking mark (`breaksAfter`), after an ideograph or an image, and before
    /// an opening parenthesis; the chosen set minimises the squared differences of the line widths
    /// from the average a `maxWidth` calls for (0: as narrow as the breaks allow; infinite: one
    /// line), with a forced break after a newline and penalties around parentheses and, when the
    /// text holds zero-width spaces (breaks its source suggests), between ideographs.
    static func lineBreaks(_ scalars: [Unicode.Scalar], advances: [Double], maxWidth: Double,
                           breaksAfterImage: (Int) -> Bool = { _ in false }) -> [Int] {
        let total = advances.reduce(0, +)
        guard total > 0 else { return [] }
        let lineCount = max(1, (total / maxWidth).rounded(.up))
        let target = total / lineCount
        let suggested = scalars.contains("\u{200B}")
        var potential: [Break] = []
        var x = 0.0
        for i in scalars.indices {
            if !isWhitespace(scalars[i]) { x += advances[i] }
            guard i < scalars.count - 1 else { continue }
            let ideographic = breaksIdeographically(scalars[i])
            guard breaksAfter(scalars[i]) || ideographic || breaksAfterImage(i)
                    || (i != scalars.count - 2 && scalars[i + 1] == "(") else { continue }
            let penalty = Self.penalty(scalars[i], scalars[i + 1], ideographicSuggested: ideographic && suggested)
            potential.append(evaluate(i + 1, x, target, potential, penalty, last: false))
        }
        var breaks: [Int] = []
        var node: Break? = evaluate(scalars.count, x, target, potential, 0, last: true)
        while let n = node {
            breaks.append(n.index)
            node = n.prior
        }
        return breaks.reversed()
    }

    /// MapLibre's `breakable`: characters a line may end with.
    private static func breaksAfter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x20, 0x26, 0x29, 0x2B, 0x2D, 0x2F, 0xAD, 0xB7, 0x200B, 0x2010, 0x2013, 0x2027: true
        default: false
        }
    }

    final class Break {
        let index: Int
        let x: Double
        let prior: Break?
        let badness: Double
        init(index: Int, x: Double, prior: Break?, badness: Double) { (self.index, self.x, self.prior, self.badness) = (index, x, prior, badness) }
    }

    private static func evaluate(_ index: Int, _ x: Double, _ target: Double, _ potential: [Break], _ penalty: Double,
                                 last: Bool) -> Break {
        var best: Break?
        var bestBadness = badness(x, target, penalty, last: last)
        for p in potential {
            let b = badness(x - p.x, target, penalty, last: last) + p.badness
            if b <= bestBadness {
                best = p
                bestBadness = b
            }
        }
        return Break(index: index, x: x, prior: best, badness: bestBadness)
    }

    private static func badness(_ width: Double, _ target: Double, _ penalty: Double, last: Bool) -> Double {
        let raggedness = (width - target) * (width - target)
        // The last line may be shorter than the others more readily than longer.
        if last { return width < target ? raggedness / 2 : raggedness * 2 }
        return raggedness + abs(penalty) * penalty
    }

    private static func penalty(_ s: Unicode.Scalar, _ next: Unicode.Scalar, ideographicSuggested: Bool) -> Double {
        var penalty = 0.0
        if s == "\n" { penalty -= 10000 }
        if ideographicSuggested { penalty += 150 }
        if s == "(" || s.value == 0xFF08 { penalty += 50 }
        if next == ")" || next.value == 0xFF09 { penalty += 50 }
        return penalty
    }

    /// Whether MapLibre letter-spaces this text (`allowsLetterSpacing`): not when it holds letters
    /// that join (Arabic), which spacing would tear apart. System fonts follow the same rule.
    public static func allowsLetterSpacing(_ text: String) -> Bool { !text.unicodeScalars.contains(where: joinsLetters) }

    /// The Arabic blocks, where MapLibre allows no letter spacing.
    private static func joinsLetters(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: true
        default: false
        }
    }

    /// Ideographs, kana and other scripts written without spaces: a line may break after each.
    static func breaksIdeographically(_ s: Unicode.Scalar) -> Bool { VerticalOrientation.allowsIdeographicBreaking(s.value) }

    /// Whether a text can run vertically: it holds a character that stands upright in vertical
    /// text (CJK ideographs, kana, Hangul and their punctuation; MapLibre's
    /// `allowsVerticalWritingMode`). Other text stays horizontal.
    public static func allowsVertical(_ text: String) -> Bool {
        text.unicodeScalars.contains { VerticalOrientation.isUpright($0.value) }
    }

    static func isWhitespace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\n" || s == "\u{0B}" || s == "\u{0C}" || s == "\r" || s.properties.isWhitespace
    }
}
