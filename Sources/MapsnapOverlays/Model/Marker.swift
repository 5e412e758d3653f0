import MapsnapFormats
import MapsnapGeo
/// A balloon pin whose tip sits on `coordinate`, tinted `color`, with an optional one- or
/// two-character `glyph` inside the balloon (`A`, `12`, `店`) and an optional `title` under it.
public struct Marker: Sendable, Equatable {
    public var coordinate: LatLon
    public var color: Color
    public var title: String?
    /// One or two characters drawn inside the balloon; readers keep longer symbols out.
    public var glyph: String?
    public var size: MarkerSize
    /// Drawn instead of the balloon (the title still goes under it).
    public var icon: MarkerIcon?

    /// A clear red, `#e5483f`.
    public static let defaultColor = Color(r255: 0xE5, g255: 0x48, b255: 0x3F)

    public init(coordinate: LatLon, color: Color = Marker.defaultColor, title: String? = nil,
                glyph: String? = nil, size: MarkerSize = .medium, icon: MarkerIcon? = nil) {
        self.icon = icon
        self.coordinate = coordinate
        self.color = color
        self.title = title
        self.glyph = glyph
        self.size = size
    }

    /// True when `text` fits in a balloon: one or two characters (grapheme clusters, so `店` or an
    /// emoji flag counts as one), not blank.
    public static func isGlyph(_ text: String) -> Bool {
        (1...2).contains(text.count) && !text.allSatisfy(\.isWhitespace)
    }
}

/// The simplestyle-spec `marker-size`: how big the balloon is drawn.
public enum MarkerSize: String, Sendable, Equatable, CaseIterable {
    case small, medium, large
}
