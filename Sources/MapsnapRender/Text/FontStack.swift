/// Turns a style's `text-font` stack (`["Noto Sans Bold", "Open Sans Semibold Italic"]`) into a
/// Pango font description string: the families in order, then the first entry's weight and slant.
/// Fontconfig then picks the installed font, falling back along the list and per character
/// (so CJK text finds a CJK font).
enum FontStack {
    static let weights: [(word: String, pango: String)] = [
        ("thin", "Thin"), ("hairline", "Thin"), ("extralight", "Ultra-Light"), ("ultralight", "Ultra-Light"),
        ("light", "Light"), ("book", "Book"), ("regular", ""), ("normal", ""), ("medium", "Medium"),
        ("semibold", "Semi-Bold"), ("demibold", "Semi-Bold"), ("bold", "Bold"), ("extrabold", "Ultra-Bold"),
        ("ultrabold", "Ultra-Bold"), ("black", "Heavy"), ("heavy", "Heavy"),
    ]
    static let fallbackFamilies = ["Noto Sans", "DejaVu Sans", "sans-serif"]

    /// A parsed font name: family plus weight/slant words.
    struct Face: Equatable {
        var family: String
        var weight: String
        var italic: Bool
    }

    static func face(_ name: String) -> Face {
        var words = name.split(separator: " ").map(String.init)
        var weight = "", italic = false
        while let last = words.last, words.count > 1 {
            let w = last.lowercased()
            if w == "italic" || w == "oblique" { italic = true; words.removeLast(); continue }
            if let match = weights.first(where: { $0.word == w }) {
                weight = match.pango; words.removeLast(); continue
            }
            break
        }
        return Face(family: words.joined(separator: " "), weight: weight, italic: italic)
    }

    /// e.g. `"Noto Sans,DejaVu Sans,sans-serif Bold Italic"` (size is set separately).
    static func pangoDescription(_ stack: [String]) -> String {
        let faces = stack.map(face)
        var families: [String] = []
        for f in faces.map(\.family) + fallbackFamilies where !families.contains(f) { families.append(f) }
        let first = faces.first ?? Face(family: "Noto Sans", weight: "", italic: false)
        var words = [families.joined(separator: ",")]
        if !first.weight.isEmpty { words.append(first.weight) }
        if first.italic { words.append("Italic") }
        return words.joined(separator: " ")
    }
}
