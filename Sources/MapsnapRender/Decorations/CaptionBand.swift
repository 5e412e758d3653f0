import CCairo
import MapsnapGeo
import MapsnapStyle
import MapsnapFormats

/// A report caption: a band under the map with a title, the caption text and an address line,
/// wrapped to the image's width. Returns a new, taller image.
public enum CaptionBand {
    public enum Kind: Sendable { case title, body, detail }
    public struct Line: Sendable {
        public var text: String
        public var kind: Kind
        public init(_ text: String, _ kind: Kind) { self.text = text; self.kind = kind }
    }

    static let padding = 10.0, gap = 3.0

    public static func captioned(_ map: RasterImage, lines: [Line], pixelRatio: Double, dark: Bool,
                                 text: TextEngine) throws(RenderError) -> RasterImage {
        let width = Double(map.pixelWidth) / pixelRatio
        let shaped = lines.filter { !$0.text.isEmpty }.map { line -> (ShapedText, Line) in
            let (font, size): ([String], Double) = switch line.kind {
                case .title: (["Noto Sans Bold"], 15)
                case .body: (["Noto Sans Regular"], 12.5)
                case .detail: (["Noto Sans Regular"], 11.5)
            }
            return (text.shape(line.text, font: font, size: size, maxWidth: width - 2 * padding, alignment: .left), line)
        }
        let bandHeight = shaped.isEmpty ? 0 : 2 * padding + shaped.map(\.0.height).reduce(0, +) + gap * Double(shaped.count - 1)
        let image = try RasterImage(pixelWidth: map.pixelWidth, pixelHeight: map.pixelHeight + Int(saturating: (bandHeight * pixelRatio).rounded(.up)))
        let canvas = Canvas(image: image, pixelRatio: pixelRatio)
        let cr = canvas.cr
        canvas.paint(dark ? Color(r: 0.11, g: 0.12, b: 0.13, a: 1) : Color(r: 1, g: 1, b: 1, a: 1))
        canvas.withSavedState {
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, map.surface, 0, 0)
            cairo_paint(cr)
        }
        var y = Double(map.pixelHeight) / pixelRatio + padding
        for (s, line) in shaped {
            cairo_new_path(cr)
            s.appendPath(to: canvas, at: Point(x: padding - s.bounds.minX, y: y - s.bounds.minY))
            let ink: Color = switch (line.kind, dark) {
                case (.detail, false): Color(r: 0.38, g: 0.38, b: 0.4, a: 1)
                case (.detail, true): Color(r: 0.68, g: 0.69, b: 0.72, a: 1)
                case (_, false): Color(r: 0.1, g: 0.1, b: 0.12, a: 1)
                case (_, true): Color(r: 0.94, g: 0.94, b: 0.95, a: 1)
            }
            canvas.setColor(ink)
            cairo_fill(cr)
            y += s.height + gap
        }
        return image
    }
}
