import Foundation

/// The vector documents Cairo writes: PDF (pages, selectable text, for print) and SVG (one
/// picture; Cairo writes SVG text as glyph outlines).
public enum VectorFormat: String, Hashable, Sendable, CaseIterable {
    case pdf, svg

    /// The format a file name asks for by its extension.
    public init?(fileName: String) {
        switch URL(fileURLWithPath: fileName).pathExtension.lowercased() {
        case "pdf": self = .pdf
        case "svg": self = .svg
        default: return nil
        }
    }

    public var fileExtension: String { rawValue }
    public var contentType: String { self == .pdf ? "application/pdf" : "image/svg+xml" }
}
