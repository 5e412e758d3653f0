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

    /// Parts that are not options but what the tiles were made from (worded as such in messages).
    static let fingerprintFields: Set<String> = ["style-file", "data"]

    init(_ o: TilePyramidOptions, areas: [BoundingBox], fingerprints: PyramidFingerprints = .none) {
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
            ("style-file", fingerprints.style),
            ("data", fingerprints.data),
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

    /// The first part this plan has differently from `other` (`nil` when they agree part for part).
    func firstDifference(from other: PyramidPlanRecord) -> (field: String, mine: String, theirs: String)? {
        for (mine, theirs) in zip(parts, other.parts) where mine != theirs {
            return (mine.field, mine.value, theirs.value)
        }
        return nil
    }

    /// How one differing part reads: `--zoom 12-15`, or for a fingerprint what changed.
    static func worded(_ field: String, _ value: String) -> [RequestError.Segment] {
        switch field {
        case "style-file": return [.text("the style file's contents \(value.isEmpty ? "unknown" : value)")]
        case "data": return [.text("the data \(value.isEmpty ? "none" : value)")]
        default: return [.field(FieldPath(field)), .text(" \(value.isEmpty ? "none" : value)")]
        }
    }

    /// The first part this plan asks differently from `recorded`, worded as a request error.
    func mismatch(with recorded: PyramidPlanRecord, output: String,
                  advice: String = "resume with the same options, or write to a new output") -> RequestError? {
        if let d = firstDifference(from: recorded) {
            // `--scale 1; this run asks 2`: an option's name once; a fingerprint says what it is both times.
            let asked = Self.fingerprintFields.contains(d.field) ? Self.worded(d.field, d.mine) : [.text(d.mine.isEmpty ? "none" : d.mine)]
            return RequestError(FieldPath("resume"), segments: [.text("\(output) was started with ")]
                + Self.worded(d.field, d.theirs) + [.text("; this run asks ")] + asked + [.text(": \(advice)")])
        }
        if parts.count != recorded.parts.count {
            return RequestError("resume", "\(output) was started by another version of mapsnap; write to a new output")
        }
        return nil
    }

    /// The `--shard` part: `(K, N)`, or nil for a whole pyramid.
    var shard: (index: Int, count: Int)? {
        guard let text = parts.first(where: { $0.field == "shard" })?.value else { return nil }
        let pieces = text.split(separator: "/")
        guard pieces.count == 2, let k = Int(pieces[0]), let n = Int(pieces[1]) else { return nil }
        return (k, n)
    }

    /// The same plan with another `shard` part (`""`: the whole pyramid, as its merged shards are).
    func withShard(_ text: String) -> PyramidPlanRecord {
        PyramidPlanRecord(parts: parts.map { $0.field == "shard" ? ($0.field, text) : $0 })
    }
}
