/// Splits CSV text (RFC 4180) into records, reading UTF-8 bytes, not Characters:
///
/// - fields are separated by commas; a field may be double-quoted and then hold commas, line
///   breaks and `""` for one `"`; spaces and tabs around a quoted field are ignored (`  "a" ,b`);
///   a `"` inside an unquoted field is kept as it is;
/// - lines end with LF, CRLF or a lone CR; a CR never ends up in a value (inside quotes CRLF and a
///   lone CR read as LF);
/// - a UTF-8 byte-order mark at the start is skipped; blank lines (nothing, or only spaces and
///   tabs) are skipped, and so are comment lines when `commentMarker` is set (their first byte
///   after spaces is the marker, e.g. `#`), but only where a record would start;
/// - every record carries the 1-based line where it starts;
/// - malformed input is a `CSVError` with its line, never a trap: an unterminated quote, text
///   after a closing quote, bytes that are not UTF-8. After an error `next()` goes on with the
///   next line, except after an unterminated quote, which leaves nothing to read.
///
/// Values are not trimmed. The reader keeps one field buffer and reuses it for the next record
/// when the previous record is no longer held, so a loop over a large file allocates nothing per
/// record.
public struct CSVReader {
    @usableFromInline static let quote: UInt8 = 0x22
    @usableFromInline static let cr: UInt8 = 0x0D
    @usableFromInline static let lf: UInt8 = 0x0A
    static let comma: UInt8 = 0x2C
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09

    let input: UnsafeBufferPointer<UInt8>
    let commentMarker: UInt8?
    /// The next byte to read, and the line it is on.
    private var position = 0
    private var line = 1
    /// The current record's fields, refilled for every record.
    private var fields = ReusedBuffer<CSVField>()

    /// `input` must stay alive while the reader and its records are used.
    public init(bytes input: UnsafeBufferPointer<UInt8>, commentMarker: UInt8? = nil) {
        self.input = input
        self.commentMarker = commentMarker
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }
    }

    /// The byte offset where reading goes on (after the last record's line end).
    public var offset: Int { position }

    /// The next record, or nil at the end of the input.
    public mutating func next() throws(CSVError) -> CSVRecord? {
        fields.removeAll()
        guard skipToRecord() else { return nil }
        let recordLine = line, recordOffset = position
        do {
            while true {
                try readField()
                guard position < input.count else { break }
                let c = input[position]
                position += 1
                // After a comma comes another field, empty when the comma ends the line or the input.
                if c == Self.comma { continue }
                // A line end: CR, LF or CRLF.
                if c == Self.cr, position < input.count, input[position] == Self.lf { position += 1 }
                line += 1
                break
            }
        } catch {
            recover(from: error)
            throw error
        }
        return CSVRecord(line: recordLine, offset: recordOffset, input: input, fields: fields)
    }

    /// Skips blank and comment lines; false at the end of the input.
    private mutating func skipToRecord() -> Bool {
        let n = input.count
        while position < n {
            var p = position
            while p < n, input[p] == Self.space || input[p] == Self.tab { p += 1 }
            guard p < n else { break }
            let c = input[p]
            if c == Self.lf || c == Self.cr {
                position = p + 1
                if c == Self.cr, position < n, input[position] == Self.lf { position += 1 }
                line += 1
            } else if let commentMarker, c == commentMarker {
                while p < n, input[p] != Self.lf, input[p] != Self.cr { p += 1 }
                position = p
            } else {
                return true
            }
        }
        position = n
        return false
    }

    /// Reads one field from `position`, leaving `position` at the delimiter after it (or the end).
    private mutating func readField() throws(CSVError) {
        let n = input.count
        let start = position
        var p = position
        // A quoted field, perhaps after spaces; most fields start with neither.
        if p < n, input[p] <= Self.quote {
            while p < n, input[p] == Self.space || input[p] == Self.tab { p += 1 }
            if p < n, input[p] == Self.quote {
                position = p + 1
                try readQuotedValue()
                return
            }
        }
        // The hot loop: eight bytes at a time up to the first comma, line end or non-ASCII byte.
        while true {
            p = Self.firstSpecialByte(in: input, from: p)
            guard p < n else { break }
            let c = input[p]
            if c == Self.comma || c == Self.lf || c == Self.cr { break }
            p = try endOfUTF8Sequence(at: p)
        }
        fields.append(CSVField(start: start, end: p, needsUnescaping: false))
        position = p
    }

    /// Reads a quoted value from just after its opening quote, then the spaces after its closing
    /// quote, which must be followed by a delimiter or the end.
    private mutating func readQuotedValue() throws(CSVError) {
        let n = input.count
        let openingLine = line
        let start = position
        var p = position
        var needsUnescaping = false
        while true {
            guard p < n else { throw CSVError(line: openingLine, problem: .unterminatedQuote) }
            let c = input[p]
            if c == Self.quote {
                guard p + 1 < n, input[p + 1] == Self.quote else { break }
                needsUnescaping = true
                p += 2
            } else if c == Self.lf {
                line += 1
                p += 1
            } else if c == Self.cr {
                needsUnescaping = true
                line += 1
                p += p + 1 < n && input[p + 1] == Self.lf ? 2 : 1
            } else if c >= 0x80 {
                p = try endOfUTF8Sequence(at: p)
            } else {
                p += 1
            }
        }
        fields.append(CSVField(start: start, end: p, needsUnescaping: needsUnescaping))
        p += 1
        while p < n, input[p] == Self.space || input[p] == Self.tab { p += 1 }
        position = p
        guard p == n || input[p] == Self.comma || input[p] == Self.lf || input[p] == Self.cr else {
            throw CSVError(line: line, problem: .textAfterClosingQuote)
        }
    }

    /// The index of the first comma, LF, CR or byte >= 0x80 at or after `start`, or the count.
    @inline(__always)
    static func firstSpecialByte(in input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        ByteScan.firstIndex(in: input, from: start, marked: { word in
            ByteScan.marks(word, equalTo: comma) | ByteScan.marks(word, equalTo: lf) | ByteScan.marks(word, equalTo: cr)
                | (word & ByteScan.highs)
        }, matches: { c in c == comma || c == lf || c == cr || c >= 0x80 })
    }

    /// The index after the UTF-8 sequence that starts at `p` (a byte >= 0x80).
    private mutating func endOfUTF8Sequence(at p: Int) throws(CSVError) -> Int {
        guard let length = UTF8Validation.sequenceLength(input, at: p) else {
            position = p  // where recovering starts
            throw CSVError(line: line, problem: .notUTF8)
        }
        return p + length
    }

    /// Moves past the line the error is on, or to the end after an unterminated quote.
    private mutating func recover(from error: CSVError) {
        let n = input.count
        guard error.problem != .unterminatedQuote else {
            position = n
            return
        }
        while position < n, input[position] != Self.lf, input[position] != Self.cr { position += 1 }
        if position < n {
            let c = input[position]
            position += 1
            if c == Self.cr, position < n, input[position] == Self.lf { position += 1 }
            line += 1
        }
    }
}
