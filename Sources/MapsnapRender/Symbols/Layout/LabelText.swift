import MapsnapFormats
import MapsnapGeo
import MapsnapStyle

/// A feature's `text-field` as it will be shaped: evaluated (with its `format` sections, each
/// with its own scale, fonts and colour), `text-transform` applied, trimmed, and cut to
/// `InputLimits.maxLabelScalars`.
enum LabelText {
    static func evaluate(_ style: SymbolStyle, _ feature: any Feature, layer: StyleLayer,
                         in frame: RenderFrame) -> (string: String, sections: [TextSection]?) {
        // At the tile's zoom, as MapLibre's layout evaluates it; text-field keeps its own phase
        // (see SymbolStyle): the string and the sections.
        let zoom = style.layoutZoom
        var string = style.textField?.evaluate(zoom: zoom, feature: feature) ?? ""
        // Rich text (`format`): its sections, each with its own scale, fonts and colour.
        var sections = style.textField?.sections(zoom: zoom, feature: feature)
        let transform = style.layout.textTransform.evaluate(for: feature)
        func transformed(_ text: String) -> String {
            switch transform {
            case .uppercase: text.uppercased()
            case .lowercase: text.lowercased()
            case .none: text
            }
        }
        string = transformed(string)
        if let s = sections { sections = s.map { var t = $0; t.text = transformed(t.text); return t } }
        // Images hold a place in the text (MapLibre gives each a Private Use Area character), so
        // text of images alone is a label too.
        if let s = sections, s.contains(where: { $0.image != nil }) {
            string = s.map { $0.image != nil ? String(imagePlaceholder) : $0.text }.joined()
        }
        string = string.trimmingCharacters(in: .whitespacesAndNewlines)
        if string.unicodeScalars.count > InputLimits.maxLabelScalars {
            string = cut(string)
            sections = sections.map(cut)
            frame.warnings.warn("layer '\(layer.id)': a label of more than \(InputLimits.maxLabelScalars) characters is cut to that length")
        }
        return (string, sections)
    }

    /// The character an image section stands as in the label's string (system fonts draw none).
    static let imagePlaceholder: Character = "\u{E000}"

    /// A label is at most `InputLimits.maxLabelScalars` Unicode scalars: shaping a cluster grows
    /// faster than its length, so one letter with 100,000 combining marks (hostile data) would
    /// hold a render for minutes. The cut is made at a scalar, so a huge cluster keeps its first marks.
    static func cut(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(InputLimits.maxLabelScalars))
        return String(scalars)
    }

    /// Sections keep their order and are cut where the whole text reaches the limit.
    static func cut(_ sections: [TextSection]) -> [TextSection] {
        var left = InputLimits.maxLabelScalars
        var out: [TextSection] = []
        for section in sections where left > 0 {
            var s = section
            let count = s.text.unicodeScalars.count
            if count > left {
                var scalars = String.UnicodeScalarView()
                scalars.append(contentsOf: s.text.unicodeScalars.prefix(left))
                s.text = String(scalars)
            }
            left -= min(count, left)
            out.append(s)
        }
        return out
    }
}
