import CCairo
import Foundation

/// Memory for the pixels of a large image, mapped by the image itself in 2 MiB-aligned pieces
/// that the system may back with huge pages (`MADV_HUGEPAGE`). A 1024×768 map at scale 2 is
/// 12 MiB: 3,072 page faults in small pages, six in huge ones, and drawing a map touches every
/// page of its image once. Only for the one image of a snapshot (`RasterImage(hugePages:)`):
/// fresh pages are cleared by the system, which costs more than reusing freed memory when
/// images follow each other (a pyramid's metatiles took twice as long). The mapping is freed with the last reference to the Cairo surface
/// made on it (a PDF page may keep one past the image), never before.
enum PixelMemory {
    /// Below this, Cairo's own allocation is as good.
    static let threshold = 2 << 20
    private static let hugePage = 2 << 20

    private final class Mapping {
        let base: UnsafeMutableRawPointer
        let length: Int
        init(base: UnsafeMutableRawPointer, length: Int) { (self.base, self.length) = (base, length) }
        deinit { munmap(base, length) }
    }

    nonisolated(unsafe) private static var key = cairo_user_data_key_t()

    /// An ARGB32 surface of `width × height` on its own mapping (zeroed, so transparent), or nil
    /// when the image is small or the system refuses the mapping (the caller then asks Cairo).
    static func surface(width: Int, height: Int) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let (bytes, overflow) = stride.multipliedReportingOverflow(by: height)
        guard stride > 0, !overflow, bytes >= threshold, bytes <= Int.max - 2 * hugePage else { return nil }
        let length = bytes + hugePage
        guard let base = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED else {
            return nil
        }
        let mapping = Mapping(base: base, length: length)
        let aligned = UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1))!
        _ = madvise(aligned, bytes, MADV_HUGEPAGE)
        guard let surface = cairo_image_surface_create_for_data(aligned.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let owner = Unmanaged.passRetained(mapping).toOpaque()
        let status = withUnsafePointer(to: &key) { key in
            cairo_surface_set_user_data(surface, key, owner) { Unmanaged<Mapping>.fromOpaque($0!).release() }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            Unmanaged<Mapping>.fromOpaque(owner).release()
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }
}
