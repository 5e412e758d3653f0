import CCairo
import CPangoCairo
import Foundation
import MapsnapFormats

/// A Pango font map and the context a `TextEngine` shapes with: hinting off (label metrics the
/// same at every position and size), grey anti-aliasing, unrounded glyph positions.
///
/// `warmUp()` makes one on a thread of its own at start-up, reads the system's font
/// configuration and loads the default font into it, while the caller loads its style and data;
/// the first engine to shape text takes it (`take()`). A single snapshot would otherwise wait
/// for fontconfig's start and for Pango to sort the system's fonts, several milliseconds, before
/// its first label (the attribution). Only the one font: each more costs the warm-up as long as
/// it costs the label thread, which waits for the warm-up. A font map is used by one thread at a
/// time: the warm-up hands it over when it is done.
final class PangoFonts: @unchecked Sendable {
    let map: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer

    init() {
        map = pango_cairo_font_map_new()
        context = pango_font_map_create_context(map)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(map))
    }

    /// A `text-font` stack at `size` pixels, as Pango describes it (the caller frees it).
    static func description(_ stack: [String], size: Double) -> OpaquePointer {
        let d = pango_font_description_from_string(FontStack.pangoDescription(stack))!
        pango_font_description_set_absolute_size(d, size * Double(PANGO_SCALE))
        return d
    }

    /// What the decorations and most labels draw with.
    static let warmedStacks = [["Noto Sans Regular"]]

    private enum Slot { case empty, warming, ready(PangoFonts) }
    /// Guards `slot`; `take()` waits on it while the warm-up is under way.
    private static let warmed = NSCondition()
    nonisolated(unsafe) private static var slot = Slot.empty

    /// Starts the head start, unless one is under way or waiting to be taken.
    static func warmUp() {
        warmed.lock()
        guard case .empty = slot else { warmed.unlock(); return }
        slot = .warming
        warmed.unlock()
        let started = WorkerThread.start {
            let fonts = PangoFonts()
            for stack in warmedStacks {
                // Laying out a word loads the stack's fontset and its first font, as shaping will.
                let layout = pango_layout_new(fonts.context)!
                let d = description(stack, size: TextEngine.layoutSize)
                pango_layout_set_font_description(layout, d)
                pango_layout_set_text(layout, "Map", -1)
                var ink = PangoRectangle(), logical = PangoRectangle()
                pango_layout_get_extents(layout, &ink, &logical)
                pango_font_description_free(d)
                g_object_unref(UnsafeMutableRawPointer(layout))
            }
            Trace.mark("system fonts ready")
            set(.ready(fonts))
        }
        if started != 0 { set(.empty) }
    }

    private static func set(_ new: Slot) {
        warmed.lock()
        slot = new
        warmed.broadcast()
        warmed.unlock()
    }

    /// The warmed-up fonts, waiting for the warm-up if it is under way; nil when there is none
    /// (never started, or taken by another engine).
    static func take() -> PangoFonts? {
        warmed.lock()
        defer { warmed.unlock() }
        while true {
            switch slot {
            case .empty: return nil
            case .warming: warmed.wait()
            case .ready(let fonts):
                slot = .empty
                return fonts
            }
        }
    }
}

extension TextEngine {
    /// See `PangoFonts.warmUp()`.
    public static func warmUpSystemFonts() { PangoFonts.warmUp() }
}
