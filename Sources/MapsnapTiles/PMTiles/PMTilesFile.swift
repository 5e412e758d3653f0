import Foundation
import MapsnapFormats
#if canImport(Glibc)
import Glibc
#endif

/// An archive file opened for positioned reads (`pread`): archives can be many gigabytes, so
/// only the parts asked for are read, and each read is checked first to lie inside the file and
/// to be no larger than its caller's limit, so a forged offset or length costs nothing.
/// `pread` keeps no file position, so reads do not disturb each other.
final class PMTilesFile {
    let path: String
    let size: UInt64
    private let descriptor: Int32

    /// Opens `path` read-only; only regular files (a FIFO would block the open forever).
    init(path: String) throws(PMTilesError) {
        self.path = path
        do { try InputFile.check(path) } catch {
            if case .missing = error { throw .noSuchFile(path: path) }
            throw .cannotOpen(path: path, reason: error.reason)
        }
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size >= 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotOpen(path: path, reason: reason)
        }
        size = UInt64(info.st_size)
    }

    deinit { close(descriptor) }

    /// The whole file as a section, for checking that a header's section lies inside it.
    var whole: PMTilesSection { PMTilesSection(offset: 0, length: size) }

    /// The bytes of `section` (absolute in the file), which must lie inside the file and hold at
    /// most `limit` bytes; `what` names it in errors ("the root directory", "tile 3/4/2").
    func read(_ section: PMTilesSection, what: String, limit: Int) throws(PMTilesError) -> Data {
        try check(section, what: what)
        guard section.length <= UInt64(limit) else {
            throw .tooLarge(path: path, what: what, bytes: section.length, limit: limit)
        }
        let count = Int(section.length)
        var data = Data(count: count)
        var done = 0
        var failure: String? = nil
        data.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while done < count {
                // The offset is below the file's size, which fits off_t.
                let got = pread(descriptor, base + done, count - done, off_t(section.offset) + off_t(done))
                if got > 0 {
                    done += got
                } else if got == 0 {
                    failure = "the file ended early (was it cut while open?)"
                    return
                } else if errno != EINTR {
                    failure = String(cString: strerror(errno))
                    return
                }
            }
        }
        if let failure { throw .readFailed(path: path, what: what, reason: failure) }
        return data
    }

    /// Throws unless `section` lies inside the file.
    func check(_ section: PMTilesSection, what: String) throws(PMTilesError) {
        guard let end = section.end, end <= size else {
            throw .outOfBounds(path: path, what: what, offset: section.offset, length: section.length, container: "the file", end: size)
        }
    }
}
