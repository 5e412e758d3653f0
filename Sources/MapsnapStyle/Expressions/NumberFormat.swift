import Foundation
import MapsnapGeo
import MapsnapFormats

/// `["number-format", number, {"locale", "currency", "min-fraction-digits", "max-fraction-digits"}]`.
/// Basic: fraction digits are honoured (default 0...3, as `Intl.NumberFormat`), thousands
/// separated with "," (the `en` style); a currency code is put before the number; other
/// locales are not localised.
struct NumberFormat: Expression, ExpressionOperator {
    static let names = ["number-format"]

    let number: any Expression
    let currency: (any Expression)?
    let minFractionDigits: (any Expression)?
    let maxFractionDigits: (any Expression)?
    var type: ValueType { .string }
    var children: [any Expression] { [number] + [currency, minFractionDigits, maxFractionDigits].compactMap { $0 } }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let value = try number.evaluateNumber(context)
        let code = try currency?.evaluateString(context)
        let minimum = Swift.min(Swift.max(Int(saturating: try minFractionDigits?.evaluateNumber(context) ?? (code == nil ? 0 : 2)), 0), 20)
        let maximum = Swift.max(minimum, Swift.min(Int(saturating: try maxFractionDigits?.evaluateNumber(context) ?? (code == nil ? 3 : 2)), 20))
        return .string((code.map { $0 + " " } ?? "") + NumberFormat.format(value, minimum: minimum, maximum: maximum))
    }

    static func format(_ value: Double, minimum: Int, maximum: Int) -> String {
        guard value.isFinite else { return FeatureValue.format(value) }
        var text = String(format: "%.\(min(max(maximum, 0), 20))f", abs(value))
        if let dot = text.firstIndex(of: ".") {
            var fraction = String(text[text.index(after: dot)...])
            while fraction.count > minimum, fraction.hasSuffix("0") { fraction.removeLast() }
            let integer = String(text[..<dot])
            text = fraction.isEmpty ? integer : integer + "." + fraction
        }
        let parts = text.split(separator: ".", maxSplits: 1)
        var integer = String(parts[0])
        var grouped = ""
        while integer.count > 3 {
            grouped = "," + integer.suffix(3) + grouped
            integer.removeLast(3)
        }
        let body = integer + grouped + (parts.count > 1 ? "." + parts[1] : "")
        return (value < 0 && body.contains(where: { $0 != "0" && $0 != "." && $0 != "," }) ? "-" : "") + body
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 2) else { return nil }
        guard let number = context.parse(items, 1, expected: .number) else { return nil }
        guard case .object(let options) = items[2] else { return context.error("NumberFormat options argument must be an object.", at: 2) }
        let optionContext = context.child(2, expected: nil)
        func option(_ key: String, _ type: ValueType) -> (any Expression)?? {
            guard let value = options[key] else { return .some(nil) }
            let parsed = ParsingContext(path: optionContext.path + "." + key, expectedType: type, log: context.log, scope: context.scope).parse(value)
            return parsed.map { .some($0) } ?? nil
        }
        guard let locale = option("locale", .string), let currency = option("currency", .string),
              let minimum = option("min-fraction-digits", .number), let maximum = option("max-fraction-digits", .number) else { return nil }
        _ = locale
        return NumberFormat(number: number, currency: currency, minFractionDigits: minimum, maxFractionDigits: maximum)
    }
}
