import Foundation
import MapsnapFormats
import MapsnapRender

/// `mapsnap batch --pdf FILE`: the batch as one print-ready PDF, a page per item that rendered
/// (ok, or skipped as already rendered), in manifest order. Each page is the item's map drawn
/// again as vectors (lines, fills, selectable text) with its caption band, as large in points
/// as the item's image. Failed items have no page: the report CSV says why. The pages are
/// drawn on the calling thread once the items are done (in worker processes by default), so only
/// items that rendered are drawn here, and a crash in one cannot reach the PDF. The file is
/// written as Cairo produces it, to a temporary file renamed when complete.
struct BatchReportPDF {
    let path: String
    let address: Bool

    /// The pages drawn, and a failed row for each item whose page could not be drawn.
    struct Outcome { var pages = 0; var failures: [Int: BatchRow] = [:] }

    /// Draws the page of every item whose row is not failed; throws only when the file cannot be
    /// written (the rows are then unchanged). No page at all writes no file.
    func write(_ items: [BatchItem], rows: [BatchRow], progress: (Int, Int) -> Void) throws(RequestError) -> Outcome {
        let drawn = items.indices.filter { rows[$0].status != .failed }
        var outcome = Outcome()
        guard !drawn.isEmpty else { return outcome }
        let file: AtomicFile.Writer
        do { file = try AtomicFile.Writer(path: path) } catch { throw RequestError("pdf", error.description) }
        let document = VectorDocument(format: .pdf) { bytes throws(RenderError) in
            do throws(FileWriteError) { try file.write(bytes) } catch { throw RenderError(error) }
        }
        let renderer = BatchItemRenderer()
        for (k, i) in drawn.enumerated() {
            let item = items[i]
            do {
                try renderer.drawPage(item, on: document, address: address)
                outcome.pages += 1
            } catch {
                // A write error fails the whole file; anything else fails this item's page only.
                if case .cannotWrite(_, let reason)? = error as? RenderError { throw RequestError("pdf", "\(path): cannot write: \(reason)") }
                var row = rows[i]
                (row.status, row.message) = (.failed, "line \(item.line): page in \(path): \(error)")
                outcome.failures[i] = row
            }
            progress(k + 1, drawn.count)
        }
        guard outcome.pages > 0 else {
            file.abandon()
            return outcome
        }
        do { try document.finish() } catch { throw RequestError("pdf", error.description) }
        do { try file.commit() } catch { throw RequestError("pdf", error.description) }
        return outcome
    }
}
