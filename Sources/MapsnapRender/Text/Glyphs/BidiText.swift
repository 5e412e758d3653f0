import CFriBidi

/// Right-to-left text for glyph PBFs, prepared as MapLibre's RTL text plugin prepares it
/// (mapbox-gl-rtl-text, built on ICU), here with FriBidi: Arabic letters become their contextual
/// presentation forms (lam-alef as one ligature) before lines are broken, and each line is then
/// put in visual order by the Unicode bidirectional algorithm, paragraph by paragraph (a newline
/// ends one; each takes its direction from its first strong letter, left to right without one),
/// with brackets mirrored in right-to-left runs and bidi controls left out.
struct BidiText {
    /// The text with Arabic shaped and brackets mirrored: one scalar per glyph to draw.
    let scalars: [Unicode.Scalar]
    /// For each of `scalars`, the index of the input scalar it comes from.
    let source: [Int]
    private let resolved: Resolved

    /// MapLibre's `stringContainsRTLText`: Hebrew, Arabic, Syriac, Thaana and the other scripts
    /// of U+0590…U+08FF, and the Arabic presentation forms.
    static func isNeeded(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { s in
            (0x0590...0x08FF).contains(s.value) || (0xFB50...0xFDFF).contains(s.value) || (0xFE70...0xFEFF).contains(s.value)
        }
    }

    init(_ input: [Unicode.Scalar]) {
        // Arabic shaping on the whole logical text (joining stops at a newline by itself).
        var text = input.map { FriBidiChar($0.value) }
        let logical = Resolved(text)
        var joining = [FriBidiArabicProp](repeating: 0, count: text.count)
        let n = FriBidiStrIndex(text.count)
        fribidi_get_joining_types(text, n, &joining)
        fribidi_join_arabic(logical.types, n, logical.levels, &joining)
        fribidi_shape(mapsnap_fribidi_shape_arabic, logical.levels, n, &joining, &text)
        // A ligature leaves a filler (U+FEFF) where its second letter was; controls go too.
        var kept: [FriBidiChar] = [], source: [Int] = []
        for (i, c) in text.enumerated() where c != 0xFEFF && !Self.isControl(c) {
            kept.append(c)
            source.append(i)
        }
        // The levels of what is drawn, then brackets mirrored where they run right to left.
        resolved = Resolved(kept)
        fribidi_shape(mapsnap_fribidi_shape_mirroring, resolved.levels, FriBidiStrIndex(kept.count), nil, &kept)
        scalars = kept.map { Unicode.Scalar($0) ?? "\u{FFFD}" }
        self.source = source
    }

    /// The indices of `line` (a range of `scalars`) in visual order, left to right.
    func visualOrder(_ line: Range<Int>) -> [Int] {
        var order: [Int] = []
        for (range, direction) in zip(resolved.paragraphs, resolved.directions) {
            let part = line.clamped(to: range)
            guard !part.isEmpty else { continue }
            var map = (0..<FriBidiStrIndex(range.count)).map { $0 }
            var levels = Array(resolved.levels[range])
            let offset = part.lowerBound - range.lowerBound
            let done = fribidi_reorder_line(0, Array(resolved.types[range]), FriBidiStrIndex(part.count), FriBidiStrIndex(offset),
                                            direction, &levels, nil, &map)
            order += done > 0 ? map[offset..<offset + part.count].map { range.lowerBound + Int($0) } : Array(part)
        }
        return order
    }

    /// Bidi controls ICU's `UBIDI_REMOVE_BIDI_CONTROLS` leaves out of the visual line.
    private static func isControl(_ c: FriBidiChar) -> Bool {
        c == 0x061C || c == 0x200E || c == 0x200F || (0x202A...0x202E).contains(c) || (0x2066...0x2069).contains(c)
    }

    /// Each character's bidi type and resolved level, paragraph by paragraph.
    private struct Resolved {
        var types: [FriBidiCharType]
        var levels: [FriBidiLevel]
        var paragraphs: [Range<Int>] = []
        var directions: [FriBidiParType] = []

        init(_ text: [FriBidiChar]) {
            types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: text.count)
            levels = [FriBidiLevel](repeating: 0, count: text.count)
            var start = 0
            for (i, c) in text.enumerated() where c == 0x0A {
                paragraphs.append(start..<i + 1)
                start = i + 1
            }
            if start < text.count { paragraphs.append(start..<text.count) }
            for range in paragraphs {
                let chars = Array(text[range]), n = FriBidiStrIndex(range.count)
                var t = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: range.count)
                var brackets = [FriBidiBracketType](repeating: 0, count: range.count)
                var l = [FriBidiLevel](repeating: 0, count: range.count)
                fribidi_get_bidi_types(chars, n, &t)
                fribidi_get_bracket_types(chars, n, t, &brackets)
                var direction = mapsnap_fribidi_par_on
                if fribidi_get_par_embedding_levels_ex(t, brackets, n, &direction, &l) == 0 {
                    l = Array(repeating: 0, count: range.count)
                }
                types.replaceSubrange(range, with: t)
                levels.replaceSubrange(range, with: l)
                directions.append(direction)
            }
        }
    }
}
