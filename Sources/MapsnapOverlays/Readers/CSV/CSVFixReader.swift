import Foundation
import MapsnapFormats
import MapsnapGeo

/// Reads GPS fixes from comma-separated text, one fix a record: `lat,lon[,accuracy_m][,time]`
/// (latitude first, degrees WGS-84; accuracy in meters, empty when unknown; time in ISO 8601, e.g.
/// `2024-05-01T08:30:00Z`, or Unix seconds).
///
/// - Records are split by `CSVReader` (RFC 4180): fields may be double-quoted and then hold
///   commas; a UTF-8 byte-order mark, blank lines and lines starting with `#` are skipped; line
///   numbers in messages are where the record starts.
/// - A first record whose first field is not a number is a header. With a header, columns are
///   found by name, in any order, and other columns are ignored: `lat`/`latitude`,
///   `lon`/`lng`/`long`/`longitude`, `accuracy`/`accuracy_m`/`hacc`/`horizontal_accuracy`,
///   `time`/`timestamp`/`datetime` (case-insensitive). Without one, the columns are positional:
///   2 to 4 of them.
/// - Values are trimmed of spaces and tabs.
/// - Negative accuracies are kept (they mark invalid fixes, which `FixFilter` drops).
///
/// Numbers and times are parsed from the bytes (`DecimalNumber`, `ISO8601Time`): a String is made
/// only for a header and for a message.
public enum CSVFixReader {
    static let columnsHelp = "lat,lon[,accuracy_m][,time]"

