import CFreeType
import Foundation
import MapsnapFormats
import MapsnapTiles

/// Makes glyph PBFs from font files (`mapsnap glyphs build`): every character of each font, drawn
/// by FreeType at MapLibre's 24 px em, turned into a distance field with MapLibre's parameters
/// (3 px border, radius 8, cutoff 0.25), written as `DIR/{font name}/{start}-{end}.pbf` for the
/// 256-code-point ranges the font has, the layout `--glyphs DIR`, tileserver-gl and MapLibre use.
public enum GlyphBuilder {
    public struct Font: Sendable, Equatable {
        /// "Family Style", the name styles give in `text-font` (`Noto Sans Regular`).
        public let name: String
        public let glyphs: Int
        public let ranges: Int
    }

    /// Where MapLibre's glyph PBFs put the top of a glyph: `top` counts from 26 px above the
    /// baseline (as measured on the PBFs of MapLibre's render tests, Latin and CJK alike).
    static let topReference = 26
    /// MapLibre requests ranges up to U+FFFF only.
    static let lastCodePoint: UInt = 0xFFFF

    public static func build(fonts: [String], into folder: String) throws(GlyphBuildError) -> [Font] {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            throw .unwritable(path: folder, reason: "is a file, not a folder")
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw .freeType("cannot start FreeType") }
        defer { FT_Done_FreeType(library) }
        var built: [Font] = []
        var names: Set<String> = []
        for path in fonts {
            do { try InputFile.check(path) } catch { throw .unreadable(path: path, reason: error.reason) }
            var face: FT_Face?
            guard FT_New_Face(library, path, 0, &face) == 0, let face else {
                throw .unreadable(path: path, reason: "not a font FreeType can read")
            }
            defer { FT_Done_Face(face) }
            let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
            let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
            let name = [family, style].filter { !$0.isEmpty }.joined(separator: " ")
            guard !name.isEmpty, !name.contains("/"), name != "." && name != ".." else {
                throw .unreadable(path: path, reason: "the font has no usable family name")
            }
            guard names.insert(name).inserted else { throw .duplicateFont(name: name, path: path) }
            guard FT_Set_Pixel_Sizes(face, 0, 24) == 0 else { throw .unreadable(path: path, reason: "cannot be drawn at 24 px") }
            let ranges = glyphsByRange(face)
            let dir = URL(fileURLWithPath: folder).appendingPathComponent(name)
            do {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            } catch {
                throw .unwritable(path: dir.path, reason: error.localizedDescription)
            }
            var count = 0
            for (start, glyphs) in ranges.sorted(by: { $0.key < $1.key }) {
                let range = GlyphLibrary.rangeName(start)
                let bytes = GlyphRange(glyphs: glyphs).encoded(fontStack: name, range: range)
                try write(Data(bytes), to: dir.appendingPathComponent("\(range).pbf"))
                count += glyphs.count
            }
            built.append(Font(name: name, glyphs: count, ranges: ranges.count))
        }
        return built
    }

    /// Every character the face maps, drawn, by range start.
    private static func glyphsByRange(_ face: FT_Face) -> [UInt32: [UInt32: SDFGlyph]] {
        var ranges: [UInt32: [UInt32: SDFGlyph]] = [:]
        var index: FT_UInt = 0
        var code = FT_Get_First_Char(face, &index)
        while index != 0 {
            if code <= lastCodePoint, let glyph = draw(face, code: UInt32(code), index: index) {
                ranges[glyph.id / 256 * 256, default: [:]][glyph.id] = glyph
            }
            code = FT_Get_Next_Char(face, code, &index)
        }
        return ranges
    }

    /// One glyph: FreeType's anti-aliased bitmap (unhinted, as outlines scale), then its field.
    static func draw(_ face: FT_Face, code: UInt32, index: FT_UInt) -> SDFGlyph? {
        guard FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_HINTING)) == 0,
              FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0, let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        // Whole pixels, truncated as MapLibre's glyph servers (fontnik) do.
        let advance = Int((Double(slot.pointee.advance.x) / 64).rounded(.down))
        let limit = GlyphRange.maxGlyphSize
        guard width <= limit - 2 * SDFGlyph.border, height <= limit - 2 * SDFGlyph.border, (0...limit).contains(advance),
              abs(Int(slot.pointee.bitmap_left)) <= limit, abs(Int(slot.pointee.bitmap_top)) <= limit else { return nil }
        var coverage = [UInt8](repeating: 0, count: width * height)
        if width > 0, height > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            let pitch = Int(bitmap.pitch)
            for y in 0..<height {
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
                for x in 0..<width { coverage[y * width + x] = row[x] }
            }
        }
        let inked = width > 0 && height > 0 && coverage.contains { $0 > 0 }
        return SDFGlyph(id: code, width: inked ? width : 0, height: inked ? height : 0,
                        left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top) - topReference, advance: advance,
                        bitmap: inked ? DistanceField.make(coverage: coverage, width: width, height: height) : [])
    }

    /// Written whole or not at all (`AtomicFile`: a temporary file renamed into place).
    private static func write(_ data: Data, to url: URL) throws(GlyphBuildError) {
        do { try AtomicFile.write(data, to: url.path) } catch { throw .unwritable(path: url.path, reason: "\(error)") }
    }
}

public enum GlyphBuildError: Error, Equatable, CustomStringConvertible, Sendable {
    case freeType(String)
    case unreadable(path: String, reason: String)
    case duplicateFont(name: String, path: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .freeType(let reason): "glyphs: \(reason)"
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .duplicateFont(let name, let path): "\(path): a font named '\(name)' was given twice"
        case .unwritable(let path, let reason): "\(path): cannot be written: \(reason)"
        }
    }
}
