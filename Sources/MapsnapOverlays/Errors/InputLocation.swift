/// Where in an input a problem is: the file (or a command-line option such as `--user`), and the
/// line (1-based, with a column for JSON syntax) or a JSON path such as
/// `features[3].geometry.coordinates[12]`. Printed as `track.gpx:14`, `zones.geojson:3:17` or
/// `zones.geojson: features[2].properties.radius`.
public struct InputLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var path: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
    }

    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        if let path, !path.isEmpty { text += ": \(path)" }
        return text
    }
}
