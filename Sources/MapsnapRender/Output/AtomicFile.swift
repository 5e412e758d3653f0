import Foundation
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

    public static func write(_ data: Data, to path: String, durable: Bool = false) throws(RenderError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            throw .cannotWrite(path: path, reason: "folder \(folder) does not exist")
        }
        let temp = folder + "/." + url.lastPathComponent + temporaryMarker + "\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno)); return
                }
                offset += n
            }
        }
        if failure == nil, durable, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temp, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temp)
            throw .cannotWrite(path: path, reason: failure)
        }
    }
}
