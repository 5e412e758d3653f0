/// A WGS-84 box, `west,south,east,north` in degrees (the MBTiles `bounds` order). A box with
/// west > east crosses the antimeridian (`170,-10,-170,10` holds Fiji); the methods below read
/// longitudes around the circle, so boxes on either side of ±180° meet.
public struct BoundingBox: Hashable, Sendable, CustomStringConvertible {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west; self.south = south; self.east = east; self.north = north
    }

    /// The whole world at these latitudes.
    public static func world(south: Double = -90, north: Double = 90) -> BoundingBox {
        BoundingBox(west: -180, south: south, east: 180, north: north)
    }

    /// Degrees of longitude from west to east, 0...360.
    public var longitudeSpan: Double { min(west > east ? east - west + 360 : east - west, 360) }

    /// The middle; for a box across the antimeridian, the middle of the part that crosses it.
    public var center: LatLon {
        let latitude = (south + north) / 2
        guard west > east else { return LatLon(latitude, (west + east) / 2) }
        let longitude = (west + east + 360) / 2
        return LatLon(latitude, longitude > 180 ? longitude - 360 : longitude)
    }

    public func contains(_ p: LatLon) -> Bool {
        guard p.latitude >= south && p.latitude <= north else { return false }
        return Self.degreesEast(from: west, to: p.longitude) <= longitudeSpan
    }

    public func intersects(_ other: BoundingBox) -> Bool {
        guard other.south <= north && other.north >= south else { return false }
        // Two arcs of the circle meet when one starts inside the other.
        return Self.degreesEast(from: west, to: other.west) <= longitudeSpan
            || Self.degreesEast(from: other.west, to: west) <= other.longitudeSpan
    }

    /// The smallest box holding both (see `union(of:)`).
    public func union(_ other: BoundingBox) -> BoundingBox { Self.union(of: [self, other])! }

    /// The smallest box holding all `boxes`, nil for none: from the lowest south to the highest
    /// north, and the shorter way around the circle that covers every box's longitudes. So boxes
    /// on both sides of ±180° join across the antimeridian (west > east) when that is narrower
    /// than joining them across the prime meridian; on a tie, the box that does not cross it.
    /// West and east are always some box's own (`-180` and `180` when the boxes go all round).
    public static func union(of boxes: some Sequence<BoundingBox>) -> BoundingBox? {
        var south = Double.infinity, north = -Double.infinity
        var arcs: [LongitudeArc] = []
        for b in boxes {
            south = min(south, b.south)
            north = max(north, b.north)
            arcs.append(LongitudeArc(start: degreesEast(from: -180, to: b.west), span: b.longitudeSpan, west: b.west, east: b.east))
        }
        guard !arcs.isEmpty else { return nil }
        arcs.sort { ($0.start, $0.span) < ($1.start, $1.span) }
        // Overlapping arcs merge (in the order they start); the last may reach round past 360
        // over the first ones.
        var merged: [LongitudeArc] = []
        for arc in arcs {
            if var last = merged.last, arc.start <= last.end {
                if arc.end > last.end { (last.span, last.east) = (arc.end - last.start, arc.east) }
                merged[merged.count - 1] = last
            } else {
                merged.append(arc)
            }
        }
        while merged.count > 1, merged[merged.count - 1].end >= merged[0].start + 360 {
            let first = merged.removeFirst()
            var last = merged[merged.count - 1]
            if first.end + 360 > last.end { (last.span, last.east) = (first.end + 360 - last.start, first.east) }
            merged[merged.count - 1] = last
        }
        if merged.count == 1 {
            let arc = merged[0]
            return arc.span >= 360 ? .world(south: south, north: north) : BoundingBox(west: arc.west, south: south, east: arc.east, north: north)
        }
        // Leave out the widest gap between arcs, first the one across the antimeridian.
        var gapAfter = merged.count - 1
        var widest = merged[0].start + 360 - merged[gapAfter].end
        for k in 0..<(merged.count - 1) where merged[k + 1].start - merged[k].end > widest {
            widest = merged[k + 1].start - merged[k].end
            gapAfter = k
        }
        return BoundingBox(west: merged[(gapAfter + 1) % merged.count].west, south: south, east: merged[gapAfter].east, north: north)
    }

    /// How far east `longitude` lies from `origin`, in 0..<360 (so 190 and -170 are one place).
    static func degreesEast(from origin: Double, to longitude: Double) -> Double {
        let d = (longitude - origin).truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }

    public var description: String { "\(west),\(south),\(east),\(north)" }
}

/// A box's longitudes for `union(of:)`: `start` degrees east of -180 (0..<360), `span` degrees
/// long, and the box's own west and east.
private struct LongitudeArc {
    var start: Double, span: Double, west: Double, east: Double
    var end: Double { start + span }
}
