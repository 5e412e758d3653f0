import MapsnapFormats
import MapsnapStyle

/// A label from a style's `text-field` is at most `InputLimits.maxLabelScalars` Unicode scalars:
/// shaping a cluster grows faster than its length, so one letter with 100,000 combining marks
/// (hostile data) would hold a render for minutes. The cut is made at a scalar, so a huge cluster
/// keeps its first marks.
extension LabelPlacer {
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
