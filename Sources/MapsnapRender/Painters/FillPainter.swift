import CCairo

/// `fill`: polygons, with holes (non-zero winding: MVT rings wind opposite ways), an optional
/// outline. Features whose paint does not depend on their properties are filled as one path per tile.
enum FillPainter {
    static func paint(_ layer: StyleLayer, _ style: FillLayer, in frame: RenderFrame) {
        let canvas = frame.canvas, cr = canvas.cr, zoom = frame.zoom
        let perFeature = style.color.dependsOnFeature || style.opacity.dependsOnFeature
            || (style.outlineColor?.dependsOnFeature ?? false)
        let translate = style.translate.evaluate(zoom: zoom, feature: nil)
        let fillAll = { (feature: (any Feature)?) in
            let color = style.color.evaluate(zoom: zoom, feature: feature)
            let opacity = style.opacity.evaluate(zoom: zoom, feature: feature)
            canvas.setColor(color, opacity: opacity)
            if let outline = style.outlineColor?.evaluate(zoom: zoom, feature: feature) {
                cairo_fill_preserve(cr)
                canvas.setColor(outline, opacity: opacity)
                cairo_set_line_width(cr, 1)
                cairo_stroke(cr)
            } else {
                cairo_fill(cr)
            }
        }
        canvas.withSavedState {
            frame.forEachFeature(of: layer, tileStart: { _, projection in
                cairo_restore(cr); cairo_save(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                frame.clip(to: projection)
                if translate.count == 2, translate != [0, 0] { cairo_translate(cr, translate[0], translate[1]) }
                canvas.newPath()
            }, tileEnd: {
                if !perFeature { fillAll(nil) }
            }) { feature, projection in
                guard feature.geometryType == .polygon, let parts = feature.parts else { return }
                frame.appendPath(parts, projection, close: true)
                if perFeature { fillAll(feature.feature) }
            }
        }
    }
}
