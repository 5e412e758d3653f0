/// CSV for small files and reports: whole records as Strings, and a value escaped for a cell.
/// Large files go through `CSVReader` and `CSVRecord.withBytes(at:)` instead.
public enum CSV {
    /// One record as Strings, with the 1-based line where it starts.
    public struct Row: Sendable, Equatable {
        public var line: Int
        public var fields: [String]

        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    /// Every record of `text` (a header is just the first row), split as `CSVReader` does; the
    /// first malformed record throws (`CSVReader` itself can go on past it).
    public static func rows(_ text: String, commentMarker: UInt8? = nil) throws(CSVError) -> [Row] {
        try rows(Array(text.utf8), commentMarker: commentMarker)
    }

    /// Every record of the UTF-8 `bytes` (a header is just the first row).
    public static func rows(_ bytes: [UInt8], commentMarker: UInt8? = nil) throws(CSVError) -> [Row] {
        try bytes.withUnsafeBufferPointer { (bytes) throws(CSVError) -> [Row] in try rows(bytes, commentMarker: commentMarker) }
    }

    /// Every record of the UTF-8 `bytes` (a header is just the first row).
    public static func rows(_ bytes: UnsafeBufferPointer<UInt8>, commentMarker: UInt8? = nil) throws(CSVError) -> [Row] {
        try recordsOrErrors(bytes, commentMarker: commentMarker).map { (r) throws(CSVError) -> Row in try r.get() }
    }

    /// Every record of the UTF-8 `bytes`, a malformed one as its error, reading on past it as
    /// `CSVReader` does (so that one bad row of a manifest fails alone).
    public static func recordsOrErrors(_ bytes: [UInt8], commentMarker: UInt8? = nil) -> [Result<Row, CSVError>] {
        bytes.withUnsafeBufferPointer { recordsOrErrors($0, commentMarker: commentMarker) }
    }

    public static func recordsOrErrors(_ bytes: UnsafeBufferPointer<UInt8>, commentMarker: UInt8? = nil) -> [Result<Row, CSVError>] {
        var reader = CSVReader(bytes: bytes, commentMarker: commentMarker)
        var out: [Result<Row, CSVError>] = []
        while true {
            do {
                guard let record = try reader.next() else { break }
                out.append(.success(Row(line: record.line, fields: record.strings)))
            } catch {
                out.append(.failure(error))
            }
        }
        return out
    }

    /// `field` as one CSV cell: quoted, with `"` doubled, when it holds a comma, a quote, a CR or
    /// an LF; as it is otherwise.
    public static func escape(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return field }
        var cell = "\""
        for c in field {
            if c == "\"" { cell += "\"" }
            cell.append(c)
        }
        return cell + "\""
    }
}
