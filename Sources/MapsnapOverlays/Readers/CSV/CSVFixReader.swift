import Foundation

/// Reads GPS fixes from comma-separated text, one fix a line: `lat,lon[,accuracy_m][,time]`
/// (latitude first, degrees WGS-84; accuracy in meters, empty when unknown; time in ISO 8601, e.g.
/// `2024-05-01T08:30:00Z`, or Unix seconds).
///
/// - Blank lines and lines starting with `#` are skipped.
/// - A first line whose first field is not a number is a header. With a header, columns are found
///   by name, in any order, and other columns are ignored: `lat`/`latitude`, `lon`/`lng`/`long`/
///   `longitude`, `accuracy`/`accuracy_m`/`hacc`/`horizontal_accuracy`, `time`/`timestamp`/
///   `datetime` (case-insensitive). Without one, the columns are positional: 2 to 4 of them.
/// - Fields are trimmed and may be wrapped in double quotes; a field cannot contain a comma.
/// - Negative accuracies are kept (they mark invalid fixes, which `FixFilter` drops).
public enum CSVFixReader {
    static let columnsHelp = "lat,lon[,accuracy_m][,time]"

    public static func read(_ data: Data, fileName: String) throws(OverlayError) -> [Fix] {
        guard var text = String(data: data, encoding: .utf8) else {
            throw .notUTF8(InputLocation(file: fileName, line: firstInvalidUTF8Line(data)))
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }

        var layout: Layout?
        var fixes: [Fix] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(unquoted)
            let at = InputLocation(file: fileName, line: lineNumber)
            if layout == nil {
                if Double(fields[0]) == nil {
                    layout = try Layout(header: fields, at: at)
                    continue
                }
                layout = Layout.positional
            }
            fixes.append(try layout!.fix(from: fields, at: at))
        }
        return fixes
    }

    /// Which column holds what, and how to name it in messages.
    struct Layout {
        var lat = 0, lon = 1
        var accuracy: Int?
        var time: Int?
        var names: [String] = ["lat", "lon", "accuracy_m", "time"]
        /// The header's column count, nil for positional columns.
        var headerCount: Int?

        static let positional = Layout(accuracy: 2, time: 3)

        static let latitudeNames: Set = ["lat", "latitude"]
        static let longitudeNames: Set = ["lon", "lng", "long", "longitude"]
        static let accuracyNames: Set = ["accuracy", "accuracy_m", "hacc", "horizontal_accuracy"]
        static let timeNames: Set = ["time", "timestamp", "datetime"]

        init(lat: Int = 0, lon: Int = 1, accuracy: Int?, time: Int?) {
            self.lat = lat; self.lon = lon; self.accuracy = accuracy; self.time = time
        }

        init(header: [String], at: InputLocation) throws(OverlayError) {
            func find(_ names: Set<String>) -> Int? {
                header.firstIndex { names.contains($0.lowercased()) }
            }
            guard let lat = find(Self.latitudeNames) else { throw .missingColumn(at, column: "lat") }
            guard let lon = find(Self.longitudeNames) else { throw .missingColumn(at, column: "lon") }
            self.init(lat: lat, lon: lon, accuracy: find(Self.accuracyNames), time: find(Self.timeNames))
            names = [header[lat], header[lon], accuracy.map { header[$0] } ?? "", time.map { header[$0] } ?? ""]
            headerCount = header.count
        }

        func fix(from fields: [String], at: InputLocation) throws(OverlayError) -> Fix {
            if let headerCount {
                let needed = [lat, lon, accuracy ?? 0, time ?? 0].max()! + 1
                guard fields.count >= needed else {
                    throw .badColumnCount(at, expected: "the header's \(headerCount) columns", got: fields.count)
                }
            } else {
                guard (2...4).contains(fields.count) else {
                    throw .badColumnCount(at, expected: CSVFixReader.columnsHelp, got: fields.count)
                }
            }
            let latitude = try number(fields[lat], column: names[0], at: at)
            guard OverlayLimits.isValidLatitude(latitude) else {
                throw .badField(at, column: names[0], value: fields[lat], problem: .outside("-90...90"))
            }
            let longitude = try number(fields[lon], column: names[1], at: at)
            guard OverlayLimits.isValidLongitude(longitude) else {
                throw .badField(at, column: names[1], value: fields[lon], problem: .outside("-180...180"))
            }
            var fix = Fix(coordinate: LatLon(latitude, longitude))
            if let accuracy, accuracy < fields.count, !fields[accuracy].isEmpty {
                fix.accuracyMeters = try number(fields[accuracy], column: names[2], at: at)
            }
            if let time, time < fields.count, !fields[time].isEmpty {
                let text = fields[time]
                if let seconds = Double(text), seconds.isFinite {
                    fix.time = Date(timeIntervalSince1970: seconds)
                } else if let date = ISO8601Time.parse(text) {
                    fix.time = date
                } else {
                    throw .badField(at, column: names[3], value: text, problem: .notATime)
                }
            }
            return fix
        }

        private func number(_ text: String, column: String, at: InputLocation) throws(OverlayError) -> Double {
            guard let value = Double(text), value.isFinite else {
                throw .badField(at, column: column, value: text, problem: .notANumber)
            }
            return value
        }
    }

    private static func unquoted(_ field: Substring) -> String {
        let trimmed = field.trimmingCharacters(in: .whitespaces)
        if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") {
            return String(trimmed.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
        return trimmed
    }

    /// The 1-based line of the first byte sequence that is not UTF-8.
    private static func firstInvalidUTF8Line(_ data: Data) -> Int? {
        var line = 1
        var lineStart = data.startIndex
        for (offset, byte) in zip(data.indices, data) where byte == 0x0A {
            if String(data: data[lineStart..<offset], encoding: .utf8) == nil { return line }
            line += 1
            lineStart = offset + 1
        }
        return String(data: data[lineStart...], encoding: .utf8) == nil ? line : nil
    }
}
