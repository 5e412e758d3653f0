/// One thing drawn over the base map, in WGS-84. Within a kind, later overlays are meant to be drawn
/// on top of earlier ones.
public enum Overlay: Sendable, Equatable {
    case marker(Marker)
    case userLocation(UserLocation)
    case circle(GeoCircle)
    case track(Track)
    case polygon(PolygonOverlay)
}
