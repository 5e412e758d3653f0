import Foundation

/// Milestones of one run, on standard error, when `MAPSNAP_PROFILE` is set: milliseconds since
/// the process's first mark, then the thread and what was reached. A snapshot's work runs on up to
/// three threads at once (`LayeredLabels`, the font warm-up, the PNG's second half), so marks
/// on a time line tell where it goes better than durations do. Unset, a mark costs one test.
public enum Trace {
    public static let enabled = getenv("MAPSNAP_PROFILE") != nil
    private static let origin = now()

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }

    public static func mark(_ what: @autoclosure () -> String) {
        guard enabled else { return }
        let at = now() - origin
        let thread = Thread.isMainThread ? "main" : String((UInt(bitPattern: Int(bitPattern: pthread_self())) >> 12) & 0xfff, radix: 16)
        FileHandle.standardError.write(Data(String(format: "%8.2f ms  %@  %@\n", at, thread, what()).utf8))
    }
}
