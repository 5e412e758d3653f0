import MapsnapGeo
import MapsnapOverlays
/// What an overlay covers, for fitting a camera around it: geographic points, each carrying a box
/// in screen points around it (a marker's balloon and title, the location dot), so that a camera
/// can keep the whole drawing inside its padding.
public struct OverlayFootprint: Sendable {
    public var coordinates: [LatLon]
    /// Relative to each coordinate's screen position, in points (y down).
    public var box: Rect

    public init(coordinates: [LatLon], box: Rect = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)) {
        self.coordinates = coordinates
        self.box = box
    }
}

extension MapRenderer {
    /// The footprints of `overlays` as this renderer draws them (titles measured with its fonts).
    public func footprints(of overlays: [Overlay]) -> [OverlayFootprint] {
        var out: [OverlayFootprint] = []
        for overlay in overlays {
            switch overlay {
            case .marker(let m):
                let l = MarkerPainter.layout(m, tip: Point(x: 0, y: 0), text: text, icons: markerIcons)
                out.append(OverlayFootprint(coordinates: [m.coordinate], box: l.titleBox.map(l.balloonBox.union) ?? l.balloonBox))
            case .userLocation(let u):
                if !u.reducedAccuracy { out.append(OverlayFootprint(coordinates: [u.coordinate], box: UserLocationPainter.dotBounds)) }
                if let a = u.accuracyMeters, a > 0 {
                    out.append(OverlayFootprint(coordinates: Geodesy.circle(center: u.coordinate, radiusMeters: a, segments: 72)))
                }
            case .circle(let c):
                out.append(OverlayFootprint(coordinates: Geodesy.circle(center: c.center, radiusMeters: c.radiusMeters, segments: 72),
                                            box: Rect(minX: -c.strokeWidth, minY: -c.strokeWidth, maxX: c.strokeWidth, maxY: c.strokeWidth)))
            case .track(let t):
                let half = t.width / 2 + (t.casingColor == nil ? 0 : t.casingWidth) + ((t.startMarker || t.endMarker) ? 7 : 0)
                out.append(OverlayFootprint(coordinates: t.segments.flatMap { $0 },
                                            box: Rect(minX: -half, minY: -half, maxX: half, maxY: half)))
            case .polygon(let p):
                let half = p.strokeWidth / 2
                out.append(OverlayFootprint(coordinates: p.rings.first ?? [], box: Rect(minX: -half, minY: -half, maxX: half, maxY: half)))
            }
        }
        return out
    }
}
