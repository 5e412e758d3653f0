import MapsnapFormats
/// `["array", value]`, `["array", itemType, value]`, `["array", itemType, length, value]`.
enum ArrayAssertion: ExpressionOperator {
    static let names = ["array"]

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count >= 2, items.count <= 4 else {
            return context.error("Expected 1, 2, or 3 arguments, but found \(items.count - 1) instead.")
        }
        var itemType = ValueType.value
        var length: Int?
        if items.count > 2 {
            switch items[1] {
            case .string("string"): itemType = .string
            case .string("number"): itemType = .number
            case .string("boolean"): itemType = .boolean
            default:
                return context.error("The item type argument of \"array\" must be one of string, number, boolean", at: 1)
            }
        }
        if items.count > 3 {
            guard case .number(let n) = items[2], n >= 0, n == n.rounded(), n < 1e9 else {
                return context.error("The length argument to \"array\" must be a positive integer literal", at: 2)
            }
            length = Int(saturating: n)
        }
        guard let value = context.parse(items, items.count - 1, expected: .value) else { return nil }
        return TypeAssertion(type: .array(itemType, length), arguments: [value])
    }
}
