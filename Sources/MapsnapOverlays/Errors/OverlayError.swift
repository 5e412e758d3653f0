import Foundation
import MapsnapFormats
import MapsnapGeo

/// A problem with an overlay input that stops reading it. Every message starts with where the
/// problem is — the file and line, or the file and JSON path — and says what is wrong with which
/// value, e.g. `track.gpx:14: trkpt has lat="95.1" outside -90...90`.
public enum OverlayError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: files
    /// `missing.gpx: no such file`
    case noSuchFile(String)
    /// `track.gpx: cannot be read: Permission denied`
    case unreadableFile(String, reason: String)
    /// `route.kml: unsupported file type (expected .gpx, .geojson, .json or .csv)`
    case unsupportedFileType(String)
    /// `fixes.csv:3: not UTF-8 text`
    case notUTF8(InputLocation)

    // MARK: syntax
    /// `track.gpx:14: malformed XML: a closing tag does not match the open element`
    case malformedXML(InputLocation, reason: String)
    /// `zones.geojson:3:17: malformed JSON: expected ',' or '}' after an object member`
    case malformedJSON(InputLocation, reason: String)
    /// `fixes.csv:7: malformed CSV: a quoted field is not closed (a " is missing)`
    case malformedCSV(InputLocation, reason: String)

    // MARK: GPX
    /// `route.gpx:2: the root element is <kml>, not <gpx>`
    case notGPX(InputLocation, rootElement: String)
    /// `track.gpx:14: trkpt has no lat attribute`
    case missingAttribute(InputLocation, element: String, attribute: String)
    /// `track.gpx:14: trkpt has lat="95.1" outside -90...90`
    case badAttribute(InputLocation, element: String, attribute: String, value: String, problem: ValueProblem)
    /// `track.gpx:15: <time> "noon" is not an ISO 8601 date and time (e.g. 2024-05-01T08:30:00Z)`
    case badElement(InputLocation, element: String, value: String, problem: ValueProblem)

    // MARK: CSV
    /// `fixes.csv:7: expected lat,lon[,accuracy_m][,time], got 5 columns`, or with a header
    /// `fixes.csv:7: expected the header's 6 columns, got 3`
    case badColumnCount(InputLocation, expected: String, got: Int)
    /// `fixes.csv:1: the header has no lat column (expected lat,lon[,accuracy_m][,time])`
    case missingColumn(InputLocation, column: String)
    /// `fixes.csv:7: 'abc' is not a number (column lon)`
    case badField(InputLocation, column: String, value: String, problem: ValueProblem)

    // MARK: GeoJSON
    /// Not GeoJSON as RFC 7946 says, from the one `GeoJSONReader`:
    /// `zones.geojson: features[3].geometry.coordinates[12]: latitude 95.1 is outside -90...90 (GeoJSON positions are [lon, lat])`
    case geoJSON(file: String, GeoJSONError)
    /// A simplestyle-spec property: `zones.geojson: features[0].properties.fill-opacity: must be a number from 0 to 1, got 1.5`
    case unexpectedValue(InputLocation, expected: String, got: String)

    // MARK: values
    /// `zones.geojson: features[2].properties.radius: must be a number of meters greater than 0 and at most 20,000 km, got -5`
    case radiusOutOfRange(InputLocation, got: String)
    /// `big.csv:5000002: has more than the 5000000 points a request may draw` (reading stops there)
    case tooManyPoints(InputLocation)

    /// What is wrong with a value that was read as text.
    public enum ValueProblem: Sendable, Equatable {
        case notANumber
        /// Outside the range written as text, e.g. `-90...90`.
        case outside(String)
        case notATime
    }

    /// The location the message starts with.
    public var location: InputLocation {
        switch self {
        case .noSuchFile(let file), .unreadableFile(let file, _), .unsupportedFileType(let file):
            return InputLocation(file: file)
        case .geoJSON(let file, let error):
            return InputLocation(file: file, path: error.path)
        case .notUTF8(let at), .malformedXML(let at, _), .malformedJSON(let at, _), .malformedCSV(let at, _), .notGPX(let at, _),
             .missingAttribute(let at, _, _), .badAttribute(let at, _, _, _, _), .badElement(let at, _, _, _),
             .badColumnCount(let at, _, _), .missingColumn(let at, _), .badField(let at, _, _, _),
             .unexpectedValue(let at, _, _), .radiusOutOfRange(let at, _), .tooManyPoints(let at):
            return at
        }
    }

    public var description: String { "\(location): \(problem)" }

    /// The message without its location.
    public var problem: String {
        switch self {
        case .noSuchFile:
            return "no such file"
        case .unreadableFile(_, let reason):
            return "cannot be read: \(reason)"
        case .unsupportedFileType:
            return "unsupported file type (expected .gpx, .geojson, .json or .csv)"
        case .notUTF8:
            return "not UTF-8 text"
        case .malformedXML(_, let reason):
            return "malformed XML: \(reason)"
        case .malformedJSON(_, let reason):
            return "malformed JSON: \(reason)"
        case .malformedCSV(_, let reason):
            return "malformed CSV: \(reason)"
        case .notGPX(_, let root):
            return "the root element is <\(root)>, not <gpx>"
        case .missingAttribute(_, let element, let attribute):
            return "\(element) has no \(attribute) attribute"
        case .badAttribute(_, let element, let attribute, let value, let problem):
            let shown = "\(element) has \(attribute)=\"\(Self.excerpt(value))\""
            switch problem {
            case .notANumber: return "\(shown), which is not a number"
            case .outside(let range): return "\(shown) outside \(range)"
            case .notATime: return "\(shown), which is not an ISO 8601 date and time"
            }
        case .badElement(_, let element, let value, let problem):
            let shown = "<\(element)> \"\(Self.excerpt(value))\""
            switch problem {
            case .notANumber: return "\(shown) is not a number"
            case .outside(let range): return "\(shown) is outside \(range)"
            case .notATime: return "\(shown) is not an ISO 8601 date and time (e.g. 2024-05-01T08:30:00Z)"
            }
        case .badColumnCount(_, let expected, let count):
            return "expected \(expected), got \(count) column\(count == 1 ? "" : "s")"
        case .missingColumn(_, let column):
            return "the header has no \(column) column (expected \(CSVFixReader.columnsHelp))"
        case .badField(_, let column, let value, let problem):
            switch problem {
            case .notANumber: return "'\(Self.excerpt(value))' is not a number (column \(column))"
            case .outside(let range): return "'\(Self.excerpt(value))' is outside \(range) (column \(column))"
            case .notATime:
                return "'\(Self.excerpt(value))' is not a time: ISO 8601 (e.g. 2024-05-01T08:30:00Z) or Unix seconds (column \(column))"
            }
        case .geoJSON(_, let error):
            return error.message
        case .unexpectedValue(_, let expected, let got):
            return "must be \(expected), got \(got)"
        case .radiusOutOfRange(_, let got):
            return "must be \(OverlayError.radiusRule), got \(got)"
        case .tooManyPoints:
            return "has more than the \(InputLimits.maxPoints) points a request may draw"
        }
    }

    /// The rule for radii and accuracies, as messages state it.
    static let radiusRule = "a number of meters greater than 0 and at most 20,000 km"
}

extension OverlayError {
    /// A value from a file as a message shows it: whole when short, else its start and end with
    /// its length (a field of 100,000 digits is not echoed back whole).
    static func excerpt(_ value: String) -> String {
        guard value.count > 40 else { return value }
        return "\(value.prefix(24))…\(value.suffix(8)) [\(value.count) characters]"
    }
}
