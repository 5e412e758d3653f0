import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo

/// A MapLibre sprite: `<base>.json` (icon name → rectangle) and `<base>.png`, or the `@2x` pair
/// for pixel ratios of 2 and more when it exists.
public final class SpriteSheet {
    public struct Icon: Sendable {
        public let x: Int, y: Int, width: Int, height: Int
        public let pixelRatio: Double
        public let sdf: Bool?
        /// Stretch ranges and content box for `icon-text-fit` (nil: the image scales as a whole).
        public internal(set) var stretchable: StretchableImage?
        /// The icon's size in points.
        public var pointWidth: Double { Double(width) / pixelRatio }
        public var pointHeight: Double { Double(height) / pixelRatio }

        /// An entry of the sprite index: whole-number `x`, `y`, `width`, `height`, a number
        /// `pixelRatio`, optionally a boolean `sdf`; nil when one is missing or of another kind.
        init?(_ entry: JSONValue) {
            guard let x = entry["x"]?.integerValue, let y = entry["y"]?.integerValue,
                  let width = entry["width"]?.integerValue, let height = entry["height"]?.integerValue,
                  let pixelRatio = entry["pixelRatio"]?.numberValue else { return nil }
            var sdf: Bool?
            if let value = entry["sdf"], !value.isNull {
                guard let b = value.boolValue else { return nil }
                sdf = b
            }
            (self.x, self.y, self.width, self.height, self.pixelRatio, self.sdf) = (x, y, width, height, pixelRatio, sdf)
        }

        init(x: Int, y: Int, width: Int, height: Int, pixelRatio: Double, sdf: Bool?) {
            (self.x, self.y, self.width, self.height, self.pixelRatio, self.sdf) = (x, y, width, height, pixelRatio, sdf)
        }
    }

    public let image: RasterImage
    public let icons: [String: Icon]
    public let jsonPath: String
    /// The pixel ratio the sheet was drawn for (its icons', the smallest if they differ): what
    /// `MapRenderer` picks a sheet by.
    public let pixelRatio: Double

    /// A sheet made in memory (`adding(_:)`); `image` is finished drawing.
    init(image: RasterImage, icons: [String: Icon], jsonPath: String, pixelRatio: Double) {
        (self.image, self.icons, self.jsonPath, self.pixelRatio) = (image, icons, jsonPath, pixelRatio)
    }

    /// Loads `base` (a path without extension, e.g. `styles/sprite/mapsnap`) for `pixelRatio`.
    /// The sprite at pixel ratio 1 and, when it has one, 2 (`@2x`): what a renderer picks from.
    public static func sheets(base: String) throws(SpriteError) -> [SpriteSheet] {
        let two = try? SpriteSheet(base: base, pixelRatio: 2)
        let one: SpriteSheet
        do { one = try SpriteSheet(base: base, pixelRatio: 1) } catch {
            // Only `@2x` files: every pixel ratio draws from them (their icons say their ratio).
            if case .missing = error, let two, two.jsonPath != base + ".json" { return [two] }
            throw error
        }
        guard let two, two.jsonPath != one.jsonPath else { return [one] }
        return [one, two]
    }

    public init(base: String, pixelRatio: Double) throws(SpriteError) {
        var chosen = base
        if pixelRatio >= 2, FileManager.default.fileExists(atPath: base + "@2x.json") { chosen = base + "@2x" }
        jsonPath = chosen + ".json"
        let data: Data
        do { data = try InputFile.read(chosen + ".json") } catch {
            if case .missing = error { throw .missing(path: chosen + ".json") }
            throw .invalid(path: chosen + ".json", reason: error.reason)
        }
        let notAnIndex = SpriteError.invalid(path: chosen + ".json", reason: "not a sprite index (name → x, y, width, height, pixelRatio)")
        guard case .object(let entries)? = try? JSONValue.parse(data) else { throw notAnIndex }
        var icons: [String: Icon] = [:]
        for (name, entry) in entries {
            guard var icon = Icon(entry) else { throw notAnIndex }
            do { icon.stretchable = try StretchableImage(entry, width: icon.width, height: icon.height) } catch {
                throw .invalid(path: chosen + ".json", reason: "icon '\(name)': \(error.reason)")
            }
            icons[name] = icon
        }
        self.icons = icons
        self.pixelRatio = icons.values.map(\.pixelRatio).min() ?? pixelRatio
        do { try InputFile.check(chosen + ".png") } catch {
            if case .missing = error { throw .missing(path: chosen + ".png") }
            throw .invalid(path: chosen + ".png", reason: error.reason)
        }
        do { image = try RasterImage(pngFile: chosen + ".png") } catch {
            throw .invalid(path: chosen + ".png", reason: "not a readable PNG image")
        }
        guard image.pixelWidth > 0, image.pixelHeight > 0 else { throw .invalid(path: chosen + ".png", reason: "the image has no pixels") }
        // Only read from now on, by the map's painters and the label thread at once (`LayeredLabels`).
        image.finishDrawing()
        // Compared without adding, so that huge numbers from the index cannot overflow.
        for (name, icon) in icons where icon.x < 0 || icon.y < 0 || icon.width <= 0 || icon.height <= 0
            || icon.x > image.pixelWidth - icon.width || icon.y > image.pixelHeight - icon.height {
            throw .invalid(path: jsonPath, reason: "icon '\(name)' lies outside the \(image.pixelWidth)x\(image.pixelHeight) image")
        }
        for (name, icon) in icons where !InputLimits.spriteIconPixelRatio.contains(icon.pixelRatio) {
            let range = InputLimits.spriteIconPixelRatio
            throw .invalid(path: jsonPath, reason: "icon '\(name)': pixelRatio \(MessageNumber.format(icon.pixelRatio)) is outside "
                           + "\(MessageNumber.format(range.lowerBound))...\(MessageNumber.format(range.upperBound))")
        }
    }

