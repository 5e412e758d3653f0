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

    /// The file's bytes. A large file is read into huge pages (`HugePageMemory`): an 8 MiB
    /// track took 2,000 page faults in small ones. Never mapped from the file itself, which
    /// would crash the process (SIGBUS) were the file cut short while it is read.
    public static func read(_ path: String, limit: Int = InputLimits.maxFileBytes) throws(Problem) -> Data {
        let size = try check(path)
        guard size <= limit else { throw .tooLarge(path, bytes: size) }
        if let data = try readIntoHugePages(path, size: size) { return data }
        do { return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) } catch {
            let reason = (error as NSError).localizedFailureReason ?? (access(path, R_OK) != 0 ? "permission denied" : "\(error)")
            throw .unreadable(path, reason: reason)
        }
    }

    /// The file read whole into huge pages; nil when it is small, the memory cannot be had, or
    /// the file has grown since `size` was taken (the caller then reads it as usual).
    private static func readIntoHugePages(_ path: String, size: Int) throws(Problem) -> Data? {
        // One byte more than expected shows that the file grew.
        guard size < Int.max, let memory = HugePageMemory(count: size + 1) else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        // Pages the system dropped from its cache are asked for all at once, not a read-ahead
        // window at a time (a hint; errors do not matter).
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED)
        var filled = 0
        while filled < memory.count {
            let n = Glibc.read(fd, memory.base + filled, memory.count - filled)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path, reason: String(cString: strerror(errno)))
            }
            filled += n
        }
        guard filled <= size else { return nil }
        return Data(bytesNoCopy: memory.base, count: filled, deallocator: .custom { _, _ in withExtendedLifetime(memory) {} })
    }
}
