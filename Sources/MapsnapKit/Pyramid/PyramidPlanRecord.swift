import Foundation
import MapsnapFormats
import MapsnapGeo

/// What a pyramid output is made with, written into it when a run starts (MBTiles metadata, or a
/// folder's `metadata.json`) together with whether the run finished. A resume must ask for the
/// same plan (another scale, style or zoom range would mix tiles that do not belong together),
/// and a plain re-run can tell an unfinished output from a finished one.
struct PyramidPlanRecord: Equatable, Sendable {
    /// Metadata keys.
    static let planKey = "mapsnap:plan"
    static let completeKey = "mapsnap:complete"

    /// The plan's parts in a fixed order, each named by the request field that sets it.
    let parts: [(field: String, value: String)]

    static func == (a: Self, b: Self) -> Bool { a.parts.map(\.value) == b.parts.map(\.value) && a.parts.map(\.field) == b.parts.map(\.field) }

    init(_ o: TilePyramidOptions, areas: [BoundingBox]) {
        func path(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.path }
        let style: String
        switch o.style.style {
        case .named(let n): style = n
        case .file(let p): style = path(p)
        }
        parts = [
            ("style", style),
            ("tiles", o.style.tiles.map(path).joined(separator: ",")),
            ("sources", o.style.sources.keys.sorted().map { "\($0)=\(path(o.style.sources[$0]!))" }.joined(separator: ",")),
            ("sprite", o.style.sprite.map(path) ?? ""),
            ("scale", "\(o.scale)"),
            ("metatile", "\(o.metatileSize)"),
            ("format", o.encoding.summary),
            ("png", o.encoding.pngCompression.rawValue),
            ("zoom", "\(o.zooms.lowerBound)-\(o.zooms.upperBound)"),
            ("bbox", areas.map(DataCoverage.text).joined(separator: ";")),
            ("shard", o.shard.map { "\($0.index)/\($0.count)" } ?? ""),
        ]
    }

    init(parts: [(field: String, value: String)]) { self.parts = parts }

    /// One line: `style=light|tiles=|…` (values never hold `|`, paths aside, which are escaped).
    var text: String { parts.map { "\($0.field)=\($0.value.replacingOccurrences(of: "|", with: "%7C"))" }.joined(separator: "|") }

    init?(text: String) {
        var parts: [(String, String)] = []
        for piece in text.split(separator: "|", omittingEmptySubsequences: false) {
            guard let eq = piece.firstIndex(of: "=") else { return nil }
            parts.append((String(piece[..<eq]), String(piece[piece.index(after: eq)...]).replacingOccurrences(of: "%7C", with: "|")))
        }
        self.init(parts: parts)
    }

    /// The first part this plan asks differently from `recorded`, worded as a request error.
    func mismatch(with recorded: PyramidPlanRecord, output: String,
                  advice: String = "resume with the same options, or write to a new output") -> RequestError? {
        for (mine, theirs) in zip(parts, recorded.parts) where mine != theirs {
            func shown(_ v: String) -> String { v.isEmpty ? "none" : v }
            return RequestError(FieldPath("resume"), segments: [
                .text("\(output) was started with "), .field(FieldPath(mine.field)), .text(" \(shown(theirs.value)); this run asks "),
                .text("\(shown(mine.value)): \(advice)"),
            ])
        }
        if parts.count != recorded.parts.count {
            return RequestError("resume", "\(output) was started by another version of mapsnap; write to a new output")
        }
        return nil
    }
}