    /// A repeating pattern of `icon` (`fill-pattern`, `background-pattern`); `WorldPattern` sets
    /// its matrix. The caller destroys it.
    func pattern(_ icon: Icon) -> OpaquePointer? {
        guard let sub = cairo_surface_create_for_rectangle(image.surface, Double(icon.x), Double(icon.y),
                                                           Double(icon.width), Double(icon.height)) else { return nil }
        defer { cairo_surface_destroy(sub) }
        let pattern = cairo_pattern_create_for_surface(sub)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        return pattern
    }

    /// Draws `icon` with its top-left corner at `origin` (points), scaled by `size`.
    /// `stretch` scales the icon's width and height on top of `size` (icon-text-fit).
    /// `warp` (a pitched camera's map for icons lying on the map) applies around its pivot, after the rest.
    /// `columnTurn`: the quarter turn of a vertical label, which MapLibre applies to the whole
    /// symbol without resampling (pixel for pixel still, unless `linear`).
    /// `cells` (a stretchable image fitted to its text) replace the uniform stretch: each is drawn
    /// from its part of the image into its part of the box.
    func draw(_ icon: Icon, at origin: Point, size: Double, opacity: Double, rotation: Double = 0,
              stretch: (x: Double, y: Double) = (1, 1), cells: [NinePatch.Cell]? = nil, tint: SDFTint? = nil,
              warp: PlaneWarp? = nil, linear: Bool = false, columnTurn: Bool = false, on canvas: Canvas) {
        // An SDF icon holds a distance field in its alpha: it is drawn in the style's colours;
        // upright and unstretched, straight into device pixels (sampled, then shaded).
        if icon.sdf == true, let tint, rotation == 0, stretch == (1, 1), warp == nil {
            let ratio = canvas.pixelRatio
            let device = Point(x: origin.x * ratio, y: origin.y * ratio)
            if let drawn = sdfSampled(icon, tint, size: size, pixelRatio: ratio, origin: device,
                                      pixelsPerTexel: size * ratio / icon.pixelRatio) {
                defer { cairo_surface_destroy(drawn.surface) }
                let cr = canvas.cr
                canvas.withSavedState {
                    cairo_identity_matrix(cr)
                    cairo_set_source_surface(cr, drawn.surface, Double(drawn.x), Double(drawn.y))
                    cairo_paint_with_alpha(cr, opacity)
                }
            }
            return
        }
        let tinted = icon.sdf == true ? tint.flatMap { sdfSurface(icon, $0, size: size, pixelRatio: canvas.pixelRatio) } : nil
        defer { if let tinted { cairo_surface_destroy(tinted) } }
        let cr = canvas.cr
        canvas.withSavedState {
            if let warp {
                var m = cairo_matrix_t(xx: warp.a, yx: warp.c, xy: warp.b, yy: warp.d, x0: 0, y0: 0)
                cairo_translate(cr, warp.pivot.x, warp.pivot.y)
                cairo_transform(cr, &m)
                cairo_translate(cr, -warp.pivot.x, -warp.pivot.y)
            }
            cairo_translate(cr, origin.x, origin.y)
            if rotation != 0 {
                let cx = icon.pointWidth * size * stretch.x / 2, cy = icon.pointHeight * size * stretch.y / 2
                cairo_translate(cr, cx, cy)
                cairo_rotate(cr, rotation)
                cairo_translate(cr, -cx, -cy)
            }
            // MapLibre samples its atlas bilinearly (LINEAR) only for icons scaled by icon-size,
            // turned, pitched or of another pixel ratio, else pixel for pixel (NEAREST), even an
            // icon stretched around its text; never with a wider filter.
            let pixelForPixel = !linear && (rotation == 0 || columnTurn) && warp == nil
            if let cells, let bordered = bordered(icon, tinted: tinted) {
                let filter = pixelForPixel ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR
                for cell in cells { drawCell(cell, from: bordered, opacity: opacity, filter: filter, cr: cr) }
                cairo_surface_destroy(bordered)
                return
            }
            let s = size / icon.pixelRatio
            cairo_scale(cr, s * stretch.x, s * stretch.y)
            // An SDF icon's shaded copy is always sampled bilinearly.
            let nearest = tinted == nil && pixelForPixel
            // A GPU quad's edge is hard: a device pixel is the icon's when its centre is inside.
            // Its quad reaches one texel beyond the image into the atlas's transparent border, so
            // that sampled bilinearly the edge fades over a texel, as MapLibre's does.
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            let bordered = nearest ? nil : self.bordered(icon, tinted: tinted)
            defer { if let bordered { cairo_surface_destroy(bordered) } }
            if let bordered {
                cairo_rectangle(cr, -1, -1, Double(icon.width + 2), Double(icon.height + 2))
                cairo_clip(cr)
                cairo_set_source_surface(cr, bordered, -1, -1)
            } else {
                cairo_rectangle(cr, 0, 0, Double(icon.width), Double(icon.height))
                cairo_clip(cr)
                if let tinted {
                    cairo_set_source_surface(cr, tinted, 0, 0)
                } else {
                    cairo_set_source_surface(cr, image.surface, Double(-icon.x), Double(-icon.y))
                }
            }
            cairo_pattern_set_filter(cairo_get_source(cr), nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
            cairo_paint_with_alpha(cr, opacity)
        }
    }
}

extension SpriteSheet {
    /// The icon's pixels (shaded, for SDF icons) inside a one-pixel transparent border, as in
    /// MapLibre's atlas. The caller destroys it.
    func bordered(_ icon: Icon, tinted: OpaquePointer?) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(icon.width + 2), Int32(icon.height + 2)) else { return nil }
        let cr = cairo_create(surface)
        if let tinted {
            cairo_set_source_surface(cr, tinted, 1, 1)
        } else {
            cairo_set_source_surface(cr, image.surface, Double(1 - icon.x), Double(1 - icon.y))
        }
        cairo_rectangle(cr, 1, 1, Double(icon.width), Double(icon.height))
        cairo_fill(cr)
        cairo_destroy(cr)
        return surface
    }

    /// One part of a stretched icon: its image rectangle scaled into its box rectangle (points).
    private func drawCell(_ cell: NinePatch.Cell, from bordered: OpaquePointer, opacity: Double, filter: cairo_filter_t,
                          cr: OpaquePointer) {
        let source = cell.source, target = cell.destination
        guard source.width > 0, source.height > 0, target.width > 0, target.height > 0 else { return }
        cairo_save(cr)
        // Like a GPU's quads, every device pixel belongs to exactly one cell: no anti-aliased seam
        // where two meet.
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        cairo_rectangle(cr, target.minX, target.minY, target.width, target.height)
        cairo_clip(cr)
        cairo_translate(cr, target.minX, target.minY)
        cairo_scale(cr, target.width / source.width, target.height / source.height)
        let border = NinePatch.border
        if filter == CAIRO_FILTER_BILINEAR {
            // Sampled bilinearly, a cell's edge pixels blend in the texels beyond it, as MapLibre's
            // quads sample their atlas: the next cell's, or the transparent border.
            cairo_set_source_surface(cr, bordered, -(source.minX + border), -(source.minY + border))
            cairo_pattern_set_filter(cairo_get_source(cr), filter)
            cairo_paint_with_alpha(cr, opacity)
        } else if let part = cairo_surface_create_for_rectangle(bordered, source.minX + border, source.minY + border, source.width, source.height) {
            cairo_set_source_surface(cr, part, 0, 0)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(cairo_get_source(cr), filter)
            cairo_paint_with_alpha(cr, opacity)
            cairo_surface_destroy(part)
        }
        cairo_restore(cr)
    }
}

public enum SpriteError: Error, Equatable, CustomStringConvertible, Sendable {
    case missing(path: String)
    case invalid(path: String, reason: String)
    public var description: String {
        switch self {
        case .missing(let path): return "\(path): no such sprite file"
        case .invalid(let path, let reason): return "\(path): \(reason)"
        }
    }
}
