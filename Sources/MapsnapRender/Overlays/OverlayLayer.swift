import MapsnapFormats
import MapsnapOverlays

/// The overlays, drawn into a transparent image of their own when the labels are
/// (`LayeredLabels`): the image is laid over the map and its labels at the overlays' place in
/// the layer order, so the drawing thread need not wait for the label thread before it paints
/// them, and on a frame with a core to spare (`RenderFrame.spareCore`) they are painted on a
/// thread of their own beside the map and the labels, as soon as the files are read. Markers
/// come last, once the label thread has laid them out (`OverlayPainter.reserveLabelSpace`, which
/// also makes their text into outlines, so that no other thread touches the text engine).
///
/// Whether this layer is used depends only on the frame and the overlays, never on which thread
/// draws what: an image is the same, byte for byte, from `mapsnap` (two threads), a batch and the
/// server (one). OVER is associative, so the picture is that of drawing straight onto the map,
/// within a level of rounding at soft edges and in translucent fills.
final class OverlayLayer: @unchecked Sendable {
    private let frame: RenderFrame
    private let overlays: () -> [Overlay]
    private let reservation: PendingResult<OverlayPainter>
    private let onDark: Bool
    private let icons: MarkerIconImages
    /// The layer being drawn on a thread of its own (threaded frames only).
    private var pending: PendingResult<Drawn>?
    private var drawn: Drawn?

    private struct Drawn {
        /// Nil when there is nothing to draw or no memory for it.
        var image: RasterImage?
        var markersIncluded = false
    }

    /// `overlays` may wait for files still being read; `reservation` is set once the markers
    /// are laid out.
    init(frame: RenderFrame, overlays: @escaping () -> [Overlay], reservation: PendingResult<OverlayPainter>,
         onDark: Bool, icons: MarkerIconImages) {
        self.frame = frame
        self.overlays = overlays
        self.reservation = reservation
        self.onDark = onDark
        self.icons = icons
        if frame.spareCore { pending = PendingResult.computing { [self] in draw() } }
    }

    /// Called where the drawing thread would otherwise wait for the label thread: draws the layer
    /// then, unless it is drawn already or on a thread of its own.
    func drawWhileWaiting() {
        guard drawn == nil, pending == nil else { return }
        drawn = draw()
    }

    private func draw() -> Drawn {
        guard let base = frame.canvas.image else { return Drawn() }
        let all = overlays()
        guard !all.isEmpty,
              let layer = try? RasterImage(pixelWidth: base.pixelWidth, pixelHeight: base.pixelHeight, hugePages: frame.spareCore)
        else { return Drawn() }
        let layerFrame = frame.drawing(on: Canvas(image: layer, pixelRatio: frame.canvas.pixelRatio))
        layerFrame.spareCore = frame.spareCore
        // The titles' halos are painted on another core while the tracks are drawn.
        let reservation = reservation
        let titles = frame.spareCore ? PendingResult.computing { reservation.wait().titleImages() } : nil
        OverlayPainter(frame: layerFrame, overlays: all, onDark: onDark, icons: icons).drawUnderMarkers()
        let reserved = reservation.wait()
        // Without prerendered text the markers are left to the text engine's thread.
        let markersIncluded = reserved.markerText != nil || reserved.markerLayouts.isEmpty
        let titleImages = titles?.wait() ?? reserved.titleImages()
        if markersIncluded { reserved.drawMarkers(on: layerFrame, titleImages: titleImages) }
        Trace.mark("drew the overlays in their layer")
        return Drawn(image: layer, markersIncluded: markersIncluded)
    }

    /// Lays the layer over the frame's canvas; what it could not hold is drawn straight onto it.
    /// After the label thread is done (markers may need the text engine).
    func composite() {
        if drawn == nil { drawn = pending.map { $0.wait() } ?? draw() }
        guard let drawn, let image = drawn.image else {
            reservation.wait().draw()
            return
        }
        frame.canvas.layOver(image)
        if !drawn.markersIncluded { reservation.wait().drawMarkers() }
    }
}
