import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a command's messages go: stdout for results, stderr for errors, warnings, progress and
/// summaries. The terminal console writes through file descriptors 1 and 2 (C's `stderr` global
/// is not concurrency-safe in Swift 6); tests capture the lines instead.
public struct Console: Sendable {
    let write: @Sendable (_ fd: Int32, _ text: String) -> Void
    public let stderrIsTerminal: Bool

    public init(stderrIsTerminal: Bool, write: @escaping @Sendable (_ fd: Int32, _ text: String) -> Void) {
        self.write = write
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// The process's own stdout and stderr.
    public static let terminal = Console(stderrIsTerminal: isatty(2) != 0) { fd, text in
        text.utf8CString.withUnsafeBufferPointer { buf in
            var offset = 0
            let count = buf.count - 1
            while offset < count {
                let n = Glibc.write(fd, buf.baseAddress! + offset, count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    public func error(_ message: String) { write(2, "mapsnap: error: \(message)\n") }
    public func warning(_ message: String) { write(2, "mapsnap: warning: \(message)\n") }
    /// A command's `WarningLog`: each warning once, on stderr as it is said, none with `quiet` (`-q`).
    public func warnings(quiet: Bool = false) -> WarningLog {
        quiet ? WarningLog() : WarningLog(sink: { [self] message in warning(message) })
    }
    public func info(_ message: String) { write(2, message + "\n") }
    public func out(_ message: String) { write(1, message + "\n") }

    /// Rewrites the progress line on a terminal (nil clears it).
    public func progress(_ line: String?) { write(2, "\r\u{1B}[2K" + (line ?? "")) }
}

/// Process exit codes: 0 done, 1 the work failed, 2 bad input (arguments, files).
public enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    case badInput = 2
}
