import CCairo
import MapsnapGeo
import MapsnapStyle

extension LinePainter {
    /// A line layer on a vector target: each feature part stroked by Cairo (`LineStroker`),
    /// clipped to its tile. Patterns and gradients, which MapLibre shades per pixel, are drawn by
    /// `LineRasterizer` into an embedded image instead (see `paint`).
    static func stroke(_ layer: StyleLayer, _ properties: Properties, constant: Resolved?, in frame: RenderFrame) {
        let canvas = frame.canvas, cr = canvas.cr
        let stroker = LineStroker(canvas: canvas, perspective: frame.perspective)
        let shared = properties.atZoom.evaluated(for: nil)
        let shift = frame.screenOffset(shared.translate, anchor: shared.translateAnchor)
        let opaque = constant.map { $0.opacity >= 1 && $0.color.a >= 1 } ?? false
        canvas.withSavedState {
            frame.forEachFeature(of: layer, sortKey: properties.atZoom.sortKey, tileStart: { _, projection in
                cairo_restore(cr); cairo_save(cr)
                frame.clip(to: projection, opaque: opaque)
            }) { feature, projection in
                guard feature.geometryType != .point, let parts = feature.parts else { return }
                let resolved = constant ?? properties.resolve(for: feature.feature)
                let moved = projection.translated(by: shift)
                for part in parts where part.count > 1 {
                    let plane = moved.plane(part)
                    for piece in moved.crossesNearPlane ? frame.perspective!.clipLine(plane) : [plane] {
                        stroker.draw(piece, polygon: feature.geometryType == .polygon, resolved)
                    }
                }
            }
        }
    }
}
