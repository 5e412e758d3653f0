/// A small non-validating XML tokenizer over UTF-8 bytes, enough for GPX: elements and their
/// attributes, text, CDATA; the XML declaration, processing instructions, comments and a DOCTYPE
/// are skipped. It checks well-formedness where a GPX file can go wrong — tags close in order, one
/// root element, attributes are `name="value"`, entities are known — and reports the byte offset
/// of a problem; the reader turns it into a line number.
///
/// Names and values are byte ranges into the input; nothing is copied until a reader asks for a
/// string. FoundationXML's `XMLParser` was measured first: 0.5 s for 100,000 track points with an
/// empty delegate (about 2 s with a real one), and on Linux it failed at the end of that 13 MB file
/// with `NSXMLParserErrorDomain` code 1, so GPX is read with this instead.
struct XMLScanner {
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
        /// The value contains `&` and needs `decodedString`.
        var hasEntities: Bool
    }

    enum Event {
        /// A start tag; its attributes are in `attributes` until the next call to `next()`.
        /// A self-closing tag is followed by its own `.end`.
        case start(name: Range<Int>)
        case end(name: Range<Int>)
        /// Character data between tags, raw (`hasEntities`: contains `&`).
        case text(Range<Int>, hasEntities: Bool)
        /// A CDATA section's content, taken literally.
        case cdata(Range<Int>)
    }

    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var attributes: [Attribute] = []
    /// Offset of the `<` of the last start or end tag returned.
    private(set) var tagOffset = 0
    private var position = 0
    private var openNames: [Range<Int>] = []
    private var openOffsets: [Int] = []
    private var sawRoot = false
    private var pendingEnd: Range<Int>?

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// The number of elements open around the current position (the root counts 1).
    var depth: Int { openNames.count }

    /// The 1-based line holding `offset`.
    func line(at offset: Int) -> Int {
        var line = 1
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A { line += 1 }
        return line
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// `range` without an optional `prefix:`.
    func localPart(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        for i in range where bytes[i] == 0x3A { start = i + 1 }
        return start..<range.upperBound
    }

    /// True when the bytes in `range` equal `name` (ASCII).
    func equals(_ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        var k = 0
        for i in range {
            if bytes[i] != expected[k] { return false }
            k += 1
        }
        return true
    }

    /// True when the bytes in `range` after an optional `prefix:` equal `name` (ASCII).
    func localName(_ range: Range<Int>, is name: StaticString) -> Bool {
        equals(localPart(range), name)
    }

    func localNameString(_ range: Range<Int>) -> String {
        string(localPart(range))
    }

    // MARK: tokens

    mutating func next() throws(Failure) -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name: name)
        }
        let n = bytes.count
        while position < n {
            if bytes[position] != 0x3C {  // text up to the next '<'
                let start = position
                var hasEntities = false
                while position < n, bytes[position] != 0x3C {
                    if bytes[position] == 0x26 { hasEntities = true }
                    position += 1
                }
                if openNames.isEmpty {
                    if let bad = (start..<position).first(where: { !Self.isSpace(bytes[$0]) }) {
                        throw Failure(offset: bad, reason: sawRoot ? "text after the root element" : "text before the root element")
                    }
                    continue
                }
                return .text(start..<position, hasEntities: hasEntities)
            }
            let start = position
            // Most tags are start tags: look at the byte after '<' once before trying the others.
            let second = position + 1 < n ? bytes[position + 1] : 0
            if second != 0x3F && second != 0x21 && second != 0x2F {
                return try startTag(at: start)
            }
            if matches("<?") {
                try skip(past: "?>", from: start + 2, unclosed: "a processing instruction is not closed with ?>")
            } else if matches("<!--") {
                try skip(past: "-->", from: start + 4, unclosed: "a comment is not closed with -->")
            } else if matches("<![CDATA[") {
                guard !openNames.isEmpty else { throw Failure(offset: start, reason: "CDATA outside the root element") }
                try skip(past: "]]>", from: start + 9, unclosed: "a CDATA section is not closed with ]]>")
                return .cdata((start + 9)..<(position - 3))
            } else if matches("<!") {
                try skipDeclaration(from: start)
            } else if matches("</") {
                return try endTag(at: start)
            } else {
                return try startTag(at: start)
            }
        }
        if let open = openNames.last {
            throw Failure(offset: n, reason: "the document ends before <\(string(open))> (line \(line(at: openOffsets.last!))) is closed")
        }
        if !sawRoot { throw Failure(offset: n, reason: "the document has no root element") }
        return nil
    }

    private mutating func startTag(at start: Int) throws(Failure) -> Event {
        tagOffset = start
        position = start + 1
        let name = try readName(what: "a tag")
        if openNames.isEmpty && sawRoot {
            throw Failure(offset: start, reason: "a second root element <\(string(name))>")
        }
        sawRoot = true
        attributes.removeAll(keepingCapacity: true)
        let n = bytes.count
        while true {
            skipSpaces()
            guard position < n else { throw Failure(offset: start, reason: "the tag <\(string(name))> is not closed with >") }
            if bytes[position] == 0x3E {  // >
                position += 1
                openNames.append(name)
                openOffsets.append(start)
                return .start(name: name)
            }
            if bytes[position] == 0x2F {  // />
                guard position + 1 < n, bytes[position + 1] == 0x3E else {
                    throw Failure(offset: position, reason: "expected > after / in <\(string(name))>")
                }
                position += 2
                pendingEnd = name
                return .start(name: name)
            }
            let attributeName = try readName(what: "an attribute")
            skipSpaces()
            guard position < n, bytes[position] == 0x3D else {
                throw Failure(offset: position, reason: "attribute \(string(attributeName)) of <\(string(name))> has no =\"value\"")
            }
            position += 1
            skipSpaces()
            guard position < n, bytes[position] == 0x22 || bytes[position] == 0x27 else {
                throw Failure(offset: position, reason: "the value of attribute \(string(attributeName)) of <\(string(name))> is not quoted")
            }
            let quote = bytes[position]
            position += 1
            let valueStart = position
            var hasEntities = false
            while position < n, bytes[position] != quote {
                if bytes[position] == 0x3C {
                    throw Failure(offset: position, reason: "< inside the value of attribute \(string(attributeName)) (write &lt;)")
                }
                if bytes[position] == 0x26 { hasEntities = true }
                position += 1
            }
            guard position < n else {
                throw Failure(offset: valueStart, reason: "the value of attribute \(string(attributeName)) is not closed")
            }
            for existing in attributes where bytes[existing.name].elementsEqual(bytes[attributeName]) {
                throw Failure(offset: attributeName.lowerBound, reason: "attribute \(string(attributeName)) appears twice in <\(string(name))>")
            }
            attributes.append(Attribute(name: attributeName, value: valueStart..<position, hasEntities: hasEntities))
            position += 1
        }
    }

    private mutating func endTag(at start: Int) throws(Failure) -> Event {
        tagOffset = start
        position = start + 2
        let name = try readName(what: "a closing tag")
        skipSpaces()
        guard position < bytes.count, bytes[position] == 0x3E else {
            throw Failure(offset: start, reason: "the closing tag </\(string(name))> is not closed with >")
        }
        position += 1
        guard let open = openNames.last else {
            throw Failure(offset: start, reason: "</\(string(name))> closes no open element")
        }
        guard bytes[open].elementsEqual(bytes[name]) else {
            throw Failure(offset: start, reason: "</\(string(name))> does not match <\(string(open))> opened on line \(line(at: openOffsets.last!))")
        }
        openNames.removeLast()
        openOffsets.removeLast()
        return .end(name: name)
    }

    private mutating func readName(what: String) throws(Failure) -> Range<Int> {
        let start = position
        while position < bytes.count, !Self.endsName(bytes[position]) { position += 1 }
        guard position > start else { throw Failure(offset: start, reason: "\(what) has no name") }
        return start..<position
    }

    /// Skips `<!DOCTYPE …>` including an internal subset in brackets.
    private mutating func skipDeclaration(from start: Int) throws(Failure) {
        var brackets = 0
        position = start + 2
        while position < bytes.count {
            switch bytes[position] {
            case 0x5B: brackets += 1
            case 0x5D: brackets -= 1
            case 0x3E where brackets <= 0:
                position += 1
                return
            default: break
            }
            position += 1
        }
        throw Failure(offset: start, reason: "a <! declaration is not closed with >")
    }

    private mutating func skip(past terminator: StaticString, from start: Int, unclosed: String) throws(Failure) {
        let t = terminator.utf8Start, count = terminator.utf8CodeUnitCount
        var i = start
        while i + count <= bytes.count {
            if bytes[i] == t[0] {
                var k = 1
                while k < count, bytes[i + k] == t[k] { k += 1 }
                if k == count {
                    position = i + count
                    return
                }
            }
            i += 1
        }
        throw Failure(offset: start, reason: unclosed)
    }

    private func matches(_ prefix: StaticString) -> Bool {
        let p = prefix.utf8Start, count = prefix.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for k in 0..<count where bytes[position + k] != p[k] { return false }
        return true
    }

    private mutating func skipSpaces() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private static func endsName(_ c: UInt8) -> Bool {
        isSpace(c) || c == 0x3E || c == 0x2F || c == 0x3D || c == 0x3C || c == 0x22 || c == 0x27
    }

    // MARK: entities

    /// The text of `range` with the five predefined entities and character references replaced.
    func decodedString(_ range: Range<Int>) throws(Failure) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            let c = bytes[i]
            guard c == 0x26 else { out.append(c); i += 1; continue }
            guard let semicolon = (i..<range.upperBound).first(where: { bytes[$0] == 0x3B }) else {
                throw Failure(offset: i, reason: "& not followed by an entity name and ; (write & as &amp;)")
            }
            let entity = string((i + 1)..<semicolon)
            switch entity {
            case "lt": out.append(0x3C)
            case "gt": out.append(0x3E)
            case "amp": out.append(0x26)
            case "quot": out.append(0x22)
            case "apos": out.append(0x27)
            default:
                let scalarValue: UInt32?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    scalarValue = UInt32(entity.dropFirst(2), radix: 16)
                } else if entity.hasPrefix("#") {
                    scalarValue = UInt32(entity.dropFirst(), radix: 10)
                } else {
                    throw Failure(offset: i, reason: "unknown entity &\(entity); (write & as &amp;)")
                }
                guard let scalarValue, let scalar = Unicode.Scalar(scalarValue) else {
                    throw Failure(offset: i, reason: "&\(entity); is not a valid character")
                }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
