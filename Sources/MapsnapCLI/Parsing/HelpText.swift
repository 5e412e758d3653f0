/// Help texts generated from the declarations: a command's usage, description, option groups
/// (synopsis in a column, help beside it) and epilogue; and the tool's list of commands.
enum HelpText {
    /// The help column: synopses up to this width share a line with their help.
    static let column = 23

    static func render<C>(_ command: Command<C>) -> String {
        var lines = ["Usage: \(command.usage)", "", command.description]
        for group in command.groups {
            lines.append("")
            lines.append("\(group.title):")
            for option in group.options { lines += optionLines(option.synopsis, option.help) }
            if let note = group.note { lines += note.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } }
        }
        if !command.epilogue.isEmpty { lines += ["", command.epilogue] }
        return lines.joined(separator: "\n")
    }

    static func optionLines(_ synopsis: String, _ help: String) -> [String] {
        let helpLines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let head = "  " + synopsis
        let indent = String(repeating: " ", count: column)
        var out: [String]
        if head.count < column - 1 {
            out = [head + String(repeating: " ", count: column - head.count) + helpLines[0]]
        } else {
            out = [head + "  " + helpLines[0]]
        }
        out += helpLines.dropFirst().map { indent + $0 }
        return out
    }

    /// `mapsnap --help`: the commands, then the default command's help.
    static func tool(_ commands: [AnyCommand], version: String) -> String {
        var lines = [
            "mapsnap \(version): offline maps from vector tiles and MapLibre styles, on a plain Linux server.",
            "",
            "Usage: mapsnap [COMMAND] [options]",
            "",
            "Commands:",
        ]
        for c in commands { lines += optionLines(c.name, c.summary) }
        lines += ["", "`mapsnap COMMAND --help` shows a command's options. Without a command, mapsnap takes a snapshot:", ""]
        return lines.joined(separator: "\n") + (commands.first { $0.name == "snapshot" }?.help ?? "")
    }
}
