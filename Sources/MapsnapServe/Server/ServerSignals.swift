import Dispatch
import MapsnapFormats
#if canImport(Glibc)
import Glibc
#endif

/// The signals `mapsnap serve` answers, caught as dispatch sources rather than handlers (a handler
/// may do almost nothing safely): SIGTERM and SIGINT signal `stop`; SIGPIPE is ignored, so a
/// client that hangs up costs a write error, not the process. In tests (`InjectedFaults`)
/// renders or readiness wait behind a gate that SIGUSR1 opens, so a test can see the server busy
/// or starting without depending on how long anything takes.
final class ServerSignals {
    let stop = DispatchSemaphore(value: 0)
    /// Holds every render (`hold-renders`).
    let renderGate: RenderGate?
    /// Holds readiness (`hold-ready`).
    let readyGate: RenderGate?
    private var sources: [DispatchSourceSignal] = []

    init(faults: InjectedFaults = .current) {
        let renderGate = faults.holdRenders ? RenderGate() : nil
        let readyGate = faults.holdReady ? RenderGate() : nil
        (self.renderGate, self.readyGate) = (renderGate, readyGate)
        signal(SIGPIPE, SIG_IGN)
        let stop = self.stop
        for sig in [SIGTERM, SIGINT] { listen(sig) { stop.signal() } }
        if renderGate != nil || readyGate != nil { listen(SIGUSR1) { renderGate?.openGate(); readyGate?.openGate() } }
    }

    /// Stops listening; the signals stay ignored until the process exits.
    func cancel() { sources.forEach { $0.cancel() } }

    private func listen(_ sig: Int32, _ handler: @escaping @Sendable () -> Void) {
        signal(sig, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
        sources.append(source)
    }
}
