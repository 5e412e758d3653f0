import CCairo
import MapsnapFormats
import MapsnapGeo

/// The data credit, small in the bottom-right corner on a translucent white band, as every
/// OpenStreetMap-based map must show it.
enum AttributionPainter {
    static let font = ["Noto Sans Regular"]

    static let padX = 4.0, padY = 1.5

    private static func layout(_ text: String, in frame: RenderFrame) -> (ShapedText, Rect) {
        let shaped = frame.text.shapeCached(text, font: font, size: 10, maxWidth: nil, lineHeight: 1.2,
                                            letterSpacing: 0, alignment: .right)
        let w = shaped.width + 2 * padX, h = shaped.height + 2 * padY
        let c = frame.canvas
        return (shaped, Rect(minX: c.width - w, minY: c.height - h, maxX: c.width, maxY: c.height))
    }

    /// Keeps map labels out of the corner (call before placement).
    static func reserve(_ text: String, in frame: RenderFrame) {
        frame.collisions.insert(layout(text, in: frame).1)
    }

    /// `onDark`: the map under it is dark, so the band is dark and the text light.
    static func paint(_ text: String, onDark: Bool, in frame: RenderFrame) {
        let canvas = frame.canvas, cr = canvas.cr
        let (shaped, box) = layout(text, in: frame)
        let x = box.minX, y = box.minY, w = box.width, h = box.height
        canvas.withSavedState {
            cairo_new_path(cr)
            cairo_rectangle(cr, x, y, w, h)
            canvas.setColor(onDark ? Color(r: 0.08, g: 0.09, b: 0.1, a: 0.7) : Color(r: 1, g: 1, b: 1, a: 0.75))
            cairo_fill(cr)
            cairo_new_path(cr)
            canvas.appendText(shaped, at: Point(x: x + padX - shaped.bounds.minX, y: y + padY - shaped.bounds.minY))
            canvas.setColor(onDark ? Color(r: 0.82, g: 0.83, b: 0.85, a: 1) : Color(r: 0.2, g: 0.2, b: 0.2, a: 1))
            canvas.fillText()
        }
    }
}
