import CCairo
import Foundation
import MapsnapFormats
import Synchronization

/// The first drawing error of a render, shared by every canvas the render draws on (the map,
/// label bands, the overlay layer). A Cairo context that fails an operation keeps the error and
/// silently ignores everything drawn on it afterwards: without a check, a render would end with a
/// partial picture and report success. Painters' callers check after each layer, overlay and
/// decoration (`RenderFrame.checkDrawing`), and `MapRenderer` turns the first failure into
/// `RenderError.drawingFailed`, naming what was being drawn.
final class DrawingFailures: Sendable {
    struct Failure: Equatable, Sendable {
        /// What was drawn when the context failed: `layer 'water-pattern'`, `overlay markers`.
        let what: String
        /// Cairo's own words for its status.
        let reason: String
    }

    private let first = Mutex<Failure?>(nil)

    /// Tests only: the check named by `InjectedFaults.breakDrawingAt` (`layer 'water'`, `overlay
    /// markers`) first puts its context in a real Cairo error state (an invalid dash), as a
    /// failed operation would, so that the tests see the whole path from Cairo to an exit code.
    private let breakAt = InjectedFaults.current.breakDrawingAt

    /// Records `canvas`'s error, if it has one and it is the render's first.
    func check(_ canvas: Canvas, after what: @autoclosure () -> String) {
        if let breakAt, breakAt == what() {
            var invalid = -1.0
            cairo_set_dash(canvas.cr, &invalid, 1, 0)
        }
        let status = cairo_status(canvas.cr)
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let failure = Failure(what: what(), reason: String(cString: cairo_status_to_string(status)))
        first.withLock { if $0 == nil { $0 = failure } }
    }

    var failure: Failure? { first.withLock { $0 } }
}
