import MapsnapKit

/// Reads the words of one command's line against its declared options: `--name VALUE`,
/// `--name=VALUE`, switches, optional values, positional arguments and `--` (the rest are
/// positional). A single-valued option given twice keeps the last value, as most tools do;
/// repeatable ones (markers, tracks) add up.
struct ArgumentParser<Context: RequestContext> {
    let command: Command<Context>

    func parse(_ words: [String]) throws -> Context {
        var context = command.initial
        var i = 0
        var onlyPositional = false
        while i < words.count {
            let word = words[i]
            i += 1
            if onlyPositional || !Self.looksLikeOption(word) {
                guard let positional = command.positional else {
                    throw UsageError(option: word, message: "unexpected argument (see \(seeHelp))")
                }
                do { try positional.apply(&context, word) } catch let e as RequestError {
                    throw command.usageError(e, typed: word)
                }
                continue
            }
            if word == "--" { onlyPositional = true; continue }
            let (name, inline) = Self.split(word)
            guard let option = command.options.first(where: { $0.names.contains(name) }) else {
                throw UsageError(option: name, message: "unknown option (see \(seeHelp))")
            }
            var value = ""
            switch option.value {
            case .none:
                if let inline { throw UsageError(option: name, message: "takes no value, got '\(inline)'") }
            case .required:
                if let inline {
                    value = inline
                } else {
                    // `--meters -o x`: the next word is another option, so this one has no value.
                    guard i < words.count, !Self.looksLikeOption(words[i]) else { throw UsageError(option: name, message: "needs a value") }
                    value = words[i]
                    i += 1
                }
            case .optional(_, let choices, let fallback):
                if let inline {
                    value = inline
                } else if i < words.count, choices.contains(words[i]) {
                    value = words[i]
                    i += 1
                } else {
                    value = fallback
                }
            }
            do { try option.apply(&context, value) } catch let e as RequestError {
                throw command.usageError(e, typed: name)
            }
        }
        if var remembering = context as? any RemembersCommandLine {
            remembering.commandLine = words
            context = remembering as! Context
        }
        try command.finish(&context)
        return context
    }

    private var seeHelp: String { command.name == "snapshot" ? "mapsnap --help" : "mapsnap \(command.name) --help" }

    /// An option starts with a dash and a letter or a second dash; `-50`, `-inf` and `-` are values.
    static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1, Double(word) == nil else { return false }
        let second = word[word.index(after: word.startIndex)]
        return second == "-" || second.isLetter
    }

    /// `--name=value` → (`--name`, `value`).
    static func split(_ word: String) -> (name: String, inline: String?) {
        guard word.hasPrefix("--"), let eq = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<eq]), String(word[word.index(after: eq)...]))
    }
}

/// A command whose run needs its own command line again (a batch starts worker processes with it).
protocol RemembersCommandLine {
    var commandLine: [String] { get set }
}
