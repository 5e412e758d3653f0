/// `["format", input, options?, input, options?, ...]`: rich text. This renderer draws plain
/// text, so the sections' texts are joined and the options (`font-scale`, `text-font`,
/// `text-color`, `vertical-align`) are checked and then dropped, as are image sections (a
/// plain-text label cannot hold an icon).
struct Format: Expression, ExpressionOperator {
    static let names = ["format"]

    let sections: [any Expression]
    var type: ValueType { .formatted }
    var children: [any Expression] { sections }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        var text = ""
        for section in sections { text += try section.evaluate(context).stringified }
        return .string(text)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count >= 2 else { return context.error("Expected at least one argument.") }
        if case .object = items[1] { return context.error("First argument must be an image or text section.") }
        var sections: [any Expression] = []
        var i = 1
        while i < items.count {
            guard let section = context.parse(items, i, expected: .value) else { return nil }
            switch section.type {
            case .string, .value, .null, .resolvedImage: break
            default:
                return context.error("Formatted text type must be 'string', 'value', 'image' or 'null'.", at: i)
            }
            if section.type != .resolvedImage { sections.append(section) }
            i += 1
            if i < items.count, case .object(let options) = items[i] {
                let optionContext = context.child(i, expected: nil)
                if let scale = options["font-scale"], optionContext.parse(scale, annotation: nil) == nil { return nil }
                if let font = options["text-font"],
                   ParsingContext(path: optionContext.path + ".text-font", expectedType: .array(.string, nil), log: context.log, scope: context.scope).parse(font) == nil {
                    return nil
                }
                if let color = options["text-color"],
                   ParsingContext(path: optionContext.path + ".text-color", expectedType: .color, log: context.log, scope: context.scope).parse(color) == nil {
                    return nil
                }
                i += 1
            }
        }
        return Format(sections: sections)
    }
}
