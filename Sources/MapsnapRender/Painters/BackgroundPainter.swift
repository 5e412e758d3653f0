/// `background`: one color over the whole canvas.
enum BackgroundPainter {
    static func paint(_ style: BackgroundLayer, in frame: RenderFrame) {
        let color = style.color.evaluate(zoom: frame.zoom, feature: nil)
        let opacity = style.opacity.evaluate(zoom: frame.zoom, feature: nil)
        frame.canvas.withSavedState { frame.canvas.paint(color, opacity: opacity) }
    }
}
