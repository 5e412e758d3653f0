import Foundation
import MapsnapFormats
import MapsnapOverlays
import MapsnapRender

extension Snapshotter {
    /// Draws one request as a one-page PDF or SVG (its overlay files read first), the page the
    /// image's size in points. Labels are drawn by Pango, so that they stay text.
    public func document(_ request: MapRequest, format: VectorFormat, warnings: WarningLog = WarningLog()) throws(SnapshotError) -> VectorSnapshot {
        try SnapshotJob(request, warnings: warnings).document(with: self, format: format)
    }

    /// `document` for a request whose overlays are already resolved (`SnapshotJob` reads them),
    /// with `caption` in a band under the map (as a batch item's title and caption).
    public func document(_ request: MapRequest, overlays: [Overlay], format: VectorFormat, caption: [CaptionBand.Line] = [],
                         warnings: WarningLog = WarningLog()) throws(SnapshotError) -> VectorSnapshot {
        try document(plan(request, overlays: overlays, warnings: warnings), format: format, caption: caption, warnings: warnings)
    }

    private func document(_ plan: Plan, format: VectorFormat, caption: [CaptionBand.Line] = [],
                          warnings: WarningLog) throws(SnapshotError) -> VectorSnapshot {
        let (document, bytes) = VectorDocument.inMemory(format)
        do {
            try drawPage(plan, on: document, caption: caption, warnings: warnings)
            try document.finish()
        } catch {
            throw .render(error)
        }
        return VectorSnapshot(data: bytes(), format: format, camera: plan.camera)
    }

    /// Draws a planned request as the next page of `document`: the map, and under it a band of
    /// the `caption` lines when there are any, on a page as tall as both. `label` names the page.
    func drawPage(_ plan: Plan, on document: VectorDocument, caption: [CaptionBand.Line] = [], label: String? = nil,
                  warnings: WarningLog) throws(RenderError) {
        let band = caption.isEmpty ? nil : CaptionBand.layout(caption, width: Double(plan.camera.size.width),
                                                               pixelRatio: plan.camera.pixelRatio, text: renderer.text)
        let width = Double(plan.camera.size.width), mapHeight = Double(plan.camera.size.height)
        try document.page(width: width, height: mapHeight + (band?.height ?? 0), mapHeight: mapHeight,
                          pixelRatio: plan.camera.pixelRatio, label: label) { (canvas) throws(RenderError) in
            try renderer.draw(plan.camera, options: plan.options, on: canvas, warnings: warnings)
            if let band {
                CaptionBand.draw(band, on: canvas, top: mapHeight, dark: renderer.backgroundIsDark(atZoom: plan.camera.zoom))
            }
        }
    }
}
