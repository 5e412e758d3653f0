extension JSONValue {
    /// The value as JSON text: objects keep their key order, numbers read back exactly (whole
    /// numbers without a fraction), non-finite numbers (which JSON cannot hold) as `null`.
    public var compactText: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// As `compactText`, one member or element per line, indented by two spaces.
    public var prettyPrinted: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        func newline(_ level: Int) {
            guard let indent else { return }
            out += "\n" + String(repeating: indent, count: level)
        }
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.isFinite ? MessageNumber.format(n) : "null"
        case .string(let s): out += JSONValue.quoted(s)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                newline(level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
            }
            newline(level)
            out += "]"
        case .object(let object):
            guard !object.isEmpty else { out += "{}"; return }
            out += "{"
            for (i, member) in object.enumerated() {
                if i > 0 { out += "," }
                newline(level + 1)
                out += JSONValue.quoted(member.key) + (indent == nil ? ":" : ": ")
                member.value.write(to: &out, indent: indent, level: level + 1)
            }
            newline(level)
            out += "}"
        }
    }
}
