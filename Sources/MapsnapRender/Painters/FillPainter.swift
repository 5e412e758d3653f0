import CCairo
import Foundation
import MapsnapFormats
import MapsnapStyle
import MapsnapGeo

/// `fill`: polygons, with holes (non-zero winding: MVT rings wind opposite ways), an optional
/// outline. Features whose paint does not depend on their properties are filled as one path per tile.
///
/// The outline (`fill-outline-color`, drawn only with `fill-antialias`, as in MapLibre) is
/// MapLibre's one-device-pixel hairline whatever the pixel ratio, drawn by `LineRasterizer` after
/// the fill: Cairo's stroker took 28 % of a pyramid's render on a map full of buildings.
/// Fills are anti-aliased with Cairo's 4x4-sample rasterizer (`CAIRO_ANTIALIAS_FAST`): a quarter
/// of the cost of its default 256x15 one, and no difference a picky eye or MapLibre's render tests
/// can see. (MapLibre's aliased fill smoothed by a hairline in the fill's colour would be cheaper
/// still but is visibly jaggier on coastlines.)
enum FillPainter {
    static func paint(_ layer: StyleLayer, _ style: FillLayer.PossiblyEvaluated, in frame: RenderFrame) {
        let canvas = frame.canvas, cr = canvas.cr
        if let pattern = style.pattern {
            paintPattern(layer, style, pattern, in: frame)
            return
        }
        // Properties that do not read the feature, and the others' values for no feature.
        let shared = style.evaluated(for: nil)
        let translucent = shared.color.a * shared.opacity < 1
        let perFeature = style.color.dependsOnFeature || style.opacity.dependsOnFeature
            || (style.outlineColor?.dependsOnFeature ?? false) || translucent
        let opaque = !translucent && !style.color.dependsOnFeature && !style.opacity.dependsOnFeature
        let antialias = shared.antialias
        let shift = frame.screenOffset(shared.translate, anchor: shared.translateAnchor)
        // MapLibre outlines a fill drawn in its translucent pass (a colour or opacity short of
        // opaque, or read from the feature) in the fill's colour when no outline colour is set,
        // over the fill: the edge's pixels inside the shape get the colour twice. (An opaque
        // fill's outline only fringes the outside; Cairo's anti-aliasing stands for it.)
        var outline = Outline(canvas: canvas, rasterizer: canvas.image.map { LineRasterizer(image: $0, pixelRatio: canvas.pixelRatio) },
                              enabled: antialias && (style.outlineColor != nil || !opaque), shift: shift)
        let fillAll = { (feature: (any Feature)?) in
            let color = style.color.evaluate(for: feature)
            let opacity = style.opacity.evaluate(for: feature)
            canvas.setColor(color, opacity: opacity)
            cairo_fill(cr)
            if outline.enabled { outline.draw(style.outlineColor?.evaluate(for: feature) ?? color, opacity: opacity) }
            outline.rings.removeAll(keepingCapacity: true)
        }
        canvas.withSavedState {
            frame.forEachFeature(of: layer, sortKey: style.sortKey, tileStart: { _, projection in
                cairo_restore(cr); cairo_save(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                frame.clip(to: projection, opaque: opaque)
                if let rasterizer = outline.rasterizer { outline.clip = rasterizer.clip(tileCorners: projection.tileCorners) }
                cairo_set_antialias(cr, antialias ? CAIRO_ANTIALIAS_FAST : CAIRO_ANTIALIAS_NONE)
                if shift != Point(x: 0, y: 0) { cairo_translate(cr, shift.x, shift.y) }
                canvas.newPath()
            }, tileEnd: {
                if !perFeature { fillAll(nil) }
            }) { feature, projection in
                guard feature.geometryType == .polygon, let parts = feature.parts else { return }
                if outline.enabled {
                    for part in parts where part.count > 2 { outline.rings.append(projection.screenRing(part)) }
                }
                frame.appendPath(parts, projection, close: true)
                if perFeature { fillAll(feature.feature) }
            }
        }
    }

    /// The rings of the features just filled, outlined as MapLibre's fill-outline shader does: a
    /// line one device pixel wide whose alpha falls from full on the ring to nothing a pixel away.
    /// On a vector target (no rasterizer) the rings are stroked one device pixel wide instead.
    private struct Outline {
        let canvas: Canvas
        let rasterizer: LineRasterizer?
        let enabled: Bool
        /// `fill-translate`, in screen points.
        let shift: Point
        var clip = LineRasterizer.Clip(minX: 0, minY: 0, maxX: 0, maxY: 0)
        var rings: [[Point]] = []

        func draw(_ color: Color, opacity: Double) {
            if let rasterizer {
                rasterizer.drawHairlines(rings, shift: shift, color: color, opacity: opacity, clip: clip)
                return
            }
            // The context is already translated by `shift` and clipped to the tile.
            let cr = canvas.cr
            cairo_new_path(cr)
            for ring in rings where ring.count > 1 {
                canvas.appendPolyline(ring)
                canvas.closePath()
            }
            cairo_set_line_width(cr, 1 / canvas.pixelRatio)
            canvas.setColor(color, opacity: opacity)
            cairo_stroke(cr)
        }
    }

    /// `fill-pattern`: the sprite icon repeated, anchored to the world so that neighbouring tiles
    /// line up. The pattern is evaluated per feature when it reads the feature (MapLibre's
    /// cross-faded data-driven property), each feature filled with its own icon. An icon the sprite
    /// lacks leaves its features unfilled, as in MapLibre, with one warning naming it (never a
    /// black fill).
    private static func paintPattern(_ layer: StyleLayer, _ style: FillLayer.PossiblyEvaluated, _ pattern: PossiblyEvaluatedProperty<String>,
                                     in frame: RenderFrame) {
        let canvas = frame.canvas, cr = canvas.cr
        var patterns = FramePatterns(layer: layer, frame: frame)
        defer { patterns.destroy() }
        let perFeature = pattern.dependsOnFeature || style.opacity.dependsOnFeature
        if !perFeature, patterns.named(pattern.evaluate(for: nil)) == nil { return }
        let antialias = style.antialias.evaluate(for: nil)
        let fill = { (feature: (any Feature)?) in
            guard let icon = patterns.named(pattern.evaluate(for: feature)) else { return }
            cairo_save(cr)
            cairo_clip(cr)
            WorldPattern.paint(icon.source, planeToPattern: icon.planeToPattern, repeating: icon.period,
                               opacity: style.opacity.evaluate(for: feature), in: frame)
            cairo_restore(cr)
            cairo_new_path(cr)
        }
        canvas.withSavedState {
            frame.forEachFeature(of: layer, sortKey: style.sortKey, tileStart: { _, projection in
                cairo_restore(cr); cairo_save(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                frame.clip(to: projection)
                if !antialias { cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE) }
                canvas.newPath()
            }, tileEnd: {
                if !perFeature { fill(nil) }
            }) { feature, projection in
                guard feature.geometryType == .polygon, let parts = feature.parts else { return }
                frame.appendPath(parts, projection, close: true)
                if perFeature { fill(feature.feature) }
            }
        }
    }

    /// The Cairo patterns of the sprite icons one layer fills with in one frame, made once each.
    private struct FramePatterns {
        struct Icon {
            let source: OpaquePointer
            let period: WorldPattern.Period
            let planeToPattern: cairo_matrix_t
        }

        let layer: StyleLayer
        let frame: RenderFrame
        /// nil for a name the sprite lacks (warned once).
        private var made: [String: Icon?] = [:]

        init(layer: StyleLayer, frame: RenderFrame) { (self.layer, self.frame) = (layer, frame) }

        /// The pattern of icon `name`; nil (and a warning, once) when the sprite lacks it.
        mutating func named(_ name: String) -> Icon? {
            if let hit = made[name] { return hit }
            guard let sprites = frame.sprites, let icon = sprites.icons[name] else {
                frame.warnings.warn("layer '\(layer.id)': fill-pattern '\(name)' is not in the style's sprite; its features are not filled")
                made[name] = .some(nil)
                return nil
            }
            let made = sprites.pattern(icon).map {
                Icon(source: $0, period: WorldPattern.Period(icon),
                     planeToPattern: WorldPattern.planeToPattern(iconPixelRatio: icon.pixelRatio, in: frame))
            }
            self.made[name] = .some(made)
            return made
        }

        func destroy() {
            for case let icon? in made.values { cairo_pattern_destroy(icon.source) }
        }
    }
}
