import MapsnapKit
import MapsnapRender

/// Prints any error a command's run ends with, in the command's words, and picks the exit code:
/// 2 for bad input (a request field, a usage error), 1 for a failure while working.
public enum CommandErrors {
    public static func report<C>(_ error: any Error, command: Command<C>, _ console: Console) -> ExitCode {
        switch error {
        case let e as UsageError:
            console.error(e.description); return .badInput
        case let e as RequestError:
            console.error(command.usageError(e).description); return .badInput
        case let e as SnapshotError:
            switch e {
            case .request(let r): console.error(command.usageError(r).description); return .badInput
            case .outsideData(let m): console.error(m); return .failure
            case .render(let r): console.error(r.description); return .failure
            }
        case let e as PyramidError:
            switch e {
            case .request(let r): console.error(command.usageError(r).description); return .badInput
            case .failed(let m): console.error(m); return .failure
            }
        case let e as RenderError:
            console.error(e.description); return .failure
        default:
            console.error("\(error)"); return .failure
        }
    }
}
