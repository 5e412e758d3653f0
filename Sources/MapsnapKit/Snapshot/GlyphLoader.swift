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
        guard let glyphs = styleGlyphs, !glyphs.isEmpty, let template = StyleResource.localPath(glyphs, styleFolder: styleFolder) else {
            return nil
        }
        guard template.contains("{fontstack}"), template.contains("{range}") else {
            throw RequestError(FieldPath("style"), "glyphs \(glyphs) has no {fontstack} and {range} to fill in")
        }
        return GlyphLibrary.shared(template: template)
    }
}
