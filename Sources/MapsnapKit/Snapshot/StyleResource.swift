import Foundation

/// Where a style's own resource reference (`sprite`, `glyphs`) points on this machine: a
/// `file://` URL or an absolute path as is, a relative path against the style file's folder;
/// nil for a remote URL, which cannot be read offline.
enum StyleResource {
    static func localPath(_ reference: String, styleFolder: URL) -> String? {
        if reference.hasPrefix("file://") { return String(reference.dropFirst("file://".count)) }
        if reference.contains("://") { return nil }
        return reference.hasPrefix("/") ? reference : styleFolder.appendingPathComponent(reference).path
    }
}
