import MapsnapFormats
import MapsnapGeo

/// A sprite image's stretch metadata (MapLibre's stretchable images): the column and row ranges
/// that stretch when `icon-text-fit` resizes the icon (the rest keeps its size, a nine-patch),
/// the content box the text must fit in, and how each axis follows the text. Sprite pixels.
public struct StretchableImage: Sendable, Equatable {
    public var stretchX: [ClosedRange<Double>]?
    public var stretchY: [ClosedRange<Double>]?
    /// `[left, top, right, bottom]` of the area the text is fitted to.
    public var content: Rect?
    public var textFitWidth: TextFit
    public var textFitHeight: TextFit

    /// `textFitWidth`/`textFitHeight`: how an axis follows the text (with a `content` box).
    public enum TextFit: String, Sendable {
        case stretchOrShrink, stretchOnly, proportional
    }

    /// Reads the optional fields of a sprite entry `width`×`height` pixels; nil when it has none.
    /// Throws the reason when one is malformed (ranges must be ascending, apart and inside the image).
    init?(_ entry: JSONValue, width: Int, height: Int) throws(ReadError) {
        let keys = ["stretchX", "stretchY", "content", "textFitWidth", "textFitHeight"]
        guard keys.contains(where: { entry[$0] != nil && entry[$0]?.isNull == false }) else { return nil }
        stretchX = try Self.ranges(entry["stretchX"], key: "stretchX", size: Double(width))
        stretchY = try Self.ranges(entry["stretchY"], key: "stretchY", size: Double(height))
        content = nil
        if let value = entry["content"], !value.isNull {
            guard let n = value.arrayValue?.compactMap(\.numberValue), n.count == 4, n.allSatisfy(\.isFinite),
                  0 <= n[0], n[0] <= n[2], n[2] <= Double(width), 0 <= n[1], n[1] <= n[3], n[3] <= Double(height) else {
                throw ReadError("\"content\" must be [left, top, right, bottom] inside the \(width)x\(height) image")
            }
            content = Rect(minX: n[0], minY: n[1], maxX: n[2], maxY: n[3])
        }
        textFitWidth = try Self.textFit(entry["textFitWidth"], key: "textFitWidth")
        textFitHeight = try Self.textFit(entry["textFitHeight"], key: "textFitHeight")
    }

    public init(stretchX: [ClosedRange<Double>]? = nil, stretchY: [ClosedRange<Double>]? = nil, content: Rect? = nil,
                textFitWidth: TextFit = .stretchOrShrink, textFitHeight: TextFit = .stretchOrShrink) {
        (self.stretchX, self.stretchY, self.content) = (stretchX, stretchY, content)
        (self.textFitWidth, self.textFitHeight) = (textFitWidth, textFitHeight)
    }

    struct ReadError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private static func ranges(_ value: JSONValue?, key: String, size: Double) throws(ReadError) -> [ClosedRange<Double>]? {
        guard let value, !value.isNull else { return nil }
        let problem = ReadError("\"\(key)\" must be ascending, non-overlapping [from, to] pairs within 0...\(Int(size))")
        guard let items = value.arrayValue else { throw problem }
        var out: [ClosedRange<Double>] = []
        for item in items {
            guard let pair = item.arrayValue?.compactMap(\.numberValue), pair.count == 2, pair[0].isFinite, pair[1].isFinite,
                  pair[0] <= pair[1], pair[0] >= (out.last?.upperBound ?? 0), pair[1] <= size else { throw problem }
            out.append(pair[0]...pair[1])
        }
        return out
    }

    private static func textFit(_ value: JSONValue?, key: String) throws(ReadError) -> TextFit {
        guard let value, !value.isNull else { return .stretchOrShrink }
        guard let name = value.stringValue, let fit = TextFit(rawValue: name) else {
            throw ReadError("\"\(key)\" must be \"stretchOrShrink\", \"stretchOnly\" or \"proportional\"")
        }
        return fit
    }
}
