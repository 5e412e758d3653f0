import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a file (or folder) could not be written: the path and the system's reason, and the step
/// that failed, for writers that word their own message (`PMTilesWriter`). Described as
/// `PATH: cannot write: REASON`.
public struct FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done when it failed.
    public enum Step: Equatable, Sendable {
        /// Checking what is at the target (a folder, a FIFO or a device is refused, not replaced).
        case check
        /// Creating the target's folder or the temporary file.
        case create
        case write
        /// Flushing to disk (`durable`) or closing.
        case flush
        /// Renaming the temporary file or folder over the target.
        case rename(temporary: String)
    }

    public let path: String
    public let reason: String
    public let step: Step

    public init(path: String, reason: String, step: Step = .create) {
        self.path = path
        self.reason = reason
        self.step = step
    }

    public var description: String { "\(path): cannot write: \(reason)" }
}

/// Writes a file so that readers only ever see the old file or the complete new one:
/// the bytes go to a temporary file in the same folder, then are renamed over the target.
/// `durable` also flushes the file to disk before the rename (survives a power cut, costs a few ms).
/// The one writer of whole files: snapshots, tiles, reports, glyphs, PMTiles archives
/// (`PMTilesWriter`), and the rename that puts a copied archive in place (`moveIntoPlace`).
public enum AtomicFile {
    /// Temporary files are `.<name>.tmp-<pid>`.
    static let temporaryMarker = ".tmp-"

    /// Whether a file name is one of these temporary files (left by a process killed mid-write).
    public static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.contains(temporaryMarker) }

    /// Creates the folders `path` lies in that do not exist yet (the Swift API's `write(to:)`:
    /// `output/map.png` from a fresh package). The command line refuses a missing folder instead.
    public static func makeFolders(for path: String) throws(FileWriteError) {
        try makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path, for: path)
    }

    /// Creates `folder` and the folders above it, as `path` needs; a failure names both, in the
    /// system's words (`No space left on device`), never as a Foundation error dump.
    public static func makeFolder(_ folder: String, for path: String) throws(FileWriteError) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw FileWriteError(path: path, reason: "cannot create folder \(folder): \(systemReason(error))")
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

    public static func write(_ data: Data, to path: String, durable: Bool = false) throws(FileWriteError) {
        let writer = try Writer(path: path)
        do { try writer.write(contentsOf: data) } catch {
            writer.abandon()
            throw error
        }
        try writer.commit(durable: durable)
    }

    /// Renames `temporary` (a file or a folder built beside `path`) over `path`; when that fails,
    /// removes `temporary` (a folder with what it holds) and throws the system's reason.
    public static func moveIntoPlace(_ temporary: String, _ path: String) throws(FileWriteError) {
        guard rename(temporary, path) != 0 else { return }
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(atPath: temporary)
        throw FileWriteError(path: path, reason: reason, step: .rename(temporary: temporary))
    }

    /// A file written in pieces (a PDF as Cairo writes it, a PMTiles archive) that appears whole
    /// or not at all: the pieces go to the temporary file, `commit` renames it over the target,
    /// and `abandon` (or dropping the writer uncommitted) removes it.
    public final class Writer {
        public let path: String
        /// `.<name>.tmp-<pid>` beside `path`.
        public let temporary: String
        private var fd: Int32

        public init(path: String) throws(FileWriteError) {
            let url = URL(fileURLWithPath: path)
            let folder = url.deletingLastPathComponent().path
            // A FIFO or a device there would be replaced by the rename: refused instead.
            if let problem = OutputFile.problem(path) { throw FileWriteError(path: path, reason: problem.reason, step: .check) }
            self.path = path
            temporary = folder + "/." + url.lastPathComponent + AtomicFile.temporaryMarker + "\(getpid())"
            fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
        }

        deinit { abandon() }

        public func write(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
            guard fd >= 0 else { throw FileWriteError(path: path, reason: "the file was already closed", step: .write) }
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileWriteError(path: path, reason: String(cString: strerror(errno)), step: .write)
                }
                offset += n
            }
        }

        /// Appends `bytes` (`Data`, `[UInt8]`).
        public func write(contentsOf bytes: some ContiguousBytes) throws(FileWriteError) {
            var failure: FileWriteError?
            bytes.withUnsafeBytes { raw in
                do throws(FileWriteError) { try write(raw) } catch { failure = error }
            }
            if let failure { throw failure }
        }

        /// Closes the file and renames it over `path` (after flushing it to disk when `durable`).
        public func commit(durable: Bool = false) throws(FileWriteError) {
            guard fd >= 0 else { throw FileWriteError(path: path, reason: "the file was already closed", step: .flush) }
            var failure: String?
            if durable, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
            if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
            fd = -1
            if let failure {
                unlink(temporary)
                throw FileWriteError(path: path, reason: failure, step: .flush)
            }
            try AtomicFile.moveIntoPlace(temporary, path)
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
