import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapRender

/// A map drawn as a PDF or SVG document, and the camera it shows: `Snapshot`'s counterpart for
/// vector output (lines, fills and text as vectors; icons and raster layers embedded images).
public struct VectorSnapshot {
    public let data: Data
    public let format: VectorFormat
    public let camera: Camera

    /// Writes the document atomically (temporary file + rename): never a half-written file. Missing
    /// folders on the way are created.
    public func write(to path: String) throws(RenderError) {
        do {
            try AtomicFile.makeFolders(for: path)
            try AtomicFile.write(data, to: path)
        } catch { throw RenderError(error) }
    }
}
