import Foundation
import MapsnapFormats
#if canImport(Glibc)
import Glibc
#endif

/// A copy stopped between tiles because SIGTERM or SIGINT arrived (`TerminationSignals`).
struct CopyInterruption: Error {
    let signal: Int32

    /// Throws when a termination signal is pending. Tests make one arrive mid-copy with
    /// `InjectedFaults.signalAfterTiles`: the process sends itself SIGTERM once that many tiles
    /// are written, through the same handler a real one meets.
    static func check(tilesWritten: Int) throws(CopyInterruption) {
        if let after = InjectedFaults.current.signalAfterTiles, tilesWritten >= after, TerminationSignals.pending == nil { kill(getpid(), SIGTERM) }
        if let signal = TerminationSignals.pending { throw CopyInterruption(signal: signal) }
    }
}
