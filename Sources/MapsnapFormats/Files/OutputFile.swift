import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a file can be written at a path, the one check every writer makes before it works:
/// its folder exists and is writable, and the path is not a folder, a FIFO, a device or a
/// socket (writing through a temporary file and a rename would silently replace a FIFO or a
/// device node with a regular file). The counterpart of `InputFile`.
public enum OutputFile {
    /// Why a file cannot be written at `path`.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let path: String
        /// What is wrong, without the path: `folder /x does not exist`, `is a folder`.
        public let reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// `/x/map.png: folder /x does not exist`, `/x/map.png is a folder`.
        public var description: String { reason.hasPrefix("is ") ? "\(path) \(reason)" : "\(path): \(reason)" }
    }

    /// What is wrong with writing `path`; nil when it can be written (a regular file there is
    /// replaced).
    public static func problem(_ path: String) -> Problem? {
        if let problem = folderProblem(path) { return problem }
        func problem(_ reason: String) -> Problem { Problem(path: path, reason: reason) }
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }   // nothing there yet
        // A symbolic link is judged by what it points to (a rename would replace the link).
        if info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0 { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return problem("is a folder")
        case S_IFIFO: return problem("is a FIFO (named pipe), not a regular file; it is left as it is")
        case S_IFCHR, S_IFBLK: return problem("is a device, not a regular file; it is left as it is")
        case S_IFSOCK: return problem("is a socket, not a regular file; it is left as it is")
        default: return problem("is not a regular file; it is left as it is")
        }
    }

    /// What is wrong with the folder `path` would be written in (it does not exist, or cannot be
    /// written); nil when files can be made there.
    public static func folderProblem(_ path: String) -> Problem? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return Problem(path: path, reason: "folder \(folder) does not exist")
        }
        guard access(folder, W_OK) == 0 else { return Problem(path: path, reason: "folder \(folder) is not writable") }
        return nil
    }
}
