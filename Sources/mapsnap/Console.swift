import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Messages for people: stderr is written through fd 2 (C's `stderr` global is not
/// concurrency-safe in Swift 6).
enum Console {
    static func error(_ message: String) { writeLine(2, "mapsnap: error: \(message)") }
    static func warning(_ message: String) { writeLine(2, "mapsnap: warning: \(message)") }
    static func info(_ message: String) { writeLine(2, message) }
    static func out(_ message: String) { writeLine(1, message) }

    static func writeLine(_ fd: Int32, _ text: String) {
        let line = text + "\n"
        line.utf8CString.withUnsafeBufferPointer { buf in
            var offset = 0
            let count = buf.count - 1
            while offset < count {
                let n = write(fd, buf.baseAddress! + offset, count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    static var stderrIsTerminal: Bool { isatty(2) != 0 }

    /// Rewrites the progress line on a terminal (nil clears it).
    static func progress(_ line: String?) {
        let text = "\r\u{1B}[2K" + (line ?? "")
        text.utf8CString.withUnsafeBufferPointer { buf in _ = write(2, buf.baseAddress!, buf.count - 1) }
    }
}

/// Process exit codes: 0 done, 1 the work failed, 2 bad input (arguments, files).
enum ExitCode: Int32 {
    case success = 0
    case failure = 1
    case badInput = 2
}
