import MapsnapKit

/// What every command's parsed state holds: the map request its shared options fill in (for
/// `tiles` and `geocode` only its style and data part matters).
public protocol RequestContext: Sendable {
    var request: MapRequest { get set }
}

/// A subcommand, declared: its name, help texts, option groups, positional arguments, and how it
/// checks the parsed state and runs. The parser and the help are generic over these.
public struct Command<Context: RequestContext>: Sendable {
    public let name: String
    /// One line for the top-level command list.
    public let summary: String
    public let usage: String
    /// Paragraphs between the usage line and the options.
    public let description: String
    public let groups: [OptionGroup<Context>]
    /// A positional argument's placeholder (`MANIFEST`), the request field it fills (errors about
    /// it name the file itself, not a flag) and what it does; nil: none are taken.
    public let positional: (name: String, field: String, apply: @Sendable (inout Context, String) throws -> Void)?
    /// Printed after the options.
    public let epilogue: String
    public let initial: Context
    /// Checks what must be given and how the values fit together, after every option was read.
    public let finish: @Sendable (inout Context) throws -> Void
    public let run: @Sendable (Context, Console) -> ExitCode

    public init(name: String, summary: String, usage: String, description: String, groups: [OptionGroup<Context>],
                positional: (name: String, field: String, apply: @Sendable (inout Context, String) throws -> Void)? = nil, epilogue: String = "",
                initial: Context, finish: @escaping @Sendable (inout Context) throws -> Void = { _ in },
                run: @escaping @Sendable (Context, Console) -> ExitCode) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.description = description
        self.groups = groups
        self.positional = positional
        self.epilogue = epilogue
        self.initial = initial
        self.finish = finish
        self.run = run
    }

    var options: [Option<Context>] { groups.flatMap(\.options) }

    /// How this command's messages name a request field: by the flag that fills it in
    /// (`meters` → `--meters`); a reference to one style source reads `--source NAME=PATH.mbtiles`.
    func flagName(_ field: FieldPath, reference: Bool) -> String {
        if reference, field.root == "sources", case .key(let key)? = field.components.dropFirst().first {
            return "--source \(key)=PATH.mbtiles"
        }
        if field.root == positional?.field { return "" }
        // Markers with an icon come from --marker-icon, which fills in `markers` too.
        if field.root == "markers", field.components.contains(.key("icon")),
           let option = options.first(where: { $0.field == "marker-icons" }) { return option.longName }
        return options.first { $0.field == field.root }?.longName ?? field.description
    }

    /// A request error in this command's words: `--meters: must be greater than 0, got -50`.
    public func usageError(_ e: RequestError, typed: String? = nil) -> UsageError {
        UsageError(option: typed ?? flagName(e.field, reference: false),
                   message: e.reasonText(naming: { flagName($0, reference: true) }))
    }
}

/// A command with its context type hidden, so the tool can keep a list of them.
public struct AnyCommand: Sendable {
    public let name: String
    public let summary: String
    /// The command's help page, made when asked for (every command is listed at each start).
    public var help: String { renderHelp() }
    private let renderHelp: @Sendable () -> String
    /// Parses the words after the command name: a ready-to-run invocation, or an error.
    public let parse: @Sendable ([String]) -> Result<Invocation, UsageError>

    public init<C>(_ command: Command<C>) {
        name = command.name
        summary = command.summary
        renderHelp = { HelpText.render(command) }
        parse = { words in
            do {
                let context = try ArgumentParser(command: command).parse(words)
                return .success(Invocation(command: command.name) { console in command.run(context, console) })
            } catch let e as UsageError {
                return .failure(e)
            } catch let e as RequestError {
                return .failure(command.usageError(e))
            } catch {
                return .failure(UsageError(option: command.name, message: "\(error)"))
            }
        }
    }
}

/// A parsed command line, ready to run.
public struct Invocation: Sendable {
    public let command: String
    let body: @Sendable (Console) -> ExitCode
    public func run(_ console: Console) -> ExitCode { body(console) }
}
