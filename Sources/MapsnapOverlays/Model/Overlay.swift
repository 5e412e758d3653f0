import MapsnapGeo
/// One thing drawn over the base map, in WGS-84. Within a kind, later overlays are meant to be drawn
/// on top of earlier ones.
public enum Overlay: Sendable, Equatable {
    case marker(Marker)
    case userLocation(UserLocation)
    case circle(GeoCircle)
    case track(Track)
    case polygon(PolygonOverlay)
}

extension Overlay {
    /// The same overlay with every coordinate passed through `transform`, e.g. `GCJ02.toWGS84` for
    /// `--coords gcj02`. Sizes in meters and styles are unchanged.
    public func transformed(by transform: (LatLon) -> LatLon) -> Overlay {
        switch self {
        case .marker(var m):
            m.coordinate = transform(m.coordinate)
            return .marker(m)
        case .userLocation(var u):
            u.coordinate = transform(u.coordinate)
            return .userLocation(u)
        case .circle(var c):
            c.center = transform(c.center)
            return .circle(c)
        case .track(var t):
            t.segments = t.segments.map { $0.map(transform) }
            return .track(t)
        case .polygon(var p):
            p.rings = p.rings.map { $0.map(transform) }
            return .polygon(p)
        }
    }
}
