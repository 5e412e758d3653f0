import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapStyle

/// `raster`: each tile's image stretched over its tile (turned with the bearing; pitched, on the
/// map plane, row by row as `WorldPattern` paints), at the zoom MapLibre picks for raster sources
/// (rounded, one deeper for 256-px tiles), aligned to whole pixels as MapLibre aligns them, with `raster-opacity`, `raster-resampling` and the
/// colour adjustments of MapLibre's raster shader. `raster-fade-duration` has nothing to fade in a
/// still image.
enum RasterPainter {
    static func paint(_ style: RasterLayer.Evaluated, tiles: RasterTiles, layerID: String, in frame: RenderFrame) {
        let zoom = frame.zoom, canvas = frame.canvas
        let opacity = style.opacity
        guard opacity > 0 else { return }
        guard let z = TileCover.rasterZoom(forZoom: zoom, tileSize: tiles.tileSize, minZoom: tiles.source.minZoom,
                                           maxZoom: tiles.source.maxZoom) else {
            // Not a silent blank: MapLibre draws nothing there either, and the user is told why.
            frame.warnings.warn("layer '\(layerID)': its raster tiles start at zoom \(tiles.source.minZoom), "
                                + "deeper than this view (zoom \(MessageNumber.format(zoom))); not drawn, as in MapLibre")
            return
        }
        let adjustment = RasterAdjustment(style)
        let filter = style.resampling == .nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR
        let transform = frame.camera.pixelAlignedWorldToScreen
        for wanted in TileCover.tiles(for: frame.camera, atZoom: z) {
            guard let (covered, image) = Self.tileOrAncestor(wanted, tiles: tiles, warnings: frame.warnings) else { continue }
            let projection = TileProjection(tile: covered, extent: image.width, transform: transform, perspective: frame.perspective)
            // An ancestor is clipped to the wanted tile (its neighbours draw their own parts).
            let area = TileProjection(tile: wanted, extent: image.width, transform: transform, perspective: frame.perspective)
            guard area.tileCorners.count >= 3 else { continue }
            let surface = adjustment.map { $0.applied(to: image) } ?? cairo_surface_reference(image.surface)!
            defer { cairo_surface_destroy(surface) }
            canvas.withSavedState {
                frame.clip(to: area)
                guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
                defer { cairo_pattern_destroy(pattern) }
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_pattern_set_filter(pattern, filter)
                // Texel (x, y) lies at tile units (x, y · width / height); the pattern maps back.
                let k = Double(image.width) / Double(max(image.height, 1))
                var m = cairo_matrix_t(xx: projection.a, yx: projection.d, xy: projection.b * k, yy: projection.e * k,
                                       x0: projection.c, y0: projection.f)
                guard cairo_matrix_invert(&m) == CAIRO_STATUS_SUCCESS else { return }
                WorldPattern.paint(pattern, planeToPattern: m, opacity: opacity, in: frame)
            }
        }
    }
}

extension RasterPainter {
    /// MapLibre keeps showing a parent tile where a child is missing: the tile, else its nearest
    /// ancestor (up to 4 levels up) that the source has, with where that ancestor lies.
    static func tileOrAncestor(_ tile: CoveredTile, tiles: RasterTiles, warnings: WarningLog) -> (CoveredTile, RasterTileImage)? {
        var covered = tile
        for _ in 0...4 {
            if let image = tiles.image(covered.id, warnings: warnings) { return (covered, image) }
            guard covered.id.z > tiles.source.minZoom else { return nil }
            let side = covered.worldSize * 2
            covered = CoveredTile(id: TileID(z: covered.id.z - 1, x: covered.id.x / 2, y: covered.id.y / 2),
                                  worldOrigin: Point(x: (covered.worldOrigin.x / side).rounded(.down) * side,
                                                     y: (covered.worldOrigin.y / side).rounded(.down) * side),
                                  worldSize: side)
        }
        return nil
    }
}

/// MapLibre's raster shader colour adjustments, applied to a tile's pixels: hue rotation, then
/// saturation (towards the pixel's original grey), contrast about mid-grey, and the brightness
/// range that black and white are mapped onto. nil when every property has its default.
struct RasterAdjustment {
    let spin: (Double, Double, Double)
    let saturation: Double, contrast: Double
    let low: Double, high: Double

    init?(_ style: RasterLayer.Evaluated) {
        let hue = style.hueRotate
        let s = style.saturation, c = style.contrast
        low = style.brightnessMin
        high = style.brightnessMax
        guard hue.truncatingRemainder(dividingBy: 360) != 0 || s != 0 || c != 0 || low != 0 || high != 1 else { return nil }
        let angle = hue * .pi / 180, sn = sin(angle), cs = cos(angle), r3 = 3.0.squareRoot()
        spin = ((2 * cs + 1) / 3, (-r3 * sn - cs + 1) / 3, (r3 * sn - cs + 1) / 3)
        let clampedS = min(max(s, -1), 1), clampedC = min(max(c, -1), 1)
        saturation = clampedS > 0 ? 1 - 1 / (1.001 - clampedS) : -clampedS
        contrast = clampedC > 0 ? 1 / (1 - clampedC) : 1 + clampedC
    }

    /// A new surface (the caller destroys it) with every pixel adjusted.
    func applied(to image: RasterTileImage) -> OpaquePointer {
        let source = image.surface
        let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))!
        guard let from = cairo_image_surface_get_data(source), let to = cairo_image_surface_get_data(out) else { return out }
        let inStride = Int(cairo_image_surface_get_stride(source)), outStride = Int(cairo_image_surface_get_stride(out))
        for y in 0..<image.height {
            let row = UnsafeRawPointer(from + y * inStride), target = UnsafeMutableRawPointer(to + y * outStride)
            for x in 0..<image.width {
                let p = row.load(fromByteOffset: x * 4, as: UInt32.self)
                let a = Double(p >> 24) / 255
                guard a > 0 else { target.storeBytes(of: 0, toByteOffset: x * 4, as: UInt32.self); continue }
                let r = Double((p >> 16) & 0xff) / 255 / a, g = Double((p >> 8) & 0xff) / 255 / a, b = Double(p & 0xff) / 255 / a
                var rr = r * spin.0 + g * spin.1 + b * spin.2
                var gg = r * spin.2 + g * spin.0 + b * spin.1
                var bb = r * spin.1 + g * spin.2 + b * spin.0
                let average = (r + g + b) / 3
                rr += (average - rr) * saturation; gg += (average - gg) * saturation; bb += (average - bb) * saturation
                rr = (rr - 0.5) * contrast + 0.5; gg = (gg - 0.5) * contrast + 0.5; bb = (bb - 0.5) * contrast + 0.5
                func out(_ v: Double) -> UInt32 {
                    let mixed = low + (high - low) * v
                    return UInt32(min(max(mixed * a, 0), 1) * 255 + 0.5)
                }
                target.storeBytes(of: UInt32(p >> 24) << 24 | out(rr) << 16 | out(gg) << 8 | out(bb), toByteOffset: x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(out)
        return out
    }
}
