import Foundation
import MapsnapRender

/// Finds a style's sprite: a `sprite` given for the request (a path from the current folder,
/// with or without `.json`/`.png`), else the style's own `sprite` (absolute, `file://`, or
/// relative to the style file). Pixel ratios 1 and (when present) 2 are loaded.
enum SpriteLoader {
    static func load(override: String?, styleSprite: String?, styleFolder: URL) throws(RequestError) -> [SpriteSheet] {
        let field = FieldPath(override == nil ? "style" : "sprite")
        let base: String
        if let s = override {
            let stem = s.hasSuffix(".json") || s.hasSuffix(".png") ? String(s[..<s.lastIndex(of: ".")!]) : s
            base = stem.hasPrefix("/") ? stem : FileManager.default.currentDirectoryPath + "/" + stem
        } else if let sprite = styleSprite, !sprite.isEmpty {
            guard let path = StyleResource.localPath(sprite, styleFolder: styleFolder) else {
                throw RequestError(FieldPath("style"), segments: [
                    .text("sprite \(sprite) cannot be read offline; point the style's \"sprite\" to local files or give "),
                    .field(FieldPath("sprite")),
                ])
            }
            base = path
        } else {
            return []
        }
        do { return try SpriteSheet.sheets(base: base) } catch {
            throw RequestError(field, override == nil ? "sprite: \(error)" : "\(error)")
        }
    }
}
