import Foundation
import Synchronization
import MapsnapFormats
import MapsnapTiles

/// Glyph PBFs from a local folder (`…/{fontstack}/{range}.pbf`, the layout of tileserver-gl's and
/// OpenMapTiles' fonts), loaded lazily per font and 256-code-point range and kept for the process.
/// A font stack is looked up as one folder first (`Open Sans Regular,Arial Unicode MS Regular`,
/// what a glyph server combines), then font by font: each glyph from the first font that has it.
public final class GlyphLibrary: Sendable {
    /// A path with `{fontstack}` and `{range}` (e.g. `/srv/fonts/{fontstack}/{range}.pbf`).
    public let template: String
    private let ranges = Mutex<(loaded: [RangeKey: Lookup], glyphCount: Int)>(([:], 0))

    private struct RangeKey: Hashable {
        let font: String
        let start: UInt32
    }

    /// Glyphs kept before the cache starts over (a CJK range holds ~256 glyphs of ~1 KB each).
    static let maxCachedGlyphs = 200_000

    public init(template: String) { self.template = template }

    /// The libraries made so far, by template: every render of the process shares one.
    private static let shared = Mutex<[String: GlyphLibrary]>([:])

    public static func shared(template: String) -> GlyphLibrary {
        shared.withLock { libraries in
            if let library = libraries[template] { return library }
            let library = GlyphLibrary(template: template)
            libraries[template] = library
            return library
        }
    }

    /// `DIR/{fontstack}/{range}.pbf`, for `--glyphs DIR`.
    public static func template(folder: String) -> String {
        (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/{fontstack}/{range}.pbf"
    }

    /// The glyph for `codePoint` in `stack`, or nil when no font of it has one; `warnings` hears
    /// (once per font stack and range) that no file was found or one could not be read.
    public func glyph(_ codePoint: UInt32, in stack: [String], warnings: WarningLog) -> SDFGlyph? {
        let start = codePoint / 256 * 256
        let combined = stack.joined(separator: ",")
        var problems: [String] = []
        for font in [combined] + (stack.count > 1 ? stack : []) {
            switch range(font: font, start: start) {
            case .loaded(let range):
                if let glyph = range.glyphs[codePoint] { return glyph }
                if font == combined { return nil }  // the stack's own file speaks for all its fonts
            case .missing: continue
            case .unreadable(let reason): problems.append(reason)
            }
        }
        for problem in problems { warnings.warn(problem) }
        if problems.isEmpty, case .missing = range(font: combined, start: start) {
            warnings.warn("glyphs: no range \(Self.rangeName(start)) for font stack '\(combined)' in \(template)")
        }
        return nil
    }

    /// Whether the folder has the range of `codePoint` for the stack (or one of its fonts).
    public func hasRange(for codePoint: UInt32, in stack: [String]) -> Bool {
        let start = codePoint / 256 * 256
        let combined = stack.joined(separator: ",")
        return ([combined] + stack).contains { if case .loaded = range(font: $0, start: start) { true } else { false } }
    }

    private enum Lookup: Sendable {
        case loaded(GlyphRange)
        case missing
        case unreadable(String)
    }

    private func range(font: String, start: UInt32) -> Lookup {
        let key = RangeKey(font: font, start: start)
        if let cached = ranges.withLock({ $0.loaded[key] }) { return cached }
        let path = template.replacingOccurrences(of: "{fontstack}", with: font)
            .replacingOccurrences(of: "{range}", with: Self.rangeName(start))
        let lookup: Lookup
        do {
            lookup = .loaded(try GlyphRange.decode(try InputFile.read(path)))
        } catch let error as GlyphRangeError {
            lookup = .unreadable("glyphs: \(path): \(error); its text falls back to system fonts")
        } catch let error as InputFile.Problem {
            if case .missing = error { lookup = .missing } else { lookup = .unreadable("glyphs: \(error)") }
        } catch {
            lookup = .unreadable("glyphs: \(path): \(error)")
        }
        ranges.withLock { state in
            if state.glyphCount > Self.maxCachedGlyphs { state = ([:], 0) }
            state.loaded[key] = lookup
            if case .loaded(let range) = lookup { state.glyphCount += range.glyphs.count }
        }
        return lookup
    }

    static func rangeName(_ start: UInt32) -> String { "\(start)-\(start + 255)" }
}

/// Which engine draws the labels: `glyphs`, MapLibre's way, from the style's glyph PBFs (the same
/// fonts, widths and line breaks as a MapLibre map of the style); `pango`, with the system's fonts
/// (which shape every script, Arabic and Indic ones included); `auto`, glyphs when the style has
/// them and they hold every character of a label, else Pango for that label.
public enum TextEngineChoice: String, Sendable, CaseIterable {
    case auto, glyphs, pango
}
