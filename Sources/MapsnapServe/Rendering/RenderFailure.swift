import MapsnapKit
import MapsnapRender

/// How a render that failed on a worker is answered: a 500 that nothing keeps
/// (`HTTPResponse.text` says `Cache-Control: no-store`, and the services cache only drawn
/// images), so a client, a CDN and `--cache` ask again once the cause is gone. The services log
/// the whole error (the archive and tile of a read failure); the answer leaves the server's file
/// paths out of a read failure.
enum RenderFailure {
    /// `subject` names what was asked: `tile 16/34118/23898 of 'light'`, `rendering failed`.
    static func answer(_ subject: String, _ error: any Error) -> HTTPResponse {
        if case RenderError.tileReadFailed? = renderError(error) {
            return .text(500, "\(subject): the map's data could not be read (the server's log names the archive and tile); try again later")
        }
        return .text(500, "\(subject): \(error)")
    }

    private static func renderError(_ error: any Error) -> RenderError? {
        if let e = error as? RenderError { return e }
        if case SnapshotError.render(let e)? = error as? SnapshotError { return e }
        return nil
    }
}
