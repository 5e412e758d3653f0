import MapsnapFormats
import MapsnapGeo
/// `["rgb", r, g, b]` and `["rgba", r, g, b, a]`: r, g, b in 0...255 and a in 0...1.
struct RGBA: Expression, ExpressionOperator {
    static let names = ["rgb", "rgba"]

    let channels: [any Expression]
    var type: ValueType { .color }
    var children: [any Expression] { channels }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let r = try channels[0].evaluateNumber(context)
        let g = try channels[1].evaluateNumber(context)
        let b = try channels[2].evaluateNumber(context)
        let a = channels.count == 4 ? try channels[3].evaluateNumber(context) : 1
        let values = channels.count == 4 ? [r, g, b, a] : [r, g, b]
        if let message = RGBA.validate(values) { throw EvaluationError(message) }
        return .color(Color(r255: r, g255: g, b255: b, alpha: a))
    }

    /// nil when the channels are in range, else the spec's message.
    static func validate(_ values: [Double]) -> String? {
        let valid = values.prefix(3).allSatisfy { $0 >= 0 && $0 <= 255 }
        if !valid {
            return "Invalid rgba value [\(values.map(FeatureValue.format).joined(separator: ", "))]: 'r', 'g', and 'b' must be between 0 and 255."
        }
        if values.count == 4, !(values[3] >= 0 && values[3] <= 1) {
            return "Invalid rgba value [\(values.map(FeatureValue.format).joined(separator: ", "))]: 'a' must be between 0 and 1."
        }
        return nil
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        let count = items[0] == .string("rgb") ? 3 : 4
        guard context.checkArity(items, count) else { return nil }
        var channels: [any Expression] = []
        for i in 1...count {
            guard let parsed = context.parse(items, i, expected: .number) else { return nil }
            channels.append(parsed)
        }
        return RGBA(channels: channels)
    }
}
