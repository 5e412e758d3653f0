import CCairo
import Foundation
import MapsnapStyle
import MapsnapGeo

/// `background`: one color, or a sprite pattern anchored to the world, over the whole canvas.
enum BackgroundPainter {
    static func paint(_ style: BackgroundLayer.Evaluated, in frame: RenderFrame) {
        let opacity = style.opacity
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
}
