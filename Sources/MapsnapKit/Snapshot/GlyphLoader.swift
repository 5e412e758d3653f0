import Foundation
import MapsnapRender

/// Finds a style's glyph PBFs: a folder given for the request (`--glyphs DIR`, laid out as
/// `DIR/{fontstack}/{range}.pbf`), else the style's own `glyphs` when it is local (absolute,
/// `file://`, or relative to the style file). A remote `glyphs` URL cannot be read offline: the
/// labels are drawn with system fonts, as they are for a style without glyphs.
enum GlyphLoader {
    static func library(override: String?, styleGlyphs: String?, styleFolder: URL) throws(RequestError) -> GlyphLibrary? {
        if let folder = override {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw RequestError(FieldPath("glyphs"), "\(folder) is not a folder of glyph PBFs (DIR/{fontstack}/{range}.pbf)")
            }
            return GlyphLibrary.shared(template: GlyphLibrary.template(folder: folder))
        }
        guard var template = styleGlyphs, !template.isEmpty else { return nil }
        if template.hasPrefix("file://") {
            template = String(template.dropFirst("file://".count))
        } else if template.contains("://") {
            return nil
        } else if !template.hasPrefix("/") {
            template = styleFolder.appendingPathComponent(template).path
        }
        guard template.contains("{fontstack}"), template.contains("{range}") else {
            throw RequestError(FieldPath("style"), "glyphs \(styleGlyphs!) has no {fontstack} and {range} to fill in")
        }
        return GlyphLibrary.shared(template: template)
    }
}
