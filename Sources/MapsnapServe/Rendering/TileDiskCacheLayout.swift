import Foundation
import MapsnapFormats
import MapsnapKit

/// Where `--cache PATH` keeps each style's tiles: in a folder (`FOLDER/{style}.mbtiles`,
/// `FOLDER/{style}@2x.mbtiles`), or, for one style, beside one file (`NAME.mbtiles` and
/// `NAME@2x.mbtiles`). Decided once from what PATH is, so that no file name is ever made by
/// cutting characters off a path that does not end in `.mbtiles` (`--cache /dev/null` once
/// became `/.mbtiles` and `/@2x.mbtiles`).
enum TileDiskCacheLayout: Equatable {
    /// A folder, existing or to be created.
    case folder(String)
    /// One style's files: `base + ".mbtiles"` and `base + "@2x.mbtiles"`.
    case file(base: String)

    static let fileExtension = ".mbtiles"

    /// What `path` is: an existing folder; an existing regular file or a new path ending in
    /// `.mbtiles` (any case); another new path, a folder to create. A device, a FIFO, a socket, or
    /// an existing file without that ending (which would be overwritten as a database) is refused,
    /// naming `cache` and the path; so is one file for several styles.
    static func resolve(_ path: String, styles: Int) throws(RequestError) -> TileDiskCacheLayout {
        guard !path.isEmpty else { throw RequestError("cache", "needs a folder or an .mbtiles file") }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let namedAsArchive = name.lowercased().hasSuffix(fileExtension) && name.count > fileExtension.count
        var problem: InputFile.Problem?
        do { try InputFile.check(path) } catch { problem = error }
        let layout: TileDiskCacheLayout
        switch problem {
        case nil:
            guard namedAsArchive else {
                throw RequestError("cache", "\(path) is a file that is not an .mbtiles archive; give a folder or a file ending in .mbtiles")
            }
            layout = .file(base: String(path.dropLast(fileExtension.count)))
        case .notRegular(_, "a folder")?:
            layout = .folder(path)
        case .notRegular(_, let kind)?:
            throw RequestError("cache", "\(path) is \(kind), not a folder or an .mbtiles file")
        case .missing?:
            layout = namedAsArchive ? .file(base: String(path.dropLast(fileExtension.count))) : .folder(path)
        case let other?:
            throw RequestError("cache", other.description)
        }
        if case .file = layout, styles > 1 {
            throw RequestError("cache", "\(path) is one file, but \(styles) styles are served: give a folder (one file per style and scale)")
        }
        return layout
    }

    /// Refuses a file of the layout that exists and is not a regular file (a FIFO would block
    /// SQLite's open forever); called for every file before any is created.
    static func checkFile(_ file: String) throws(RequestError) {
        do { try InputFile.check(file) } catch {
            if case .missing = error { return }
            if case .notRegular(_, let kind) = error { throw RequestError("cache", "\(file) is \(kind), not an .mbtiles file") }
            throw RequestError("cache", error.description)
        }
    }

    /// The file of `style`'s tiles at `scale` (1 or 2).
    func file(style: String, scale: Int) -> String {
        let suffix = scale == 2 ? "@2x" : ""
        switch self {
        case .folder(let folder): return URL(fileURLWithPath: folder).appendingPathComponent("\(style)\(suffix)\(Self.fileExtension)").path
        case .file(let base): return base + suffix + Self.fileExtension
        }
    }
}
