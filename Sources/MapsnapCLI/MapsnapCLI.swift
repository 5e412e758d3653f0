import MapsnapFormats
import MapsnapKit

/// The `mapsnap` command line: its subcommands, `--help` and `--version`, parsing and running.
/// `main.swift` hands it the arguments; tests call `parse` in-process.
public enum MapsnapCLI {
    public static let version = "0.3.0"

    /// Every subcommand, the default (`snapshot`) first. Other targets add theirs (the server).
    public static let builtInCommands: [AnyCommand] = [
        AnyCommand(SnapshotCommand.command), AnyCommand(TilesCommand.command), AnyCommand(BatchCommand.command),
        AnyCommand(GeocodeCommand.command), AnyCommand(MergeCommand.command), AnyCommand(ConvertCommand.command),
        AnyCommand(GlyphsCommand.command),
    ]

    /// What a command line asks for.
    public enum Outcome: Sendable {
        /// Print this text to stdout and exit 0 (`--help`, `--version`).
        case text(String)
        case run(Invocation)
        /// A bad command line: print `mapsnap: error: <message>` and exit 2.
        case usageError(UsageError)
    }

    /// Reads `arguments` (without the program name). `-h`/`--help` and `--version` are looked for
    /// anywhere before `--`, so `mapsnap batch x.jsonl --help` prints batch's help.
    public static func parse(_ arguments: [String], commands: [AnyCommand] = builtInCommands) -> Outcome {
        var words = arguments
        let named = commands.first { $0.name == words.first }
        if named != nil { words.removeFirst() }
        let command = named ?? commands[0]
        let options = words.prefix { $0 != "--" }
        if options.contains("-h") || options.contains("--help") {
            return .text(named == nil ? HelpText.tool(commands, version: version) : command.help)
        }
        if options.contains("--version") {
            return .text(VersionText.text(version: version, verbose: options.contains("-v") || options.contains("--verbose")))
        }
        switch command.parse(words) {
        case .success(let invocation): return .run(invocation)
        case .failure(let error): return .usageError(error)
        }
    }

    /// Parses and runs; returns the process exit code.
    /// `--inject-fault NAME[=VALUE]` words (tests only; in no help) are taken out first and put
    /// the faults in force (`InjectedFaults`).
    public static func main(_ words: [String], commands: [AnyCommand] = builtInCommands, console: Console = .terminal) -> Int32 {
        let arguments: [String]
        do { arguments = try InjectedFaults.take(from: words) } catch {
            console.error(error.description)
            return ExitCode.badInput.rawValue
        }
        switch parse(arguments, commands: commands) {
        case .text(let text):
            console.out(text)
            return ExitCode.success.rawValue
        case .usageError(let e):
            console.error(e.description)
            return ExitCode.badInput.rawValue
        case .run(let invocation):
            return invocation.run(console).rawValue
        }
    }
}
