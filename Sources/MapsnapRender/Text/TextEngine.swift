import CCairo
import CPangoCairo
import Foundation
import MapsnapFormats

/// Shapes text with Pango. One engine per thread: Pango font maps must not be shared across
/// threads. Hinting is off so that label metrics are the same at every position and tile.
public final class TextEngine {
    /// Made on first use, or taken from `PangoFonts.warmUp()`'s head start.
    private lazy var fonts = PangoFonts.take() ?? PangoFonts()
    var context: OpaquePointer { fonts.context }
    private var descriptions: [String: OpaquePointer] = [:]
    var shapeCache: [ShapeKey: ShapedText] = [:]
    /// Labels laid out from glyph PBFs, at 24 px (scaled when drawn), by text and layout.
    var glyphShapeCache: [GlyphShapeKey: GlyphShaping?] = [:]

    public init() {}

    deinit {
        for d in descriptions.values { pango_font_description_free(d) }
    }

    private func description(_ stack: [String], size: Double) -> OpaquePointer {
        let key = stack.joined(separator: "|") + "@\(size)"
        if let d = descriptions[key] { return d }
        let d = PangoFonts.description(stack, size: size)
        descriptions[key] = d
        return d
    }

    /// Pango lays every label out at this size, and the label scales it to its own. Hinting is
    /// off, so advances, line heights and outlines scale linearly (within Pango's 1/1024 unit);
    /// and each size of a font would otherwise be a new Pango fontset, for which Pango sorts every
    /// font on the system again (over a millisecond and a thread each), when a style asks for a
    /// dozen sizes.
    static let layoutSize = 24.0

    /// Lays out `text`. `maxWidth` (points) wraps at word boundaries; nil keeps one line.
    public func shape(_ text: String, font: [String], size: Double, maxWidth: Double? = nil,
                      lineHeight: Double = 1.2, letterSpacing: Double = 0,
                      alignment: TextAlignment = .center) -> ShapedText {
        // A style may ask for any size; Pango's integer units cannot hold every one.
        let size = size.isNaN ? 0 : min(max(size, 0), InputLimits.maxTextSize)
        // Text too small to scale from (a zero size) is laid out at its own size.
        let scale = size >= 0.01 ? size / Self.layoutSize : 1
        let layoutSize = size / scale
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, description(font, size: layoutSize))
        pango_layout_set_text(layout, text, -1)
        // A text longer than any label (a hostile marker title) is wrapped by Pango: MapLibre's
        // breaking measures every character and weighs every pair of break points.
        let balanced = maxWidth != nil && text.unicodeScalars.count <= InputLimits.maxLabelScalars
        if let maxWidth, !balanced {
            pango_layout_set_width(layout, Int32(saturating: maxWidth / scale * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        }
        switch alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if lineHeight != 1.2 { pango_layout_set_line_spacing(layout, Float(min(max(lineHeight / 1.2, 0), 100))) }
        if letterSpacing != 0 {
            let attrs = pango_attr_list_new()
            pango_attr_list_insert(attrs, pango_attr_letter_spacing_new(Int32(saturating: letterSpacing * layoutSize * Double(PANGO_SCALE))))
            pango_layout_set_attributes(layout, attrs)
            pango_attr_list_unref(attrs)
        }
        if let maxWidth, balanced { breakLines(layout, text, maxWidth: maxWidth / scale) }
        return ShapedText(layout: layout, size: size, layoutScale: scale)
    }

    /// Breaks the layout's text into lines where MapLibre's `determineLineBreaks` would (lines of
    /// even width near `maxWidth`, in layout units), measured by Pango's own advances, each line
    /// trimmed of the spaces at its ends. Pango's greedy word wrap would fill the first lines.
    private func breakLines(_ layout: OpaquePointer, _ text: String, maxWidth: Double) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > 1 else { return }
        var advances: [Double] = [], byte: Int32 = 0
        advances.reserveCapacity(scalars.count)
        var previous: (x: Int32, width: Int32)?
        for s in scalars {
            var rect = PangoRectangle()
            pango_layout_index_to_pos(layout, byte, &rect)
            // The later characters of a cluster (a letter and its marks) report the cluster's box again.
            let sameCluster = previous.map { $0 == (rect.x, rect.width) } ?? false
            advances.append(sameCluster ? 0 : abs(Double(rect.width)) / Double(PANGO_SCALE))
            previous = (rect.x, rect.width)
            byte += Int32(UTF8.width(s))
        }
        let breaks = GlyphShaper.lineBreaks(scalars, advances: advances, maxWidth: maxWidth)
        guard breaks.contains(where: { $0 < scalars.count }) else { return }
        var lines: [String] = [], start = 0
        for end in breaks + [scalars.count] where end > start {
            var line = String.UnicodeScalarView()
            line.append(contentsOf: scalars[start..<end])
            lines.append(String(line).trimmingCharacters(in: .whitespacesAndNewlines))
            start = end
        }
        pango_layout_set_text(layout, lines.joined(separator: "\n"), -1)
    }
}

public enum TextAlignment: Hashable, Sendable { case left, center, right }

extension TextEngine {
    /// `shape` with a cache: the same street name is shaped once per engine, not once per tile.
    func shapeCached(_ text: String, font: [String], size: Double, maxWidth: Double?, lineHeight: Double,
                     letterSpacing: Double, alignment: TextAlignment) -> ShapedText {
        let key = ShapeKey(text: text, font: font, size: size, maxWidth: maxWidth, lineHeight: lineHeight,
                           letterSpacing: letterSpacing, alignment: alignment)
        if let hit = shapeCache[key] { return hit }
        if shapeCache.count > 4096 { shapeCache.removeAll(keepingCapacity: true) }
        let shaped = shape(text, font: font, size: size, maxWidth: maxWidth, lineHeight: lineHeight,
                           letterSpacing: letterSpacing, alignment: alignment)
        shapeCache[key] = shaped
        return shaped
    }
}

struct ShapeKey: Hashable {
    let text: String, font: [String], size: Double, maxWidth: Double?, lineHeight: Double
    let letterSpacing: Double, alignment: TextAlignment
}
