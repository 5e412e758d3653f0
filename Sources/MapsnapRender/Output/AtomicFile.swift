import Foundation
import MapsnapFormats
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that readers only ever see the old file or the complete new one:
/// the bytes go to a temporary file in the same folder, then are renamed over the target.
/// `durable` also flushes the file to disk before the rename (survives a power cut, costs a few ms).
public enum AtomicFile {
    /// Temporary files are `.<name>.tmp-<pid>`.
    static let temporaryMarker = ".tmp-"

    /// Whether a file name is one of these temporary files (left by a process killed mid-write).
    public static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.contains(temporaryMarker) }

    /// Creates the folders `path` lies in that do not exist yet (the Swift API's `write(to:)`:
    /// `output/map.png` from a fresh package). The command line refuses a missing folder instead.
    public static func makeFolders(for path: String) throws(RenderError) {
        try makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path, for: path)
    }

    /// Creates `folder` and the folders above it, as `path` needs; a failure names both, in the
    /// system's words (`No space left on device`), never as a Foundation error dump.
    public static func makeFolder(_ folder: String, for path: String) throws(RenderError) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(path: path, reason: "cannot create folder \(folder): \(systemReason(error))")
        }
    }

    /// What went wrong in a Foundation file operation, in the system's words: the POSIX error
    /// under it when there is one (`No space left on device`), else its description.
    public static func systemReason(_ error: any Error) -> String {
        let ns = error as NSError
        if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return ns.localizedFailureReason ?? ns.localizedDescription
    }

    public static func write(_ data: Data, to path: String, durable: Bool = false) throws(RenderError) {
        let writer = try Writer(path: path)
        var failure: RenderError?
        data.withUnsafeBytes { raw in
            do throws(RenderError) { try writer.write(raw) } catch { failure = error }
        }
        if let failure {
            writer.abandon()
            throw failure
        }
        try writer.commit(durable: durable)
    }

    /// A file written in pieces (a PDF as Cairo writes it) that appears whole or not at all: the
    /// pieces go to the temporary file, `commit` renames it over the target, and `abandon` (or
    /// dropping the writer uncommitted) removes it.
    public final class Writer {
        public let path: String
        private let temporary: String
        private var fd: Int32

        public init(path: String) throws(RenderError) {
            let url = URL(fileURLWithPath: path)
            let folder = url.deletingLastPathComponent().path
            // A FIFO or a device there would be replaced by the rename: refused instead.
            if let problem = OutputFile.problem(path) { throw .cannotWrite(path: path, reason: problem.reason) }
            self.path = path
            temporary = folder + "/." + url.lastPathComponent + AtomicFile.temporaryMarker + "\(getpid())"
            fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        }

        deinit { abandon() }

        public func write(_ bytes: UnsafeRawBufferPointer) throws(RenderError) {
            guard fd >= 0 else { throw .cannotWrite(path: path, reason: "the file was already closed") }
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
                }
                offset += n
            }
        }

        /// Closes the file and renames it over `path` (after flushing it to disk when `durable`).
        public func commit(durable: Bool = false) throws(RenderError) {
            guard fd >= 0 else { throw .cannotWrite(path: path, reason: "the file was already closed") }
            var failure: String?
            if durable, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
            close(fd)
            fd = -1
            if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
            if let failure {
                unlink(temporary)
                throw .cannotWrite(path: path, reason: failure)
            }
        }

        /// Closes and removes the temporary file; the target is left as it was.
        public func abandon() {
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
            unlink(temporary)
        }
    }
}
