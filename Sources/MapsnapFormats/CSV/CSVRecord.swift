/// One CSV record: its fields as byte ranges into the reader's input, and the line it starts on.
/// Nothing is copied until a value is asked for, so a reader can parse numbers straight from
/// `withBytes(at:)` without making a String per field.
///
/// A record points into the bytes given to `CSVReader`: use it while they are alive.
public struct CSVRecord {
    /// The 1-based line where the record starts (a quoted line break makes a record span lines).
    public let line: Int
    /// The byte offset in the input where the record starts.
    public let offset: Int
    @usableFromInline let input: UnsafeBufferPointer<UInt8>
    @usableFromInline let fields: ReusedBuffer<CSVField>

    init(line: Int, offset: Int, input: UnsafeBufferPointer<UInt8>, fields: ReusedBuffer<CSVField>) {
        self.line = line
        self.offset = offset
        self.input = input
        self.fields = fields
    }

    /// The number of fields (at least 1: an empty line is skipped, not a record of one field).
    @inlinable public var count: Int { fields.count }

    /// The value of field `index` as UTF-8 bytes (quotes removed, `""` as `"`, line breaks as
    /// LF), valid only inside `body`.
    @inlinable
    public func withBytes<Result, Failure: Error>(
        at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let field = fields[index]
        guard field.needsUnescaping else {
            // The reader made the range from this input: no slice bounds to check again.
            return try body(UnsafeBufferPointer(start: input.baseAddress.map { $0 + field.start }, count: field.end - field.start))
        }
        let value = unescaped(field)
        // Result is not escaping and the array outlives the call, so the pointer stays valid.
        return try value.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(buffer) }
    }

    /// The value of field `index`.
    public func string(at index: Int) -> String {
        withBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// All values, for small files where a String per field does not matter.
    public var strings: [String] { (0..<count).map(string(at:)) }

    /// True when field `index` is empty (`,,` or `""`).
    @inlinable public func isEmpty(at index: Int) -> Bool {
        let field = fields[index]
        return field.start == field.end
    }

    @usableFromInline
    func unescaped(_ field: CSVField) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(field.end - field.start)
        var i = field.start
        while i < field.end {
            let c = input[i]
            if c == CSVReader.quote {
                i += 1  // the first of "", which only occurs doubled inside a quoted value
            } else if c == CSVReader.cr {
                if i + 1 < field.end, input[i + 1] == CSVReader.lf { i += 1 }
                out.append(CSVReader.lf)
                i += 1
                continue
            }
            out.append(input[i])
            i += 1
        }
        return out
    }
}
