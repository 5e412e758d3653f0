import CCairo
import MapsnapGeo
import MapsnapFormats

/// A report caption: a band under the map with a title, the caption text and an address line,
/// wrapped to the image's width. `captioned` returns a new, taller image; on a vector page
/// (`draw(_:on:top:dark:)`) the band is drawn under the map on the same page.
public enum CaptionBand {
    public enum Kind: Sendable { case title, body, detail }
    public struct Line: Sendable {
        public var text: String
        public var kind: Kind
        public init(_ text: String, _ kind: Kind) { self.text = text; self.kind = kind }
    }

    static let padding = 10.0, gap = 3.0

    /// The lines shaped to a width, and the band's height in device pixels (whole pixels, so
    /// that a PDF page is as tall as the PNG).
    public struct Layout {
        let shaped: [(ShapedText, Line)]
        public let pixelHeight: Int
        let pixelRatio: Double
        /// The band's height in points.
        public var height: Double { Double(pixelHeight) / pixelRatio }
    }

    /// Shapes `lines` for a map `width` points wide; empty lines are left out.
    public static func layout(_ lines: [Line], width: Double, pixelRatio: Double, text: TextEngine) -> Layout {
        let shaped = lines.filter { !$0.text.isEmpty }.map { line -> (ShapedText, Line) in
            let (font, size): ([String], Double) = switch line.kind {
                case .title: (["Noto Sans Bold"], 15)
                case .body: (["Noto Sans Regular"], 12.5)
                case .detail: (["Noto Sans Regular"], 11.5)
            }
            return (text.shape(line.text, font: font, size: size, maxWidth: width - 2 * padding, alignment: .left), line)
        }
        let bandHeight = shaped.isEmpty ? 0 : 2 * padding + shaped.map(\.0.height).reduce(0, +) + gap * Double(shaped.count - 1)
        return Layout(shaped: shaped, pixelHeight: Int(saturating: (bandHeight * pixelRatio).rounded(.up)), pixelRatio: pixelRatio)
    }

    public static func captioned(_ map: RasterImage, lines: [Line], pixelRatio: Double, dark: Bool,
                                 text: TextEngine) throws(RenderError) -> RasterImage {
        let band = layout(lines, width: Double(map.pixelWidth) / pixelRatio, pixelRatio: pixelRatio, text: text)
        let image = try RasterImage(pixelWidth: map.pixelWidth, pixelHeight: map.pixelHeight + band.pixelHeight)
        let canvas = Canvas(image: image, pixelRatio: pixelRatio)
        let cr = canvas.cr
        canvas.paint(background(dark: dark))
        canvas.withSavedState {
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, map.surface, 0, 0)
            cairo_paint(cr)
        }
        drawLines(band, on: canvas, top: Double(map.pixelHeight) / pixelRatio, dark: dark)
        return image
    }

    /// Draws the band under a map whose bottom edge is at `top` (points), across the canvas's width.
    public static func draw(_ band: Layout, on canvas: Canvas, top: Double, dark: Bool) {
        guard band.pixelHeight > 0 else { return }
        canvas.withSavedState {
            cairo_new_path(canvas.cr)
            cairo_rectangle(canvas.cr, 0, top, canvas.width, band.height)
            canvas.setColor(background(dark: dark))
            cairo_fill(canvas.cr)
        }
        drawLines(band, on: canvas, top: top, dark: dark)
    }

    private static func background(dark: Bool) -> Color {
        dark ? Color(r: 0.11, g: 0.12, b: 0.13, a: 1) : Color(r: 1, g: 1, b: 1, a: 1)
    }

    private static func drawLines(_ band: Layout, on canvas: Canvas, top: Double, dark: Bool) {
        var y = top + padding
        for (s, line) in band.shaped {
            cairo_new_path(canvas.cr)
            canvas.appendText(s, at: Point(x: padding - s.bounds.minX, y: y - s.bounds.minY))
            let ink: Color = switch (line.kind, dark) {
                case (.detail, false): Color(r: 0.38, g: 0.38, b: 0.4, a: 1)
                case (.detail, true): Color(r: 0.68, g: 0.69, b: 0.72, a: 1)
                case (_, false): Color(r: 0.1, g: 0.1, b: 0.12, a: 1)
                case (_, true): Color(r: 0.94, g: 0.94, b: 0.95, a: 1)
            }
            canvas.setColor(ink)
            canvas.fillText()
            y += s.height + gap
        }
    }
}
