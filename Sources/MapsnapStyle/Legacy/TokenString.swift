/// Legacy `{token}` strings in `text-field` and `icon-image`: `"{name:latin}\n{name:nonlatin}"`
/// becomes a `concat` of the literal text and the properties' `to-string` values (a missing
/// property gives "").
enum TokenString {
    /// nil when the text has no `{token}` (it is then a plain constant).
    static func expression(_ text: String) -> (any Expression)? {
        var parts: [any Expression] = []
        var literal = ""
        var index = text.startIndex
        var sawToken = false
        while index < text.endIndex {
            let c = text[index]
            if c == "{", let close = text[text.index(after: index)...].firstIndex(where: { $0 == "}" || $0 == "{" }),
               text[close] == "}", close > text.index(after: index) {
                let key = String(text[text.index(after: index)..<close])
                if !literal.isEmpty { parts.append(Literal(type: .string, value: .string(literal))) }
                literal = ""
                let get = Get(constantKey: key, key: Literal(type: .string, value: .string(key)), object: nil)
                parts.append(Coercion(type: .string, arguments: [get]))
                sawToken = true
                index = text.index(after: close)
            } else {
                literal.append(c)
                index = text.index(after: index)
            }
        }
        guard sawToken else { return nil }
        if !literal.isEmpty { parts.append(Literal(type: .string, value: .string(literal))) }
        return parts.count == 1 ? parts[0] : Concat(operands: parts)
    }
}
