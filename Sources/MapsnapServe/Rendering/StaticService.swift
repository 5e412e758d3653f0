import Foundation
import MapsnapFormats
import MapsnapKit

/// Static images of every grammar: the item (a `MapRequest`, with a caption when it has one)
/// rendered on a worker with that worker's snapshotter for the style, exactly as `mapsnap
/// snapshot` (and a batch item) draws it, so the bytes are the same.
final class StaticService: Sendable {
    let render: RenderService
    let metrics: Metrics
    let renderTimeout: Double
    let maxAge: Int
    /// Device pixels either side may have (`--max-image-side`); more is 413.
    let maxImageSide: Int
    /// Where failed renders are logged (the server's standard error).
    let log: @Sendable (String) -> Void
    /// What renders met and went on without (a corrupt source tile skipped): said once per process.
    let warnings: WarningLog

    init(render: RenderService, metrics: Metrics, renderTimeout: Double, maxAge: Int, maxImageSide: Int,
         log: @escaping @Sendable (String) -> Void = { _ in }, warnings: WarningLog = WarningLog()) {
        self.warnings = warnings
        self.log = log
        self.render = render
        self.metrics = metrics
        self.renderTimeout = renderTimeout
        self.maxAge = maxAge
        self.maxImageSide = maxImageSide
    }

    func image(_ parsed: BatchItem, style: ServedStyle, names: RouteFieldNames) -> Reply {
        var styled = parsed
        styled.request.style = style.selection
        let item = styled, r = styled.request
        let longer = Double(max(r.size.width, r.size.height)) * r.pixelRatio
        if longer > Double(maxImageSide) {
            return .now(HTTPError(413, "\(names.name(FieldPath("size"))): \(r.size) at scale \(MessageNumber.format(r.pixelRatio)) is \(MessageNumber.format(longer.rounded())) pixels across, more than the \(maxImageSide) this server draws").response)
        }
        guard render.admit() else { return .now(TileService.busy(render.queueLimit)) }
        let promise = ResponsePromise()
        let maxAge = self.maxAge
        let metrics = self.metrics
        let log = self.log
        let warnings = self.warnings
        render.run { worker in
            guard !promise.isFulfilled else { return }   // timed out while queued: nobody waits for it
            let start = Date()
            let response: HTTPResponse
            func failed(_ error: any Error) -> HTTPResponse {
                log("static image \(item.request.size) answered 500: \(error)")
                return RenderFailure.answer("rendering failed", error)
            }
            do {
                let image = try worker.items.snapshot(item, warnings: warnings).encoded()
                response = .cacheable(image, contentType: item.request.encoding.contentType, maxAge: maxAge)
            } catch RenderError.jpegNeedsOpaqueImage {
                response = HTTPError.badRequest(RenderError.jpegNeedsOpaqueImage.description).response
            } catch let e as SnapshotError {
                switch e {
                case .request(let error): response = names.refusal(error).response
                case .outsideData(let message): response = HTTPError.notFound(message).response
                case .render(let error): response = failed(error)
                }
            } catch let e as RequestError {
                response = names.refusal(e).response
            } catch {
                response = failed(error)
            }
            metrics.rendered(.image, seconds: Date().timeIntervalSince(start))
            promise.fulfill(response)
        }
        promise.expire(after: renderTimeout, message: "the image took longer than \(MessageNumber.format(renderTimeout)) s to render")
        return promise.reply
    }
}
