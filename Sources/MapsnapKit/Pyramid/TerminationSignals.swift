import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM and SIGINT while a command writes an output it must not leave half-made (`mapsnap
/// convert`, `mapsnap merge`). Once `catch()` is called either signal is only recorded; the copy
/// polls `pending` between tiles, removes its unfinished output and stops, and the command then
/// ends the process by the same signal (`endBySignal`), so whoever sent it sees it obeyed. The
/// default action would kill the process mid-write and leave the `.partial-PID` output behind.
public enum TerminationSignals {
    /// The signal received, 0 for none. An atomic store is all a signal handler may safely do.
    private static let received = Atomic<Int32>(0)

    /// From now on SIGTERM and SIGINT are recorded, not obeyed at once. (glibc's `signal` restarts
    /// system calls the signal interrupts, so a write in progress finishes as if nothing happened.)
    public static func `catch`() {
        // The global is made before a handler can touch it: making it is not async-signal-safe.
        _ = received.load(ordering: .relaxed)
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGTERM, SIGINT] {
            signal(number) { number in TerminationSignals.received.store(number, ordering: .relaxed) }
            sigaddset(&set, number)
        }
        // A parent may have started mapsnap with them blocked (a thread of a test runner does:
        // posix_spawn hands on its mask); blocked, they would wait unseen until the copy ends.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signal received since `catch()`, if any.
    public static var pending: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// "SIGTERM", "SIGINT".
    public static func name(_ number: Int32) -> String {
        number == SIGTERM ? "SIGTERM" : number == SIGINT ? "SIGINT" : "signal \(number)"
    }

    /// Ends the process by `number` with its default action, once the command has cleaned up.
    public static func endBySignal(_ number: Int32) -> Never {
        signal(number, SIG_DFL)
        raise(number)
        _exit(128 + number)
    }
}