    public static func read(_ data: Data, fileName: String) throws(OverlayError) -> [Fix] {
        let result: Result<[Fix], OverlayError> = data.withUnsafeBytes { raw in
            do throws(OverlayError) {
                return .success(try read(raw.bindMemory(to: UInt8.self), fileName: fileName))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, fileName: String) throws(OverlayError) -> [Fix] {
        var reader = CSVReader(bytes: bytes, commentMarker: UInt8(ascii: "#"))
        guard let first = try next(&reader, fileName) else { return [] }
        var fixes: [Fix] = []
        let layout: Layout
        if Fields(record: first).number(0) == nil {
            layout = try Layout(header: Fields(record: first), fileName: fileName)
        } else {
            layout = Layout.positional
            fixes.append(try layout.fix(from: Fields(record: first), fileName: fileName))
        }
        // Room for as many fixes as records the size of the first (pages not written to cost
        // nothing), at most 4 million up front (190 MB): a larger file grows the array as usual.
        fixes.reserveCapacity(min(bytes.count / max(reader.offset - first.offset, 16) + 1, 1 << 22))
        while let record = try next(&reader, fileName) {
            // Stop reading at the limit rather than reading a whole oversized file first.
            guard fixes.count < InputLimits.maxPoints else { throw .tooManyPoints(Fields(record: record).location(fileName)) }
            fixes.append(try layout.fix(from: Fields(record: record), fileName: fileName))
        }
        return fixes
    }

    @inline(__always)
    private static func next(_ reader: inout CSVReader, _ fileName: String) throws(OverlayError) -> CSVRecord? {
        do {
            return try reader.next()
        } catch {
            let at = InputLocation(file: fileName, line: error.line)
            throw error.problem == .notUTF8 ? .notUTF8(at) : .malformedCSV(at, reason: error.reason)
        }
    }

    /// One record's fields, trimmed, read as numbers and times straight from the bytes.
    struct Fields {
        let record: CSVRecord

        var count: Int { record.count }

        /// Where the record is, for a message.
        func location(_ fileName: String) -> InputLocation { InputLocation(file: fileName, line: record.line) }

        @inline(__always) func isEmpty(_ index: Int) -> Bool { trimmed(index) { $0.isEmpty } }

        func string(_ index: Int) -> String { trimmed(index) { String(decoding: $0, as: UTF8.self) } }

        /// The field as a number (any form `Double(String)` reads, `nan` and `inf` included).
        @inline(__always) func number(_ index: Int) -> Double? { trimmed(index) { DecimalNumber.parse($0) } }

        @inline(__always) func time(_ index: Int) -> Date? {
            trimmed(index) { bytes in
                // A date is never a number (it has a '-' after digits), so the order does not matter;
                // trying the date first spares Unix seconds nothing and ISO times the number parser.
                if let date = ISO8601Time.parse(trimming: bytes) { return date }
                if let seconds = DecimalNumber.parse(bytes), seconds.isFinite { return Date(timeIntervalSince1970: seconds) }
                return nil
            }
        }

        @inline(__always) private func trimmed<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            record.withBytes(at: index) { bytes in
                var start = 0, end = bytes.count
                while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
                while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
                return body(UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + start }, count: end - start))
            }
        }
    }

    /// Which column holds what, and how to name it in messages.
    struct Layout {
        var lat = 0, lon = 1
        var accuracy: Int?
        var time: Int?
        var names: [String] = ["lat", "lon", "accuracy_m", "time"]
        /// The header's column count, nil for positional columns.
        var headerCount: Int?
        /// The fewest fields a record needs to hold every column found in the header.
        var needed = 0

        static let positional = Layout(accuracy: 2, time: 3)

        static let latitudeNames: Set = ["lat", "latitude"]
        static let longitudeNames: Set = ["lon", "lng", "long", "longitude"]
        static let accuracyNames: Set = ["accuracy", "accuracy_m", "hacc", "horizontal_accuracy"]
        static let timeNames: Set = ["time", "timestamp", "datetime"]

        init(lat: Int = 0, lon: Int = 1, accuracy: Int?, time: Int?) {
            self.lat = lat; self.lon = lon; self.accuracy = accuracy; self.time = time
        }

        init(header fields: Fields, fileName: String) throws(OverlayError) {
            let header = (0..<fields.count).map(fields.string)
            func find(_ names: Set<String>) -> Int? {
                header.firstIndex { names.contains($0.lowercased()) }
            }
            guard let lat = find(Self.latitudeNames) else { throw .missingColumn(fields.location(fileName), column: "lat") }
            guard let lon = find(Self.longitudeNames) else { throw .missingColumn(fields.location(fileName), column: "lon") }
            self.init(lat: lat, lon: lon, accuracy: find(Self.accuracyNames), time: find(Self.timeNames))
            names = [header[lat], header[lon], accuracy.map { header[$0] } ?? "", time.map { header[$0] } ?? ""]
            headerCount = header.count
            needed = [lat, lon, accuracy ?? 0, time ?? 0].max()! + 1
        }

        func fix(from fields: Fields, fileName: String) throws(OverlayError) -> Fix {
            if let headerCount {
                guard fields.count >= needed else {
                    throw .badColumnCount(fields.location(fileName), expected: "the header's \(headerCount) columns", got: fields.count)
                }
            } else {
                guard (2...4).contains(fields.count) else {
                    throw .badColumnCount(fields.location(fileName), expected: CSVFixReader.columnsHelp, got: fields.count)
                }
            }
            let latitude = try number(fields, lat, name: 0, fileName)
            guard OverlayLimits.isValidLatitude(latitude) else {
                throw .badField(fields.location(fileName), column: names[0], value: fields.string(lat), problem: .outside("-90...90"))
            }
            let longitude = try number(fields, lon, name: 1, fileName)
            guard OverlayLimits.isValidLongitude(longitude) else {
                throw .badField(fields.location(fileName), column: names[1], value: fields.string(lon), problem: .outside("-180...180"))
            }
            var fix = Fix(coordinate: LatLon(latitude, longitude))
            if let accuracy, accuracy < fields.count, !fields.isEmpty(accuracy) {
                fix.accuracyMeters = try number(fields, accuracy, name: 2, fileName)
            }
            if let time, time < fields.count, !fields.isEmpty(time) {
                guard let date = fields.time(time) else {
                    throw .badField(fields.location(fileName), column: names[3], value: fields.string(time), problem: .notATime)
                }
                fix.time = date
            }
            return fix
        }

        /// Field `index` as a finite number; `name` is the column's index in `names`, looked up
        /// only for a message (copying a String per field costs as much as parsing it).
        private func number(_ fields: Fields, _ index: Int, name: Int, _ fileName: String) throws(OverlayError) -> Double {
            guard let value = fields.number(index), value.isFinite else {
                throw .badField(fields.location(fileName), column: names[name], value: fields.string(index), problem: .notANumber)
            }
            return value
        }
    }
}
