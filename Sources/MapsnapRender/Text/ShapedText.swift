import CCairo
import CPangoCairo
import MapsnapFormats
import MapsnapGeo
import MapsnapTiles

/// A shaped label: its Pango layout, its logical box and, for labels along lines, the position
/// of every glyph on the baseline.
public final class ShapedText {
    /// Pango's layout, for text shaped with system fonts; nil for SDF glyphs.
    let layout: OpaquePointer?
    /// The glyphs, for text shaped from a style's glyph PBFs (drawn by `SDFTextPainter`).
    let sdf: GlyphShaping?
    public let fontSize: Double
    /// The logical box relative to the layout origin, in points.
    public let bounds: Rect
    /// Distance from the layout top to the first line's baseline, in points.
    public let baseline: Double
    public let lineCount: Int

    /// Rich text's `text-color` per section (nil: the layer's colour); empty for plain text.
    var sectionColors: [Color?] = []
    /// Rich text's images are sampled bilinearly, else pixel for pixel (see `LabelShaper`).
    var samplesImagesLinearly = false
    /// Points per unit of the layout: Pango lays text out at `TextEngine.layoutSize`, and the
    /// metrics here and the outlines drawn are scaled by this (1 for SDF glyphs).
    let layoutScale: Double

    /// Text laid out from SDF glyphs (layout units of 24 px) at `size` points: its box is the
    /// shaping's, from the origin.
    init(glyphs: GlyphShaping, size: Double) {
        layout = nil
        sdf = glyphs
        fontSize = size
        layoutScale = 1
        let scale = size / GlyphShaping.oneEm
        bounds = Rect(minX: 0, minY: 0, maxX: glyphs.width * scale, maxY: glyphs.height * scale)
        // The line's middle is the baseline's reference for glyphs along lines (see `glyphs`).
        baseline = bounds.height / 2
        lineCount = glyphs.lineCount
    }

    init(layout: OpaquePointer, size: Double, layoutScale: Double) {
        self.layout = layout
        sdf = nil
        fontSize = size
        self.layoutScale = layoutScale
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let s = Double(PANGO_SCALE) / layoutScale
        bounds = Rect(minX: Double(logical.x) / s, minY: Double(logical.y) / s,
                      maxX: Double(logical.x + logical.width) / s, maxY: Double(logical.y + logical.height) / s)
        baseline = Double(pango_layout_get_baseline(layout)) / s
        lineCount = Int(pango_layout_get_line_count(layout))
    }

