import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo

/// Metric or imperial units for the scale bar.
public enum ScaleBarUnits: String, Sendable, CaseIterable { case metric, imperial }

/// A scale bar in the bottom-left corner: the longest round distance (1, 2 or 5 × 10ⁿ) that fits
/// in `maxLength` points at the center's latitude, with its label above the bar.
enum ScaleBarPainter {
    static let maxLength = 110.0
    static let margin = 10.0

    /// The distance shown and its length in points.
    static func bar(metersPerPoint: Double, units: ScaleBarUnits) -> (label: String, length: Double) {
        let metersPerFoot = 0.3048, metersPerMile = 1609.344
        let maxMeters = maxLength * metersPerPoint
        func nice(_ limit: Double) -> Double {
            let p = pow(10, floor(log10(limit)))
            return [5.0, 2, 1].map { $0 * p }.first { $0 <= limit } ?? p
        }
        switch units {
        case .metric:
            let m = nice(maxMeters)
            let label = m >= 1000 ? "\(FeatureValue.format(m / 1000)) km" : "\(FeatureValue.format(m)) m"
            return (label, m / metersPerPoint)
        case .imperial:
            if maxMeters / metersPerMile >= 0.2 {
                let mi = nice(maxMeters / metersPerMile)
                return ("\(FeatureValue.format(mi)) mi", mi * metersPerMile / metersPerPoint)
            }
            let ft = nice(maxMeters / metersPerFoot)
            return ("\(FeatureValue.format(ft)) ft", ft * metersPerFoot / metersPerPoint)
        }
    }

    static func box(_ shaped: ShapedText, length: Double, in frame: RenderFrame) -> Rect {
        let w = max(length, shaped.width) + 12, h = shaped.height + 12
        return Rect(minX: margin, minY: frame.canvas.height - margin - h, maxX: margin + w, maxY: frame.canvas.height - margin)
    }

    static func layout(_ units: ScaleBarUnits, in frame: RenderFrame) -> (ShapedText, Double, Rect) {
        let mpp = WebMercator.metersPerPixel(latitude: frame.camera.center.latitude, zoom: frame.zoom)
        let (label, length) = bar(metersPerPoint: mpp, units: units)
        let shaped = frame.text.shapeCached(label, font: ["Noto Sans Regular"], size: 10, maxWidth: nil, lineHeight: 1.2,
                                            letterSpacing: 0, alignment: .left)
        return (shaped, length, box(shaped, length: length, in: frame))
    }

    static func reserve(_ units: ScaleBarUnits, in frame: RenderFrame) {
        frame.collisions.insert(layout(units, in: frame).2)
    }

    static func paint(_ units: ScaleBarUnits, onDark: Bool, in frame: RenderFrame) {
        let (shaped, length, box) = layout(units, in: frame)
        let canvas = frame.canvas, cr = canvas.cr
        let ink = onDark ? Color(r: 0.88, g: 0.89, b: 0.9, a: 1) : Color(r: 0.15, g: 0.15, b: 0.17, a: 1)
        canvas.withSavedState {
            cairo_new_path(cr)
            cairo_rectangle(cr, box.minX, box.minY, box.width, box.height)
            canvas.setColor(onDark ? Color(r: 0.08, g: 0.09, b: 0.1, a: 0.65) : Color(r: 1, g: 1, b: 1, a: 0.7))
            cairo_fill(cr)
            let x0 = box.minX + 6, y = box.maxY - 5
            cairo_new_path(cr)
            cairo_move_to(cr, x0, y - 5)
            cairo_line_to(cr, x0, y)
            cairo_line_to(cr, x0 + length, y)
            cairo_line_to(cr, x0 + length, y - 5)
            canvas.setColor(ink)
            cairo_set_line_width(cr, 1.5)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_stroke(cr)
            cairo_new_path(cr)
            canvas.appendText(shaped, at: Point(x: x0 + 1 - shaped.bounds.minX, y: box.minY + 2 - shaped.bounds.minY))
            canvas.fillText()
        }
    }
}
