import CCairo
import Foundation
import MapsnapStyle
import MapsnapGeo

/// `background`: one color, or a sprite pattern anchored to the world, over the world: MapLibre
/// draws it tile by tile over the tiles that cover the view, and no tile lies beyond the
/// Mercator world's north and south edges (a pitched view at a low zoom shows that edge).
enum BackgroundPainter {
    static func paint(_ style: BackgroundLayer.Evaluated, in frame: RenderFrame) {
        let opacity = style.opacity
        frame.canvas.withSavedState {
            clipToWorld(in: frame)
            paintUnclipped(style, opacity: opacity, in: frame)
        }
    }

    private static func paintUnclipped(_ style: BackgroundLayer.Evaluated, opacity: Double, in frame: RenderFrame) {
        if let name = style.pattern {
            guard let sprites = frame.sprites, let icon = sprites.icons[name] else { return }
            guard let source = sprites.pattern(icon) else { return }
            frame.canvas.withSavedState {
                WorldPattern.paint(source, planeToPattern: WorldPattern.planeToPattern(iconPixelRatio: icon.pixelRatio, in: frame),
                                   repeating: WorldPattern.Period(icon), opacity: opacity, in: frame)
            }
            cairo_pattern_destroy(source)
            return
        }
        frame.canvas.withSavedState { frame.canvas.paint(style.color, opacity: opacity) }
    }

    /// Clips to the band of the world between its north and south edges (wrapping east–west),
    /// when the view reaches beyond one of them.
    private static func clipToWorld(in frame: RenderFrame) {
        let worldSize = WebMercator.worldSize(zoom: frame.zoom)
        let corners = [Point(x: 0, y: 0), Point(x: frame.canvas.width, y: 0),
                       Point(x: frame.canvas.width, y: frame.canvas.height), Point(x: 0, y: frame.canvas.height)]
        let plane = corners.map { frame.perspective?.plane(fromScreen: $0) ?? $0 }
        let world = plane.map { frame.transform.world(fromScreen: $0) }
        guard world.contains(where: { $0.y < 0 || $0.y > worldSize }) else { return }
        // A band wide enough to reach past the view on both sides, cut at the near plane.
        let xs = world.map(\.x), reach = (xs.max()! - xs.min()!) + worldSize
        let band = [Point(x: xs.min()! - reach, y: 0), Point(x: xs.max()! + reach, y: 0),
                    Point(x: xs.max()! + reach, y: worldSize), Point(x: xs.min()! - reach, y: worldSize)]
            .map { frame.transform.screen(fromWorld: $0) }
        let ring = frame.perspective.map { p in p.clipRing(band).map(p.screen(fromPlane:)) } ?? band
        guard ring.count > 2 else { return }
        frame.canvas.newPath()
        frame.canvas.move(to: ring[0])
        for p in ring.dropFirst() { frame.canvas.line(to: p) }
        frame.canvas.closePath()
        // Aliased, as a GL triangle covers the pixels whose centres it holds.
        let antialias = cairo_get_antialias(frame.canvas.cr)
        cairo_set_antialias(frame.canvas.cr, CAIRO_ANTIALIAS_NONE)
        cairo_clip(frame.canvas.cr)
        cairo_set_antialias(frame.canvas.cr, antialias)
    }
}
