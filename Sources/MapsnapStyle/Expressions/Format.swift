import MapsnapFormats
/// One run of a `format` expression with its own options (MapLibre's formatted section): text,
/// or an image from the sprite drawn inline (`["image", name]`; then `text` is empty).
public struct TextSection: Sendable, Hashable {
    public var text: String
    /// The sprite image an image section draws; nil for text.
    public var image: String?
    /// `vertical-align`: where the section sits in its line's height; nil is bottom.
    public var verticalAlign: VerticalAlign?
    /// `font-scale`: a multiple of `text-size`; nil is 1.
    public var scale: Double?
    /// `text-font`: the section's font stack; nil is the layer's.
    public var font: [String]?
    /// `text-color`: nil is the layer's.
    public var color: Color?

    public init(text: String, scale: Double? = nil, font: [String]? = nil, color: Color? = nil) {
        (self.text, self.scale, self.font, self.color) = (text, scale, font, color)
    }

    public init(image: String, verticalAlign: VerticalAlign? = nil) {
        (self.text, self.image, self.verticalAlign) = ("", image, verticalAlign)
    }

    /// A section's `vertical-align` option (the style specification's values).
    public enum VerticalAlign: String, Sendable, Hashable, CaseIterable {
        case bottom, center, top
    }
}

/// `["format", input, options?, input, options?, ...]`: rich text. Evaluated as a value it is the
/// sections' text joined; `sections` gives them apart with their `font-scale`, `text-font` and
/// `text-color`, which the glyph engine draws (Pango draws the joined text). Image sections and
/// `vertical-align` are checked and dropped.
struct Format: Expression, ExpressionOperator {
    static let names = ["format"]

    struct Section: Sendable {
        let text: any Expression
        let scale: (any Expression)?
        let font: (any Expression)?
        let color: (any Expression)?
        let verticalAlign: (any Expression)?
        /// An `["image", …]` section: `text` gives the image's name.
        let isImage: Bool
    }
    let sections: [Section]
    var type: ValueType { .formatted }
    var children: [any Expression] {
        sections.flatMap { [$0.text] + [$0.scale, $0.font, $0.color, $0.verticalAlign].compactMap { $0 } }
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        var text = ""
        for section in sections where !section.isImage { text += try section.text.evaluate(context).stringified }
        return .string(text)
    }

    /// The sections for one feature; an option that fails to evaluate is left unset.
    func textSections(_ context: EvaluationContext) throws(EvaluationError) -> [TextSection] {
        try sections.map { (section) throws(EvaluationError) -> TextSection in
            let align = (try? section.verticalAlign?.evaluate(context))?.stringValue.flatMap(TextSection.VerticalAlign.init(rawValue:))
            if section.isImage { return TextSection(image: try section.text.evaluate(context).stringified, verticalAlign: align) }
            var out = TextSection(text: try section.text.evaluate(context).stringified)
            out.verticalAlign = align
            out.scale = (try? section.scale?.evaluate(context))?.numberValue
            out.font = (try? section.font?.evaluate(context))?.arrayValue.map { $0.compactMap(\.stringValue) }
            if let value = try? section.color?.evaluate(context) {
                switch value {
                case .color(let c): out.color = c
                case .string(let s): out.color = Color.parse(s)
                default: break
                }
            }
            return out
        }
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count >= 2 else { return context.error("Expected at least one argument.") }
        if case .object = items[1] { return context.error("First argument must be an image or text section.") }
        var sections: [Section] = []
        var i = 1
        while i < items.count {
            guard let section = context.parse(items, i, expected: .value) else { return nil }
            switch section.type {
            case .string, .value, .null, .resolvedImage: break
            default:
                return context.error("Formatted text type must be 'string', 'value', 'image' or 'null'.", at: i)
            }
            i += 1
            var scale: (any Expression)?, font: (any Expression)?, color: (any Expression)?, verticalAlign: (any Expression)?
            if i < items.count, case .object(let options) = items[i] {
                let optionContext = context.child(i, expected: nil)
                if let value = options["font-scale"] {
                    guard let parsed = optionContext.parse(value, annotation: nil) else { return nil }
                    scale = parsed
                }
                if let value = options["text-font"] {
                    guard let parsed = ParsingContext(path: optionContext.path + ".text-font", expectedType: .array(.string, nil),
                                                      log: context.log, scope: context.scope).parse(value) else { return nil }
                    font = parsed
                }
                if let value = options["text-color"] {
                    guard let parsed = ParsingContext(path: optionContext.path + ".text-color", expectedType: .color,
                                                      log: context.log, scope: context.scope).parse(value) else { return nil }
                    color = parsed
                }
                if let value = options["vertical-align"] {
                    if case .string(let name) = value, TextSection.VerticalAlign(rawValue: name) == nil {
                        return context.error("'vertical-align' must be one of: 'bottom', 'center', 'top' but found '\(name)' instead.", at: i)
                    }
                    guard let parsed = ParsingContext(path: optionContext.path + ".vertical-align", expectedType: .string,
                                                      log: context.log, scope: context.scope).parse(value) else { return nil }
                    verticalAlign = parsed
                }
                i += 1
            }
            sections.append(Section(text: section, scale: scale, font: font, color: color, verticalAlign: verticalAlign,
                                    isImage: section.type == .resolvedImage))
        }
        return Format(sections: sections)
    }
}
