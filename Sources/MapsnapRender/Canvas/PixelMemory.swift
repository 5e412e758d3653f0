import CCairo
import Foundation
import MapsnapFormats

/// Memory for the pixels of a large image, in huge pages (`HugePageMemory`). A 1024×768 map at scale 2 is
/// 12 MiB: 3,072 page faults in small pages, six in huge ones, and drawing a map touches every
/// page of its image once. Only for the one image of a snapshot (`RasterImage(hugePages:)`):
/// fresh pages are cleared by the system, which costs more than reusing freed memory when
/// images follow each other (a pyramid's metatiles took twice as long). The mapping is freed with the last reference to the Cairo surface
/// made on it (a PDF page may keep one past the image), never before.
enum PixelMemory {
    nonisolated(unsafe) private static var key = cairo_user_data_key_t()

    /// An ARGB32 surface of `width × height` on its own mapping (zeroed, so transparent), or nil
    /// when the image is small or the system refuses the mapping (the caller then asks Cairo).
    static func surface(width: Int, height: Int) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let (bytes, overflow) = stride.multipliedReportingOverflow(by: height)
        guard stride > 0, !overflow, let memory = HugePageMemory(count: bytes) else { return nil }
        guard let surface = cairo_image_surface_create_for_data(memory.base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let owner = Unmanaged.passRetained(memory).toOpaque()
        let status = withUnsafePointer(to: &key) { key in
            cairo_surface_set_user_data(surface, key, owner) { Unmanaged<HugePageMemory>.fromOpaque($0!).release() }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            Unmanaged<HugePageMemory>.fromOpaque(owner).release()
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }
}
