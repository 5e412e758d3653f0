import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapTiles
import RasterDecoder

/// One decoded raster tile: a Cairo image surface, freed with it.
public final class RasterTileImage {
    let surface: OpaquePointer
    public let width: Int, height: Int

    init(surface: OpaquePointer, width: Int, height: Int) {
        (self.surface, self.width, self.height) = (surface, width, height)
    }

    deinit { cairo_surface_destroy(surface) }

    /// Decodes PNG, JPEG or WebP bytes; throws a message on anything else or corrupt data.
    public static func decode(_ data: Data) throws(RenderError) -> RasterTileImage {
        var image = rd_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            rd_decode(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, Self.maxSide, &image, &message, message.count)
        }
        guard status != RD_NO_MEMORY else { throw .cannotAllocate(width: Int(image.width), height: Int(image.height)) }
        guard status == 0 else { throw .invalidImage(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        defer { rd_image_free(&image) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface) else {
            throw .cannotAllocate(width: Int(image.width), height: Int(image.height))
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<Int(image.height) {
            memcpy(target + y * stride, image.pixels + y * Int(image.stride), Int(image.width) * 4)
        }
        cairo_surface_mark_dirty(surface)
        return RasterTileImage(surface: surface, width: Int(image.width), height: Int(image.height))
    }

    /// The pixel data and its row length, for readers of the pixels.
    public var pixels: (data: UnsafeMutablePointer<UInt8>, stride: Int) {
        (cairo_image_surface_get_data(surface)!, Int(cairo_image_surface_get_stride(surface)))
    }

    /// Raster tiles are 256 or 512 pixels a side (1,024 at @2x); anything far larger is refused.
    public static let maxSide: Int32 = 4096
}

/// A raster source's tiles for one renderer, decoded on first use and kept (a missing or corrupt
/// tile is remembered too). A tile the archive cannot read, or that memory ran out decoding, is not
/// kept: it is drawn as missing and the failure kept for `MapRenderer`, which fails the render with
/// it after drawing (painters ask for tiles as they draw, and have no way to stop a render).
/// Only an image that is not one (corrupt bytes) is skipped with a warning, as MapLibre skips it.
final class RasterTiles {
    let source: ArchiveRasterSource
    let tileSize: Int
    /// Decoded tiles, at most 256 and `memoryLimit` bytes of pixels.
    private var cache = TileCache<TileID, RasterTileImage?>(capacity: 256, costLimit: RasterTiles.memoryLimit) { image in
        image.map { $0.width * $0.height * 4 } ?? 0
    }
    /// A renderer's decoded raster tiles: 256 tiles of 512 px, or 16 of 2048 px.
    static let memoryLimit = 256 << 20
    private var failure: RenderError?

    /// The first failure since the last call, if any (and forgets it): a tile the archive could
    /// not read, or memory that ran out.
    func takeFailure() -> RenderError? {
        defer { failure = nil }
        return failure
    }

    init(source: ArchiveRasterSource, tileSize: Int) {
        self.source = source
        self.tileSize = tileSize
    }

    func image(_ id: TileID, warnings: WarningLog) -> RasterTileImage? {
        do throws(RenderError) {
            return try cache.value(for: id) { () throws(RenderError) -> RasterTileImage? in
                let found: (data: Data, path: String)?
                do throws(TileArchiveError) { found = try source.imageData(id) } catch {
                    if error.isReadFailure { throw .tileReadFailed(error) }
                    warnings.warn("\(error); the raster tile is skipped")
                    return nil
                }
                guard let (data, path) = found else { return nil }
                do throws(RenderError) { return try RasterTileImage.decode(data) } catch {
                    if case .cannotAllocate = error { throw error }
                    warnings.warn("\(path): raster tile \(id) is not a readable image (\(error)); skipped")
                    return nil
                }
            }
        } catch {
            if failure == nil { failure = error }
            return nil
        }
    }
}
