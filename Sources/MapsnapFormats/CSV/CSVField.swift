/// Where one field's value lies in the input: the bytes between the delimiters, or between the
/// quotes of a quoted field. `needsUnescaping` marks a quoted value holding `""` or a CR, which
/// `CSVRecord` rewrites (`""` → `"`, CRLF or a lone CR → LF) when asked for the value.
@usableFromInline
struct CSVField: Sendable {
    @usableFromInline var start: Int
    @usableFromInline var end: Int
    @usableFromInline var needsUnescaping: Bool

    @inlinable init(start: Int, end: Int, needsUnescaping: Bool) {
        self.start = start
        self.end = end
        self.needsUnescaping = needsUnescaping
    }
}
