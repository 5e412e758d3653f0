import CCairo
import Foundation
import MapsnapFormats
import MapsnapStyle

/// The labels of a raster frame placed apart from the map and laid over it in bands: on a
/// second thread while the calling thread paints the map under them, when allowed (a single
/// snapshot: placing and drawing text takes about as long as every fill and line together, and a
/// machine has more than one core), or on the calling thread before it paints the map.
///
/// Each run of symbol layers that follow each other in the style is drawn into transparent
/// images of its own, one per horizontal band of the map; the calling thread lays them over the
/// map when it reaches the run (`composite`). Premultiplied OVER is associative, so this is the
/// picture of drawing the labels straight onto the map, within a level of rounding at their soft
/// edges; and it is the same picture, byte for byte, whichever thread draws which band, so an
/// image is the same from `mapsnap` (two threads), a batch and the server (one).
///
/// Only the label thread touches Pango (the frame's text engine and the labels' layouts) until
/// `waitForAll()` returns: it records each layer's labels as Cairo paths and icons
/// (`SymbolPainter.Recording`), and either thread plays a band of them back. Overlays and
/// decorations, which shape text too, are drawn after `waitForAll()`. Labels from glyph PBFs and
/// collision boxes shade pixels themselves: then the label thread draws each run whole.
final class LayeredLabels: @unchecked Sendable {
    /// Device rows of one run, drawn into an image of their own.
    private struct Band {
        let run: Int
        let rows: Range<Int>
        let image: RasterImage
    }

    /// The style-layer indices of each run, bottom to top.
    private let runs: [[Int]]
    /// Run by run, top to bottom; a run's bands follow each other.
    private let bands: [Band]
    private let pixelRatio: Double
    private let sprites: SpriteSheet?
    /// Whether bands are played back from recordings by either thread (else the label thread
    /// draws every run whole, in one band).
    private let split: Bool
    /// Whether the label thread runs beside the caller's (see `RasterImage.touchPages`).
    private let threaded: Bool
    /// Each symbol layer's id, to name it in a drawing failure.
    private let layerIDs: [Int: String]
    private let drawingFailures: DrawingFailures

    private let condition = NSCondition()
    // Guarded by `condition`:
    /// Each symbol layer's labels, once recorded (`split` only).
    private var recordings: [Int: SymbolPainter.Recording]?
    private var nextBand = 0
    private var drawn: [Bool]
    private var finished = false

    /// Bands per run when both threads draw: enough for the second thread to share the work when
    /// it comes late, few enough that labels crossing a band's edge are seldom drawn twice.
    static let bandsPerRun = 4

    /// Places and draws the labels of `visible`'s symbol layers, on a new thread when `threaded`
    /// (else before returning); nil when there are none, or when a layer image cannot be had
    /// (the caller then draws the labels itself). A thread that cannot be started leaves the
    /// work to the caller's thread. `overlaysBefore` is the style index the overlays are drawn
    /// under: a run never spans it. `reserveSpace` (what decorations and overlays claim in the
    /// collision index; it shapes text) runs on the label thread before the first label is placed.
    static func start(frame: RenderFrame, visible: [(offset: Int, element: StyleLayer)], overlaysBefore: Int,
                      crossSourceCollisions: Bool, collisionDebug: Bool, threaded: Bool,
                      reserveSpace: @escaping () -> Void) -> LayeredLabels? {
        guard let base = frame.canvas.image else { return nil }
        var runs: [[Int]] = []
        var previousWasSymbol = false
        for (index, layer) in visible {
            guard case .symbol = layer.kind else { previousWasSymbol = false; continue }
            if previousWasSymbol, let last = runs.last?.last, !(last < overlaysBefore && index >= overlaysBefore) {
                runs[runs.count - 1].append(index)
            } else {
                runs.append([index])
            }
            previousWasSymbol = true
        }
        guard !runs.isEmpty else { return nil }
        let split = frame.glyphs == nil && !collisionDebug
        let count = split ? min(bandsPerRun, base.pixelHeight) : 1
        var bands: [Band] = []
        for run in runs.indices {
            for k in 0..<count {
                let rows = base.pixelHeight * k / count ..< base.pixelHeight * (k + 1) / count
                guard let image = try? RasterImage(pixelWidth: base.pixelWidth, pixelHeight: rows.count, hugePages: threaded) else { return nil }
                // Drawn in the map's device coordinates: row `rows.lowerBound` is the image's first.
                cairo_surface_set_device_offset(image.surface, 0, Double(-rows.lowerBound))
                bands.append(Band(run: run, rows: rows, image: image))
            }
        }
        let layers = Dictionary(uniqueKeysWithValues: visible.map { ($0.offset, $0.element) })
        let work = LayeredLabels(runs: runs, bands: bands, pixelRatio: frame.canvas.pixelRatio, sprites: frame.sprites, split: split,
                                 threaded: threaded, layerIDs: layers.mapValues(\.id), drawingFailures: frame.drawingFailures)
        // The label thread's own frame: its decoded features are its own; the collision index,
        // text engine and warnings are the caller's (see the type's note). Its canvas, of the
        // map's size, is never drawn on, only used to lay out the recorded paths (its pixels are
        // never touched, so the system never backs them with memory).
        let layout = split ? try? RasterImage(pixelWidth: base.pixelWidth, pixelHeight: base.pixelHeight, hugePages: true) : bands[0].image
        guard let layout else { return nil }
        let labelFrame = frame.drawing(on: Canvas(image: layout, pixelRatio: frame.canvas.pixelRatio))
        let place = {
            reserveSpace()
            work.placeAndDraw(frame: labelFrame, layers: layers, crossSourceCollisions: crossSourceCollisions, collisionDebug: collisionDebug)
        }
        if !threaded || WorkerThread.start(place) != 0 { place() }
        return work
    }

