/// A command line being read option by option. Options take their value as the next word or
/// after `=` (`--meters 800`, `--meters=800`).
struct ArgumentList {
    private var words: [String]
    private(set) var position = 0

    init(_ words: [String]) { self.words = words }

    var isEmpty: Bool { position >= words.count }

    func peek() -> String? { position < words.count ? words[position] : nil }

    mutating func next() -> String? {
        guard position < words.count else { return nil }
        defer { position += 1 }
        return words[position]
    }

    /// The value of `option` (already read): the rest after `=`, or the next word.
    mutating func value(for option: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        // `--meters -o x`: the next word is another option, so this one has no value.
        // (`--meters -50` is a value: a dash and a digit.)
        guard position < words.count, !Self.looksLikeOption(words[position]), let v = next() else {
            throw UsageError(option: option, message: "needs a value")
        }
        return v
    }

    static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        let second = word[word.index(after: word.startIndex)]
        return second == "-" || second.isLetter
    }
}

/// A bad command line: names the option and the problem. Exit code 2.
struct UsageError: Error, CustomStringConvertible {
    let option: String
    let message: String
    var description: String { option.isEmpty ? message : "\(option): \(message)" }
}

/// Splits `--name=value` into its parts.
func splitOption(_ word: String) -> (name: String, inline: String?) {
    guard word.hasPrefix("--"), let eq = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<eq]), String(word[word.index(after: eq)...]))
}

func parseNumber(_ text: String, option: String) throws(UsageError) -> Double {
    guard let v = Double(text.trimmingCharacters(in: .whitespaces)), !v.isNaN else {
        throw UsageError(option: option, message: "'\(text)' is not a number")
    }
    return v
}

import Foundation
