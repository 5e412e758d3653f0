import CCairo
import Foundation

/// A PDF or SVG document drawn page by page through Cairo's vector surfaces: each page is a
/// `Canvas` whose lines, fills and text stay vectors. Cairo hands the bytes to `sink` as it
/// writes them (memory for one snapshot, a temporary file for a report batch), so a document of
/// many pages is never held whole. An SVG has one page.
public final class VectorDocument {
    public let format: VectorFormat
    /// Receives the bytes; the first error it throws fails the document.
    public typealias Sink = (UnsafeRawBufferPointer) throws(RenderError) -> Void
    private let output: Output
    private var surface: OpaquePointer?
    public private(set) var pageCount = 0

    public init(format: VectorFormat, sink: @escaping Sink) {
        self.format = format
        output = Output(sink)
    }

    deinit { if let surface { cairo_surface_destroy(surface) } }

    /// Draws one page `width × height` points: `draw` gets a canvas whose drawable area is the
    /// map's, `mapHeight` points from the top (the rest of the page is left to the caller, a
    /// caption band), with `pixelRatio` as its device pixels (bitmaps and hairlines). `label`
    /// names the page in a PDF viewer's page list and outline.
    public func page<R>(width: Double, height: Double, mapHeight: Double? = nil, pixelRatio: Double, label: String? = nil,
                        draw: (Canvas) throws(RenderError) -> R) throws(RenderError) -> R {
        let surface = try surface(width: width, height: height)
        if format == .pdf {
            if pageCount > 0 { cairo_pdf_surface_set_size(surface, width, height) }
            if let label {
                cairo_pdf_surface_set_page_label(surface, label)
                _ = cairo_pdf_surface_add_outline(surface, CAIRO_PDF_OUTLINE_ROOT, label, "page=\(pageCount + 1)", cairo_pdf_outline_flags_t(0))
            }
        }
        // Device pixels: identity-matrix drawing (bitmaps on whole pixels) lands where it does in a PNG.
        cairo_surface_set_device_scale(surface, 1 / pixelRatio, 1 / pixelRatio)
        let canvas = Canvas(vectorSurface: surface, width: width, height: mapHeight ?? height, pixelRatio: pixelRatio)
        let result = try draw(canvas)
        cairo_show_page(canvas.cr)
        pageCount += 1
        try check()
        return result
    }

    /// Writes the rest of the document. Throws the sink's error, or Cairo's.
    public func finish() throws(RenderError) {
        guard let surface else { throw .vectorOutputFailed(format: format.rawValue, reason: "the document has no page") }
        cairo_surface_finish(surface)
        try check()
    }

    private func surface(width: Double, height: Double) throws(RenderError) -> OpaquePointer {
        if let surface {
            guard format == .pdf else { throw .vectorOutputFailed(format: format.rawValue, reason: "an SVG document has one page") }
            return surface
        }
        let closure = Unmanaged.passUnretained(output).toOpaque()
        let made = switch format {
            case .pdf: cairo_pdf_surface_create_for_stream(Output.write, closure, width, height)
            case .svg: cairo_svg_surface_create_for_stream(Output.write, closure, width, height)
        }
        guard let made else { throw .vectorOutputFailed(format: format.rawValue, reason: "Cairo made no surface") }
        surface = made
        switch format {
        case .pdf: cairo_pdf_surface_set_metadata(made, CAIRO_PDF_METADATA_CREATOR, "mapsnap")
        // SVG user units are CSS pixels: a 1024-point map is 1024 px wide, as its PNG at scale 1.
        case .svg: cairo_svg_surface_set_document_unit(made, CAIRO_SVG_UNIT_USER)
        }
        try check()
        return made
    }

    private func check() throws(RenderError) {
        if let failure = output.failure { throw failure }
        guard let surface else { return }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .vectorOutputFailed(format: format.rawValue, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Cairo's write callback and the sink's first error. Cairo is never told that writing
    /// failed: Cairo 1.16 crashes finishing (or destroying) a PDF surface whose stream failed, so
    /// after the first error the bytes are dropped and `check` throws the error instead.
    private final class Output {
        let sink: Sink
        var failure: RenderError?
        init(_ sink: @escaping Sink) { self.sink = sink }

        static let write: cairo_write_func_t = { closure, data, length in
            let output = Unmanaged<Output>.fromOpaque(closure!).takeUnretainedValue()
            guard output.failure == nil else { return CAIRO_STATUS_SUCCESS }
            do throws(RenderError) {
                try output.sink(UnsafeRawBufferPointer(start: data, count: Int(length)))
            } catch {
                output.failure = error
            }
            return CAIRO_STATUS_SUCCESS
        }
    }
}

extension VectorDocument {
    /// A document whose bytes are collected in memory (`data` once finished).
    public static func inMemory(_ format: VectorFormat) -> (VectorDocument, () -> Data) {
        let buffer = DataBuffer()
        let document = VectorDocument(format: format) { bytes in buffer.data.append(contentsOf: bytes) }
        return (document, { buffer.data })
    }

    private final class DataBuffer { var data = Data() }
}
