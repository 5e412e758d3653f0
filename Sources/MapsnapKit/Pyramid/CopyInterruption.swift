import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A copy stopped between tiles because SIGTERM or SIGINT arrived (`TerminationSignals`).
struct CopyInterruption: Error {
    let signal: Int32

    /// Throws when a termination signal is pending. Tests make one arrive mid-copy with
    /// `MAPSNAP_TEST_SIGNAL_AFTER_TILES=N`: the process sends itself SIGTERM once N tiles are
    /// written, through the same handler a real one meets.
    static func check(tilesWritten: Int) throws(CopyInterruption) {
        if let after = signalAfterTiles, tilesWritten >= after, TerminationSignals.pending == nil { kill(getpid(), SIGTERM) }
        if let signal = TerminationSignals.pending { throw CopyInterruption(signal: signal) }
    }

    private static let signalAfterTiles = ProcessInfo.processInfo.environment["MAPSNAP_TEST_SIGNAL_AFTER_TILES"].flatMap(Int.init)
}
