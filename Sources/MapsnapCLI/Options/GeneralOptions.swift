import MapsnapKit

/// Options every command has. `-h`/`--help` and `--version` are answered before parsing, so
/// they work anywhere on the line; they are declared here for the help text.
public protocol Verbosity {
    var verbose: Bool { get set }
    var quiet: Bool { get set }
}

public enum GeneralOptions {
    public static func group<C: RequestContext & Verbosity>(verbose: Bool = true) -> OptionGroup<C> {
        var options: [Option<C>] = []
        if verbose { options.append(Option(["-v", "--verbose"], help: "print timings and details") { c, _ in c.verbose = true }) }
        options += [
            Option(["-q", "--quiet"], help: "no warnings") { c, _ in c.quiet = true },
            Option(["-h", "--help"], help: "this help") { _, _ in },
            Option(["--version"], help: "the version") { _, _ in },
        ]
        return OptionGroup("General", options)
    }

    /// Also for commands without -v/-q.
    static func helpOnly<C: RequestContext>() -> OptionGroup<C> {
        OptionGroup("General", [
            Option(["-h", "--help"], help: "this help") { _, _ in },
            Option(["--version"], help: "the version") { _, _ in },
        ])
    }
}
