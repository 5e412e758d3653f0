import MapsnapFormats
import MapsnapTiles

/// Rendering and output failures. Messages name the file or the size at fault.
public enum RenderError: Error, Equatable, CustomStringConvertible, Sendable {
    case cannotAllocate(width: Int, height: Int)
    case encodingFailed(String)
    case cannotWrite(path: String, reason: String)
    /// `reason` says what is wrong without the path: `no such file`, `is not a PNG image`.
    case cannotRead(path: String, reason: String)
    /// Bytes that should be an image and are not (a raster tile).
    case invalidImage(String)
    /// A JPEG was asked for an image with transparent pixels (JPEG has no alpha channel).
    case jpegNeedsOpaqueImage
    /// Cairo could not make or write a PDF or SVG document.
    case vectorOutputFailed(format: String, reason: String)
    /// The drawing context failed while `what` was drawn (`layer 'water'`, `overlay markers`);
    /// `reason` is Cairo's status text. Nothing drawn after it would have reached the image.
    case drawingFailed(what: String, reason: String)
    /// A tile archive could not give a tile's bytes (an I/O or SQLite error, a read cut short, a
    /// corrupt archive: `TileArchiveError.isReadFailure`). Unlike a tile that does not decode,
    /// which is skipped with a warning, this fails the render: the image would lack data that
    /// exists, and look right.
    case tileReadFailed(TileArchiveError)

    public var description: String {
        switch self {
        case .cannotAllocate(let w, let h): return "cannot allocate a \(w)x\(h) pixel image"
        case .encodingFailed(let m): return "image encoding failed: \(m)"
        case .cannotWrite(let path, let reason): return "\(path): cannot write: \(reason)"
        case .cannotRead(let path, let reason): return "\(path): \(reason)"
        case .invalidImage(let m): return m
        case .jpegNeedsOpaqueImage:
            return "JPEG cannot hold transparency and this map has transparent pixels (the style's background is not opaque); write png or webp instead"
        case .vectorOutputFailed(let format, let reason): return "\(format.uppercased()) output failed: \(reason)"
        case .drawingFailed(let what, let reason): return "drawing failed at \(what): \(reason) (Cairo); the image is not written"
        case .tileReadFailed(let error): return "\(error); the image is not drawn without that tile's data"
        }
    }
}

extension RenderError {
    /// A file that could not be written (`AtomicFile`), as an output error: the same words.
    public init(_ error: FileWriteError) { self = .cannotWrite(path: error.path, reason: error.reason) }
}
