import CCairo
import Foundation
import MapsnapFormats
import PNGWriter

/// A bitmap in Cairo's ARGB32 format (premultiplied alpha), `pixelWidth × pixelHeight` device pixels.
public final class RasterImage {
    let surface: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int

    /// `hugePages`: the pixels get a mapping of their own that the system may back with huge
    /// pages (`PixelMemory`), for the one large image a process draws; images made one after
    /// another (metatiles) reuse freed memory instead, which costs less than fresh pages.
    public init(pixelWidth: Int, pixelHeight: Int, hugePages: Bool = false) throws(RenderError) {
        guard let surface = (hugePages ? PixelMemory.surface(width: pixelWidth, height: pixelHeight) : nil)
                ?? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .cannotAllocate(width: pixelWidth, height: pixelHeight)
        }
        self.surface = surface
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    deinit { cairo_surface_destroy(surface) }

    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Set by `finishDrawing()`: nothing draws into the image any more.
    private var finished = false

    /// Flushes Cairo's drawing for the last time: from then on the image is only read, and any
    /// number of threads may read it at once (Cairo's flush, which every read otherwise does
    /// first, is not made to be called from several threads).
    public func finishDrawing() {
        cairo_surface_flush(surface)
        finished = true
    }

    /// Calls `body` with the raw premultiplied ARGB32 bytes (after flushing Cairo's drawing).
    public func withPixels<R>(_ body: (UnsafePointer<UInt8>, _ stride: Int) throws -> R) rethrows -> R {
        if !finished { cairo_surface_flush(surface) }
        return try body(UnsafePointer(cairo_image_surface_get_data(surface)!), stride)
    }

    /// Lets `body` change the premultiplied ARGB32 bytes directly (Cairo's drawing is flushed
    /// first and told about the change after).
    func withMutablePixels<R>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws -> R) rethrows -> R {
        precondition(!finished, "an image is drawn into after finishDrawing()")
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        return try body(cairo_image_surface_get_data(surface)!, stride)
    }

    /// Writes every pixel of a new, transparent image once (clearing it again). Drawing first
    /// reads the pixels it blends onto, which maps the system's shared zero page, and then writes
    /// them, which copies it: with two threads running, every such copy also makes the other
    /// core flush its address cache, a few microseconds per page in a virtual machine. A page
    /// first written does neither.
    func touchPages() {
        withMutablePixels { data, stride in _ = memset(data, 0, stride * pixelHeight) }
    }

    /// The single premultiplied ARGB value of every pixel in the rectangle, or nil when they differ
    /// (a tile of open sea or of one park needs no encoding of its own).
    public func uniformPixel(x: Int, y: Int, width: Int, height: Int) -> UInt32? {
        withPixels { data, stride in
            // The first row pixel by pixel, then every other row against it with memcmp (SIMD):
            // a tile of open sea is scanned whole.
            let top = UnsafeRawPointer(data + y * stride + x * 4)
            let first = top.loadUnaligned(as: UInt32.self)
            for col in 1..<max(width, 1) where top.loadUnaligned(fromByteOffset: col * 4, as: UInt32.self) != first {
                return nil
            }
            for row in (y + 1)..<max(y + height, y + 1) where memcmp(data + row * stride + x * 4, top, width * 4) != 0 {
                return nil
            }
            return first
        }
    }

    /// The un-premultiplied RGBA color at a device pixel (for tests and checks).
    public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        withPixels { data, stride in
            let p = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
            let a = p >> 24
            func un(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8((c * 255 + a / 2) / a) }
            return (un((p >> 16) & 0xff), un((p >> 8) & 0xff), un(p & 0xff), UInt8(a))
        }
    }

    /// PNG bytes: RGB when opaque, RGBA otherwise. `compression` trades speed for size; `halves`
    /// (`fast` only) how its data is compressed.
    public func pngData(compression: PNGCompression = .balanced, halves: PNGHalves = .none) throws(RenderError) -> Data {
        try pngData(x: 0, y: 0, width: pixelWidth, height: pixelHeight, compression: compression, halves: halves)
    }

    /// The PNG of a rectangle of this image (device pixels), without copying it out first
    /// (a metatile is cut into tiles this way).
    public func pngData(x: Int, y: Int, width: Int, height: Int, compression: PNGCompression = .balanced,
                        halves: PNGHalves = .none) throws(RenderError) -> Data {
        precondition(x >= 0 && y >= 0 && x + width <= pixelWidth && y + height <= pixelHeight)
        return try pngWriterData("PNG", x: x, y: y, width: width, height: height) { pixels, stride, buffer, message in
            pngw_encode_argb32(pixels, Int32(width), Int32(height), stride, compression.writerCompression, halves.rawValue,
                               &buffer, message, 256)
        }
    }

    /// Runs one of `PNGWriter`'s encoders over a rectangle (checked by the caller); `format` names
    /// it in the error.
    func pngWriterData(_ format: String, x: Int, y: Int, width: Int, height: Int,
                       _ encode: (UnsafePointer<UInt8>, Int32, inout pngw_buffer, UnsafeMutablePointer<CChar>) -> Int32) throws(RenderError) -> Data {
        var buffer = pngw_buffer(data: nil, size: 0, capacity: 0)
        defer { pngw_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        let status = withPixels { data, stride in
            message.withUnsafeMutableBufferPointer { m in encode(data + y * stride + x * 4, Int32(stride), &buffer, m.baseAddress!) }
        }
        guard status == 0, let bytes = buffer.data else { throw .encodingFailed(Self.failure(format, message)) }
        return Data(bytes: bytes, count: buffer.size)
    }

    /// `FORMAT: message` from a C encoder's NUL-terminated message buffer.
    static func failure(_ format: String, _ message: [CChar]) -> String {
        format + ": " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The PNG speed/size trade-off. Rows are never filtered: flat map colours compress best that
/// way, and it is the fastest. On Monaco's tiles, against zlib level 3 (the old `balanced`):
/// `fast` (ISA-L igzip level 2) takes 0.24 of its time for 9 % more bytes, `balanced` (libdeflate
/// level 3) 0.72 of its time for 1 % fewer, `small` (libdeflate level 9) 3.5 times its time for
/// 6 % fewer.
public enum PNGCompression: String, Sendable, CaseIterable {
    case fast, balanced, small

    var writerCompression: pngw_compression {
        switch self { case .fast: PNGW_FAST; case .balanced: PNGW_BALANCED; case .small: PNGW_SMALL }
    }
}

/// How a `fast` PNG's data is compressed: as one stream (`none`: tiles, fastest for their size), or
/// as two halves joined into one stream, streamed through igzip without a copy of the image (a
/// whole image), the second half on a thread of its own with `twoThreads`. The bytes depend on the
/// halving, never on the threads.
public enum PNGHalves: Int32, Sendable {
    case none = 0, oneThread = 1, twoThreads = 2
}
