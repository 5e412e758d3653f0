import MapsnapFormats

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

    /// An element that is open: its name and the offset of its `<`.
    private struct OpenElement {
        var name: Range<Int>
        var offset: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// The attributes of the last start tag.
    var attributes: ArraySlice<Attribute> { attributeBuffer.elements }
    /// Offset of the `<` of the last start or end tag returned.
    private(set) var tagOffset = 0
    private var position = 0
    private var attributeBuffer = ReusedBuffer<Attribute>()
    private var open = ReusedBuffer<OpenElement>()
    private var sawRoot = false
    private var pendingEnd: Range<Int>?

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    // MARK: parts of a document (a long file read on two threads, `GPXReader`)

    /// Scans from `offset`, a tag's `<`, inside `openAncestors` elements opened before it whose
    /// names this scanner does not know: their end tags are taken as they come, and their names
    /// kept in `closedAncestors` for the caller to check against the part before.
    init(bytes: UnsafeBufferPointer<UInt8>, resumingAt offset: Int, openAncestors: Int) {
        self.bytes = bytes
        position = min(max(offset, 0), bytes.count)
        sawRoot = true
        for _ in 0..<openAncestors { open.append(OpenElement(name: 0..<0, offset: Self.ancestorOffset)) }
    }

    /// The names of the ancestors closed so far (`init(bytes:resumingAt:openAncestors:)`),
    /// innermost first.
    private(set) var closedAncestors: [Range<Int>] = []
    /// The end of `bytes` is the end of a part, not of the document: elements may still be open
    /// there (`openNames`).
    var endsInside = false
    /// Where the next event starts, for a reader that reads a plain element itself
    /// (`GPXBuilder.readPlainTrackPoint`); nil while an end tag is pending.
    var resumableOffset: Int? { pendingEnd == nil ? position : nil }

    /// Goes on after a whole element (start tag to end tag) a reader has read itself.
    mutating func resume(after element: Range<Int>) {
        tagOffset = element.lowerBound
        position = element.upperBound
    }

    /// The qualified names of the elements open, outermost first.
    var openNames: [Range<Int>] { open.elements.map(\.name) }
    private static let ancestorOffset = -1

    /// The number of elements open around the current position (the root counts 1).
    var depth: Int { open.count }

    /// The 1-based line holding `offset`.
    func line(at offset: Int) -> Int {
        var line = 1
        for i in 0..<max(0, min(offset, bytes.count)) where bytes[i] == 0x0A { line += 1 }
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

    /// True when the bytes in `range` equal `name` (ASCII). A loop the literal's length unrolls,
    /// not a call to memcmp, for these names of a few bytes.
    @inline(__always)
    func equals(_ range: Range<Int>, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard range.count == count, let base = bytes.baseAddress else { return false }
        let a = base + range.lowerBound, b = name.utf8Start
        var k = 0
        while k < count {
            if a[k] != b[k] { return false }
            k &+= 1
        }
        return true
    }

    /// True when the bytes in two ranges of the input are the same (names: a few bytes, a loop).
    @inline(__always)
    func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        let count = a.count
        guard b.count == count, let base = bytes.baseAddress else { return false }
        var k = 0
        while k < count {
            if base[a.lowerBound &+ k] != base[b.lowerBound &+ k] { return false }
            k &+= 1
        }
        return true
    }

    var attributeCount: Int { attributeBuffer.count }

    /// Attribute `index` of the last start tag (`0..<attributeCount`).
    func attribute(_ index: Int) -> Attribute { attributeBuffer[index] }

    /// True when the bytes in `range` after an optional `prefix:` equal `name` (ASCII).
    func localName(_ range: Range<Int>, is name: StaticString) -> Bool {
        equals(localPart(range), name)
    }

    func localNameString(_ range: Range<Int>) -> String {
        string(localPart(range))
    }

    // MARK: tokens

    /// The next event, nil at the end of the document. With `reportingText` false, text and CDATA
    /// inside the root are passed over (still checked) instead of reported: a reader that is not
    /// collecting text spares itself half the events of a track point.
    mutating func next(reportingText: Bool = true) throws(Failure) -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name: name)
        }
        let n = bytes.count
        while position < n {
            if bytes[position] != 0x3C {  // text up to the next '<'
                let start = position
                position = ByteScan.firstIndex(in: bytes, from: start,
                                               marked: { ByteScan.marks($0, equalTo: 0x3C) }, matches: { $0 == 0x3C })
                if open.isEmpty {
                    try checkOutsideRoot(start..<position)
                    continue
                }
                guard reportingText else { continue }
                return .text(start..<position, hasEntities: containsAmpersand(start..<position))
            }
            let start = position
            // Most tags are start or end tags: look at the byte after '<' once before trying the others.
            let second = position + 1 < n ? bytes[position + 1] : 0
            if second != 0x3F && second != 0x21 && second != 0x2F {
                return try startTag(at: start)
            }
            if second == 0x2F {
                return try endTag(at: start)
            }
            if let cdata = try skipMarkup(at: start), reportingText { return .cdata(cdata) }
        }
        try checkEnd()
        return nil
    }

    /// Skips `<?…?>`, `<!--…-->`, `<![CDATA[…]]>` (returning its content) or `<!…>` at `start`.
    /// Out of line, like the checks below, so that `next` stays small: most calls return a tag.
    @inline(never)
    private mutating func skipMarkup(at start: Int) throws(Failure) -> Range<Int>? {
        if matches("<?") {
            try skip(past: "?>", from: start + 2, unclosed: "a processing instruction is not closed with ?>")
        } else if matches("<!--") {
            try skip(past: "-->", from: start + 4, unclosed: "a comment is not closed with -->")
        } else if matches("<![CDATA[") {
            guard !open.isEmpty else { throw Failure(offset: start, reason: "CDATA outside the root element") }
            try skip(past: "]]>", from: start + 9, unclosed: "a CDATA section is not closed with ]]>")
            return (start + 9)..<(position - 3)
        } else {
            try skipDeclaration(from: start)
        }
        return nil
    }

    /// At the end of the input: every element closed, and there was one.
    @inline(never)
    private func checkEnd() throws(Failure) {
        if endsInside { return }
        let n = bytes.count
        if let last = open.last {
            guard last.offset != Self.ancestorOffset else { throw Failure(offset: n, reason: "the part ends inside an element before it") }
            throw Failure(offset: n, reason: "the document ends before <\(string(last.name))> (line \(line(at: last.offset))) is closed")
        }
        if !sawRoot { throw Failure(offset: n, reason: "the document has no root element") }
    }

    /// Right after a `.start` event (not of a self-closing tag): when the element holds nothing
    /// but text (perhaps none) and its own end tag follows, consumes both and returns the text,
    /// exactly as the `.text` and `.end` events would have reported them; otherwise nil, and
    /// nothing is consumed. A reader skips two events for most elements of a track point.
    mutating func textContent() -> (range: Range<Int>, hasEntities: Bool)? {
        guard pendingEnd == nil, let name = open.last?.name else { return nil }
        let n = bytes.count
        let textStart = position
        let lt = ByteScan.firstIndex(in: bytes, from: textStart, marked: { ByteScan.marks($0, equalTo: 0x3C) }, matches: { $0 == 0x3C })
        let nameStart = lt + 2, nameEnd = nameStart + name.count
        guard nameEnd < n, bytes[lt + 1] == 0x2F, same(name, nameStart..<nameEnd) else { return nil }
        var p = nameEnd
        while p < n, Self.isSpace(bytes[p]) { p += 1 }
        guard p < n, bytes[p] == 0x3E else { return nil }
        let hasEntities = containsAmpersand(textStart..<lt)
        tagOffset = lt
        position = p + 1
        open.removeLast()
        return (textStart..<lt, hasEntities)
    }

    /// True when `range` holds an `&` (an entity or character reference to decode).
    @inline(__always)
    private func containsAmpersand(_ range: Range<Int>) -> Bool {
        ByteScan.firstIndex(in: bytes, from: range.lowerBound, to: range.upperBound,
                            marked: { ByteScan.marks($0, equalTo: 0x26) }, matches: { $0 == 0x26 }) < range.upperBound
    }

    /// Only white space may stand outside the root element. Out of line: the message strings
    /// would otherwise be set up on every call of `next`.
    @inline(never)
    private func checkOutsideRoot(_ text: Range<Int>) throws(Failure) {
        if let bad = text.first(where: { !Self.isSpace(bytes[$0]) }) {
            throw Failure(offset: bad, reason: sawRoot ? "text after the root element" : "text before the root element")
        }
    }

    private mutating func startTag(at start: Int) throws(Failure) -> Event {
        tagOffset = start
        position = start + 1
        let name = try readName(what: "a tag")
        if open.isEmpty && sawRoot {
            throw failure(at: start) { "a second root element <\(string(name))>" }
        }
        sawRoot = true
        attributeBuffer.removeAll()
        let n = bytes.count
        while true {
            skipSpaces()
            guard position < n else { throw failure(at: start) { "the tag <\(string(name))> is not closed with >" } }
            if bytes[position] == 0x3E {  // >
                position += 1
                open.append(OpenElement(name: name, offset: start))
                return .start(name: name)
            }
            if bytes[position] == 0x2F {  // />
                guard position + 1 < n, bytes[position + 1] == 0x3E else {
                    throw failure(at: position) { "expected > after / in <\(string(name))>" }
                }
                position += 2
                pendingEnd = name
                return .start(name: name)
            }
            let attributeName = try readName(what: "an attribute")
            skipSpaces()
            guard position < n, bytes[position] == 0x3D else {
                throw failure(at: position) { "attribute \(string(attributeName)) of <\(string(name))> has no =\"value\"" }
            }
            position += 1
            skipSpaces()
            guard position < n, bytes[position] == 0x22 || bytes[position] == 0x27 else {
                throw failure(at: position) { "the value of attribute \(string(attributeName)) of <\(string(name))> is not quoted" }
            }
            let quote = bytes[position]
            position += 1
            let valueStart = position
            var hasEntities = false
            // Eight bytes at a time to the closing quote, stopping at '<' (an error) and '&'.
            var p = position
            while true {
                p = ByteScan.firstIndex(in: bytes, from: p, marked: { word in
                    ByteScan.marks(word, equalTo: quote) | ByteScan.marks(word, equalTo: 0x3C) | ByteScan.marks(word, equalTo: 0x26)
                }, matches: { c in c == quote || c == 0x3C || c == 0x26 })
                guard p < n, bytes[p] != quote else { break }
                if bytes[p] == 0x3C {
                    throw failure(at: p) { "< inside the value of attribute \(string(attributeName)) (write &lt;)" }
                }
                hasEntities = true
                p += 1
            }
            position = p
            guard position < n else {
                throw failure(at: valueStart) { "the value of attribute \(string(attributeName)) is not closed" }
            }
            for k in 0..<attributeBuffer.count where same(attributeBuffer[k].name, attributeName) {
                throw failure(at: attributeName.lowerBound) { "attribute \(string(attributeName)) appears twice in <\(string(name))>" }
            }
            attributeBuffer.append(Attribute(name: attributeName, value: valueStart..<position, hasEntities: hasEntities))
            position += 1
        }
    }

    private mutating func endTag(at start: Int) throws(Failure) -> Event {
        tagOffset = start
        position = start + 2
        let name = try readName(what: "a closing tag")
        skipSpaces()
        guard position < bytes.count, bytes[position] == 0x3E else {
            throw failure(at: start) { "the closing tag </\(string(name))> is not closed with >" }
        }
        position += 1
        guard let last = open.last else {
            throw failure(at: start) { "</\(string(name))> closes no open element" }
        }
        if last.offset == Self.ancestorOffset {
            closedAncestors.append(name)
            open.removeLast()
            return .end(name: name)
        }
        guard same(last.name, name) else {
            throw failure(at: start) { "</\(string(name))> does not match <\(string(last.name))> opened on line \(line(at: last.offset))" }
        }
        open.removeLast()
        return .end(name: name)
    }

    /// A failure whose message is made only when it is thrown: out of line, so the string
    /// interpolations do not weigh on the tag scanning around them.
    @inline(never)
    private func failure(at offset: Int, _ reason: () -> String) -> Failure {
        Failure(offset: offset, reason: reason())
    }

    /// `what` names the token in the message when there is no name.
    private mutating func readName(what: @autoclosure () -> String) throws(Failure) -> Range<Int> {
        let start = position
        let n = bytes.count
        var p = start
        while p < n {
            let c = bytes[p]
            if c < 0x40 && (Self.nameStops >> c) & 1 != 0 { break }
            p += 1
        }
        position = p
        guard position > start else { throw Failure(offset: start, reason: "\(what()) has no name") }
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
        var p = position
        let n = bytes.count
        while p < n, Self.isSpace(bytes[p]) { p += 1 }
        position = p
    }

    /// XML white space: space, tab, LF, CR (one bit test).
    @inline(__always)
    static func isSpace(_ c: UInt8) -> Bool { c <= 0x20 && (0x1_0000_2600 as UInt64) >> c & 1 != 0 }

    /// The bytes that end a name, all below 0x40, as bits of one word: white space, `>`, `/`, `=`,
    /// `<`, `"` and `'`.
    /// `XMLScannerTests.nameStops` checks the word against the list.
    static let nameStops: UInt64 = 0x7000_8085_0000_2600


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
