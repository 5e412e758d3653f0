import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading an input file whole, the one way every reader does it: a FIFO, a device or a folder is
/// refused before it is opened (opening a FIFO blocks forever), a file over
/// `InputLimits.maxFileBytes` is refused, and each problem is worded for the user.
public enum InputFile {
    /// Why an input file cannot be read. `description` starts with the path.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case missing(String)
        case notRegular(String, kind: String)
        case tooLarge(String, bytes: Int)
        case unreadable(String, reason: String)

        public var path: String {
            switch self {
            case .missing(let p), .notRegular(let p, _), .tooLarge(let p, _), .unreadable(let p, _): return p
            }
        }

        /// What is wrong, without the path: `is a FIFO (named pipe), not a regular file`.
        public var reason: String {
            switch self {
            case .missing: return "no such file"
            case .notRegular(_, let kind): return "is \(kind), not a regular file"
            case .tooLarge(_, let bytes): return "\(bytes) bytes is over the \(InputLimits.maxFileBytes >> 20) MiB an input file may have"
            case .unreadable(_, let reason): return "cannot be read: \(reason)"
            }
        }

        public var description: String { "\(path): \(reason)" }
    }

    /// Checks that `path` names a regular file (following symbolic links) and returns its size.
    @discardableResult
    public static func check(_ path: String) throws(Problem) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let e = errno
            if e == ENOENT || e == ENOTDIR { throw .missing(path) }
            throw .unreadable(path, reason: String(cString: strerror(e)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return Int(info.st_size)
        case S_IFDIR: throw .notRegular(path, kind: "a folder")
        case S_IFIFO: throw .notRegular(path, kind: "a FIFO (named pipe)")
        case S_IFCHR, S_IFBLK: throw .notRegular(path, kind: "a device")
        case S_IFSOCK: throw .notRegular(path, kind: "a socket")
        default: throw .notRegular(path, kind: "not a file")
        }
    }

    /// The file's bytes (memory-mapped when that is safe).
    public static func read(_ path: String, limit: Int = InputLimits.maxFileBytes) throws(Problem) -> Data {
        let size = try check(path)
        guard size <= limit else { throw .tooLarge(path, bytes: size) }
        do { return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) } catch {
            let reason = (error as NSError).localizedFailureReason ?? (access(path, R_OK) != 0 ? "permission denied" : "\(error)")
            throw .unreadable(path, reason: reason)
        }
    }
}
