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

    /// An output file's format: its extension must name one, and agree with `--format` when given.
    static func format(ofOutput path: String, option: String, chosen: ImageEncoding.Format?) throws(UsageError) -> ImageEncoding.Format {
        guard let named = ImageEncoding.Format(fileName: path) else {
            throw UsageError(option: option, message: "'\(path)' must end in .png, .webp, .jpg or .jpeg")
        }
        if let chosen, chosen != named {
            throw UsageError(option: "--format", message: "is \(chosen.rawValue) but the output '\(path)' ends in .\(URLPathExtension.of(path))")
        }
        return named
    }
}

enum URLPathExtension {
    static func of(_ path: String) -> String { path.split(separator: ".").last.map(String.init) ?? "" }
}
