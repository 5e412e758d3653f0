/// Coordinate conversion for whole overlays (e.g. GCJ-02 → WGS-84): every position is mapped,
/// everything else kept.
extension Overlay {
    public func mappingCoordinates(_ f: (LatLon) -> LatLon) -> Overlay {
        switch self {
        case .marker(var m): m.coordinate = f(m.coordinate); return .marker(m)
        case .userLocation(var u): u.coordinate = f(u.coordinate); return .userLocation(u)
        case .circle(var c): c.center = f(c.center); return .circle(c)
        case .track(var t): t.segments = t.segments.map { $0.map(f) }; return .track(t)
        case .polygon(var p): p.rings = p.rings.map { $0.map(f) }; return .polygon(p)
        }
    }
}