    deinit { if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) } }

    /// Whether some glyph comes from a colour font (an emoji): drawn in its own colours on
    /// raster canvases (`ColorGlyphs`). Looked at once, on the thread that shaped the text.
    lazy var hasColorGlyphs: Bool = {
        guard let layout, let text = pango_layout_get_text(layout),
              ColorGlyphs.mayHoldColorGlyphs(String(cString: text)) else { return false }
        return ColorGlyphs.layoutUsesColorFont(layout)
    }()

    public var width: Double { bounds.width }
    public var height: Double { bounds.height }

    // The outlines of a layout are added to a canvas's path by `Canvas.appendText`. SDF text has
    // no outlines: `SDFTextPainter` draws it.

    /// One glyph of a single-line layout, for drawing along a curve.
    struct Glyph {
        let font: OpaquePointer?   // cairo_scaled_font_t at the layout's size, owned by the Pango font (nil: SDF)
        let index: UInt
        /// The SDF glyph, for text shaped from glyph PBFs.
        var sdf: SDFGlyph? = nil
        /// Start of the glyph's advance along the baseline, and its advance width, in points.
        let x: Double
        let advance: Double
        var yOffset: Double
        /// Rich text: the glyph's section's `font-scale` and index (see `sectionColors`).
        var scale = 1.0
        var section = 0
        /// The characters the glyph stands for (its Pango cluster), on the first glyph of the
        /// cluster only: a PDF shows them as the glyph's text.
        var text = ""
        /// From a colour font (an emoji): painted in its own colours (`ColorGlyphs`).
        var color = false
        /// An image of rich text (glyph PBFs only), drawn by `SDFTextPainter` in the glyph's place.
        var image: SpriteSheet.Icon? = nil
        /// Upright in a vertical line label (CJK on a steep line): turned a quarter back.
        var vertical = false
    }

    /// The glyphs in visual order, for text along lines (computed on demand: only line labels
    /// need it): every line's from glyph PBFs (MapLibre lays each glyph along the line by its x
    /// and moves it across by its line's y), the first line's from Pango.
    lazy var glyphs: [Glyph] = {
        var out: [Glyph] = []
        if let sdf {
            // Pen positions from the block's left edge, in points; yOffset is the glyphs' offset
            // from the block's middle (MapLibre's −17 of 24 for one line), which lies on the line.
            let scale = fontSize / GlyphShaping.oneEm
            for placed in sdf.glyphs {
                // MapLibre centres a glyph on the line by its own advance (an image's, or a glyph's
                // metrics), also where it stands upright in an em of a column.
                let advance = (placed.image != nil ? placed.advance : Double(placed.glyph.advance)) * placed.scale * scale
                out.append(Glyph(font: nil, index: UInt(placed.glyph.id), sdf: placed.glyph, x: placed.x * scale, advance: advance,
                                 yOffset: (placed.y - sdf.height / 2) * scale, scale: placed.scale, section: placed.section,
                                 image: placed.image, vertical: placed.vertical))
            }
            return out
        }
        guard let layout, let line = pango_layout_get_line_readonly(layout, 0) else { return out }
        let s = Double(PANGO_SCALE) / layoutScale
        let utf8 = Array(String(cString: pango_layout_get_text(layout)).utf8)
        var x = 0.0
        var run = line.pointee.runs
        while let node = run {
            let item = node.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
            let glyphString = item.pointee.glyphs!
            let font = pango_cairo_font_get_scaled_font(OpaquePointer(item.pointee.item.pointee.analysis.font))
            let color = ColorGlyphs.isColorFont(item.pointee.item.pointee.analysis.font)
            let clusters = Self.clusterTexts(glyphString.pointee, item: item.pointee.item.pointee, utf8: utf8)
            for i in 0..<Int(glyphString.pointee.num_glyphs) {
                let info = glyphString.pointee.glyphs[i]
                let advance = Double(info.geometry.width) / s
                if let font, info.glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0, info.glyph != PANGO_GLYPH_EMPTY {
                    out.append(Glyph(font: font, index: UInt(info.glyph), x: x + Double(info.geometry.x_offset) / s,
                                     advance: advance, yOffset: Double(info.geometry.y_offset) / s, text: clusters[i], color: color))
                }
                x += advance
            }
            run = node.pointee.next
        }
        return out
    }()

    /// The characters of each glyph of a run: a cluster's text goes to its first glyph in the
    /// run's order, the cluster's other glyphs get none (so nothing reads twice).
    private static func clusterTexts(_ glyphs: PangoGlyphString, item: PangoItem, utf8: [UInt8]) -> [String] {
        let count = Int(glyphs.num_glyphs)
        let starts = (0..<count).map { Int(glyphs.log_clusters[$0]) }
        let bounds = Set(starts).sorted() + [Int(item.length)]
        var seen = Set<Int>()
        return starts.map { start in
            guard seen.insert(start).inserted, let k = bounds.firstIndex(of: start) else { return "" }
            let from = Int(item.offset) + start, to = Int(item.offset) + bounds[k + 1]
            guard from >= 0, from <= to, to <= utf8.count else { return "" }
            return String(decoding: utf8[from..<to], as: UTF8.self)
        }
    }

    /// The first line's advance width in points.
    lazy var lineAdvance: Double = {
        if sdf != nil { return bounds.width }
        guard let layout, let line = pango_layout_get_line_readonly(layout, 0) else { return 0 }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_line_get_extents(line, &ink, &logical)
        return Double(logical.width) / Double(PANGO_SCALE) * layoutScale
    }()
}
