/// One command-line option, declared once: its names, the form of its value, its help text and
/// what it does. Help texts, parsing and error wording are all derived from these declarations.
public struct Option<Context>: Sendable {
    public enum Value: Sendable {
        /// A switch: `--fit`.
        case none
        /// A value: `--meters M`, `--meters=M`.
        case required(String)
        /// A value that may be left out: `--scale-bar [metric|imperial]` takes the next word only
        /// when it is one of `choices`, else `default`.
        case optional(String, choices: [String], default: String)
    }

    /// `["-o", "--output"]`: the last is the long name, used in messages about the field.
    public let names: [String]
    public let value: Value
    /// The help text; `\n` starts a continuation line.
    public let help: String
    /// The request field this option fills in, if any: errors about that field are worded with
    /// this option's name.
    public let field: String?
    /// Takes the value (for a switch, an empty string). May throw a `UsageError` or a
    /// `RequestError`; the parser words the latter with the option's name.
    public let apply: @Sendable (inout Context, String) throws -> Void

    public init(_ names: [String], _ value: Value = .none, help: String, field: String? = nil,
                apply: @escaping @Sendable (inout Context, String) throws -> Void) {
        self.names = names
        self.value = value
        self.help = help
        self.field = field
        self.apply = apply
    }

    public var longName: String { names.last! }

    /// `--center LAT,LON`, `-o, --output FILE`, `--scale-bar [metric|imperial]`.
    var synopsis: String {
        let n = names.joined(separator: ", ")
        switch value {
        case .none: return n
        case .required(let form): return "\(n) \(form)"
        case .optional(let form, _, _): return "\(n) [\(form)]"
        }
    }
}

/// Options that belong together (View, Overlays, Output, …), shared by the commands that take them.
public struct OptionGroup<Context>: Sendable {
    public let title: String
    public let options: [Option<Context>]
    /// A paragraph printed under the group's options.
    public let note: String?

    public init(_ title: String, note: String? = nil, _ options: [Option<Context>]) {
        self.title = title
        self.options = options
        self.note = note
    }
}
