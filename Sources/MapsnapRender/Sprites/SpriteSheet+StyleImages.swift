import CCairo
import MapsnapFormats
import MapsnapStyle

extension SpriteSheet {
    /// The style's sprite sheets with the images added at run time (MapLibre's `addImage`), which
    /// MapLibre keeps in the same image manager as the sprite's icons: each sheet becomes one atlas
    /// holding its icons and, below them, the images (an image replaces an icon of its name).
    /// Without a sprite, one sheet of the images alone. Each image keeps its own pixel ratio.
    public static func sheets(_ sheets: [SpriteSheet], adding images: [String: StyleImage]) throws(SpriteError) -> [SpriteSheet] {
        guard !images.isEmpty else { return sheets }
        var decoded: [(name: String, image: StyleImage, pixels: RasterImage)] = []
        for (name, image) in images.sorted(by: { $0.key < $1.key }) {
            guard InputLimits.spriteIconPixelRatio.contains(image.pixelRatio) else {
                let range = InputLimits.spriteIconPixelRatio
                throw .invalid(path: "image '\(name)'", reason: "pixelRatio \(MessageNumber.format(image.pixelRatio)) is outside "
                               + "\(MessageNumber.format(range.lowerBound))...\(MessageNumber.format(range.upperBound))")
            }
            do { decoded.append((name, image, try RasterImage(png: image.png, named: "image '\(name)'"))) } catch {
                throw .invalid(path: "image '\(name)'", reason: "\(error)")
            }
        }
        if sheets.isEmpty { return [try atlas(base: nil, adding: decoded)] }
        return try sheets.map { (sheet) throws(SpriteError) in try atlas(base: sheet, adding: decoded) }
    }

    private static func atlas(base: SpriteSheet?, adding images: [(name: String, image: StyleImage, pixels: RasterImage)]) throws(SpriteError) -> SpriteSheet {
        let baseWidth = base?.image.pixelWidth ?? 0, baseHeight = base?.image.pixelHeight ?? 0
        let width = max(baseWidth, images.map(\.pixels.pixelWidth).max() ?? 0)
        let height = baseHeight + images.reduce(0) { $0 + $1.pixels.pixelHeight }
        let name = base?.jsonPath ?? "images added to the style"
        let atlas: RasterImage
        do { atlas = try RasterImage(pixelWidth: max(width, 1), pixelHeight: max(height, 1)) } catch {
            throw .invalid(path: name, reason: "\(error)")
        }
        let cr = cairo_create(atlas.surface)
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        var icons = base?.icons ?? [:]
        if let base {
            cairo_set_source_surface(cr, base.image.surface, 0, 0)
            cairo_paint(cr)
        }
        var y = baseHeight
        for (name, image, pixels) in images {
            cairo_set_source_surface(cr, pixels.surface, 0, Double(y))
            cairo_rectangle(cr, 0, Double(y), Double(pixels.pixelWidth), Double(pixels.pixelHeight))
            cairo_fill(cr)
            icons[name] = Icon(x: 0, y: y, width: pixels.pixelWidth, height: pixels.pixelHeight,
                               pixelRatio: image.pixelRatio, sdf: image.sdf)
            y += pixels.pixelHeight
        }
        atlas.finishDrawing()
        return SpriteSheet(image: atlas, icons: icons, jsonPath: name, pixelRatio: base?.pixelRatio ?? 1)
    }
}
