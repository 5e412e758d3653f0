import Foundation
import MapsnapKit

/// How images are written, the same three options for snapshots, batches, pyramids and the
/// server: `--format`, `--quality` and `--png` fill in the request's `ImageEncoding`.
public enum EncodingOptions {
    /// `pngDefault` names the command's default PNG compression for the help text.
    public static func options<C: RequestContext>(pngDefault: String, formatHelp: String) -> [Option<C>] {
        [
            .field("format", ["--format"], help: formatHelp),
            .field("quality", ["--quality"], help: "lossy quality for webp and jpeg (webp without it is lossless; jpeg default \(ImageEncoding.defaultJPEGQuality))"),
            .field("png", ["--png"], help: "PNG compression, speed against size (default \(pngDefault)); palette: 8-bit colour\n(at most 256 colours, as renderd and Mapnik serve), e.g. palette or palette,small"),
        ]
    }

    /// A snapshot's output must end in an image format's extension or a vector document's.
    static func checkOutputName(_ path: String, option: String) throws(UsageError) {
        guard ImageEncoding.Format(fileName: path) != nil || VectorFormat(fileName: path) != nil else {
            throw UsageError(option: option, message: "'\(path)' must end in .png, .webp, .jpg, .jpeg, .pdf or .svg")
        }
    }

    /// Sets the request's format from its output file's extension: an image format
    /// (`encoding.format`) or a vector document (`vectorFormat`), which must agree with `--format`
    /// when it was given.
    static func applyOutput(_ path: String, option: String, to request: inout MapRequest) throws(UsageError) {
        try checkOutputName(path, option: option)
        let chosen = request.vectorFormat?.rawValue ?? request.encoding.format?.rawValue
        let named = VectorFormat(fileName: path)?.rawValue ?? ImageEncoding.Format(fileName: path)!.rawValue
        if let chosen, chosen != named {
            throw UsageError(option: "--format", message: "is \(chosen) but the output '\(path)' ends in .\(URL(fileURLWithPath: path).pathExtension)")
        }
        request.vectorFormat = VectorFormat(fileName: path)
        request.encoding.format = ImageEncoding.Format(fileName: path)
    }
}
