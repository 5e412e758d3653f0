import Foundation

/// The documents a reader follows: `README.md`, then every `docs/*.md` in name order. The tests
/// that run what the documents say (their `mapsnap` and `curl` lines, the Swift example) and the
/// link check read them through here, so a command moved from the README to a page under `docs/`
/// is still run, and a new page is read without a test knowing its name.
public struct Document: Sendable, CustomStringConvertible {
    /// The path from the repository root, e.g. `README.md` or `docs/serve.md`.
    public let path: String
    public let text: String

    public var description: String { path }

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The lines of the document's fenced blocks of one language (```` ```sh ````), `\`
    /// continuations joined and comments (`#` at the start, or after two spaces) cut.
    public func commandLines(language: String = "sh") -> [String] {
        var out: [String] = []
        var inBlock = false
        var pending = ""
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inBlock = line == "```" + language; pending = ""; continue }
            guard inBlock else { continue }
            var joined = pending + line
            if joined.hasSuffix("\\") { joined.removeLast(); pending = joined + " "; continue }
            pending = ""
            if joined.hasPrefix("#") { continue }
            if let hash = joined.range(of: "  #") { joined = String(joined[..<hash.lowerBound]) }
            if !joined.trimmingCharacters(in: .whitespaces).isEmpty { out.append(joined) }
        }
        return out
    }

    /// The text of each fenced block of one language, without its fences.
    public func blocks(language: String) -> [String] {
        var out: [String] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current != nil {
                if line.hasPrefix("```") { out.append(current!.joined(separator: "\n") + "\n"); current = nil } else { current!.append(line) }
            } else if line == "```" + language {
                current = []
            }
        }
        return out
    }

    /// Paragraphs: runs of text between blank lines.
    public var paragraphs: [String] { text.components(separatedBy: "\n\n") }

    public var lineCount: Int { text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0) }
}

public enum Documents {
    public static var root: URL { BuiltBinary.repositoryRoot }

    /// README.md and every docs/*.md, in that order (an unreadable or missing README is an empty one,
    /// which every check on it then fails).
    public static var all: [Document] {
        ["README.md"].compactMap(read) + pages
    }

    /// The pages under docs/, by name.
    public static var pages: [Document] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().compactMap { read("docs/" + $0) }
    }

    /// One document by its path from the repository root (README.md, ARCHITECTURE.md, docs/x.md).
    public static func read(_ path: String) -> Document? {
        guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else { return nil }
        return Document(path: path, text: text)
    }

    /// Every line of every `sh` block of the documents, with the document it is in.
    public static var commandLines: [(document: String, line: String)] {
        all.flatMap { doc in doc.commandLines().map { (doc.path, $0) } }
    }

    /// Splits a command line as sh does for the quoting the documents use ('…', "…", \x).
    public static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], current = "", inWord = false
        var quote: Character?
        var chars = line.makeIterator()
        while let c = chars.next() {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c; inWord = true
            } else if c == "\\" {
                if let n = chars.next() { current.append(n) }; inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(c); inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