    private init(runs: [[Int]], bands: [Band], pixelRatio: Double, sprites: SpriteSheet?, split: Bool, threaded: Bool,
                 layerIDs: [Int: String], drawingFailures: DrawingFailures) {
        self.threaded = threaded
        self.layerIDs = layerIDs
        self.drawingFailures = drawingFailures
        self.runs = runs
        self.bands = bands
        self.pixelRatio = pixelRatio
        self.sprites = sprites
        self.split = split
        drawn = Array(repeating: false, count: bands.count)
    }

    private func canvas(_ band: Band) -> Canvas { Canvas(image: band.image, pixelRatio: pixelRatio) }

    /// On the label thread: places every symbol layer (top first, so that higher layers win, as
    /// when drawn in line), records or draws them, then plays back bands until none is left.
    private func placeAndDraw(frame: RenderFrame, layers: [Int: StyleLayer], crossSourceCollisions: Bool, collisionDebug: Bool) {
        // The labels (and their Pango layouts) end inside this scope, on this thread.
        do {
            let placer = LabelPlacer(frame: frame, crossSourceCollisions: crossSourceCollisions, recordsBoxes: collisionDebug)
            var labels: [Int: [PlacedLabel]] = [:]
            for index in runs.flatMap({ $0 }).reversed() {
                guard let layer = layers[index], case .symbol(let symbol) = layer.kind else { continue }
                labels[index] = placer.place(layer, symbol)
            }
            Trace.mark("labels placed")
            if split {
                var recorded: [Int: SymbolPainter.Recording] = [:]
                for index in runs.flatMap({ $0 }) {
                    recorded[index] = SymbolPainter.record(labels[index] ?? [], on: frame.canvas)
                }
                Trace.mark("labels recorded")
                condition.lock()
                recordings = recorded
                condition.broadcast()
                condition.unlock()
            } else {
                for (k, band) in bands.enumerated() {
                    drawDirectly(band, labels: labels, placer: placer, layers: layers)
                    markDrawn(k)
                }
            }
        }
        if split { playBands(upToRun: runs.count - 1) }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Draws a band from the placed labels themselves (Pango: the label thread only).
    private func drawDirectly(_ band: Band, labels: [Int: [PlacedLabel]], placer: LabelPlacer, layers: [Int: StyleLayer]) {
        if threaded { band.image.touchPages() }
        let frame = placer.frame.drawing(on: canvas(band))
        for index in runs[band.run] {
            SymbolPainter.draw(labels[index] ?? [], in: frame)
            if let id = layers[index]?.id, let boxes = placer.debugBoxes?[id] { CollisionDebugPainter.draw(boxes, in: frame) }
            frame.checkDrawing(after: "layer '\(layerIDs[index] ?? "")' (its labels)")
        }
    }

    /// Takes bands of runs up to `run` one at a time and plays them back, until none is left.
    private func playBands(upToRun run: Int) {
        while true {
            condition.lock()
            guard nextBand < bands.count, bands[nextBand].run <= run, let recordings else { condition.unlock(); return }
            let k = nextBand
            nextBand += 1
            condition.unlock()
            Trace.mark("drawing label band \(k)")
            let band = bands[k]
            if threaded { band.image.touchPages() }
            let target = canvas(band)
            let rows = Double(band.rows.lowerBound) ..< Double(band.rows.upperBound)
            for index in runs[band.run] {
                if let recording = recordings[index] { SymbolPainter.play(recording, sprites: sprites, rows: rows, on: target) }
                drawingFailures.check(target, after: "layer '\(layerIDs[index] ?? "")' (its labels)")
            }
            markDrawn(k)
        }
    }

    private func markDrawn(_ k: Int) {
        bands[k].image.finishDrawing()
        condition.lock()
        drawn[k] = true
        condition.broadcast()
        condition.unlock()
    }

    /// At the first layer of a run: helps draw its bands, waits for the rest, and lays them over
    /// `canvas`. Other layers of the run draw nothing (their labels are in the bands already).
    func composite(_ index: Int, onto canvas: Canvas) {
        guard let run = runs.firstIndex(where: { $0.first == index }) else { return }
        Trace.mark("map under the labels drawn")
        if split {
            condition.lock()
            while recordings == nil && !finished { condition.wait() }
            condition.unlock()
            playBands(upToRun: run)
        }
        let mine = bands.indices.filter { bands[$0].run == run }
        condition.lock()
        while !mine.allSatisfy({ drawn[$0] }) { condition.wait() }
        condition.unlock()
        for k in mine {
            let band = bands[k]
            cairo_surface_set_device_offset(band.image.surface, 0, 0)
            canvas.layOver(band.image, y: band.rows.lowerBound)
        }
    }

    /// Returns when the label thread has ended: the text engine is the caller's again.
    func waitForAll() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
