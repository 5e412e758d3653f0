/// Twice the signed area of a ring by the surveyor's (shoelace) formula in tile coordinates
/// (y down): positive for rings that look clockwise on screen, which MVT 2.1 §4.3.4.4 defines
/// as exterior rings; negative for interior rings. Exact (integer) for any tile coordinates.
/// Whether the ring repeats its first point at the end does not matter.
public func doubledSignedArea(_ ring: [TilePoint]) -> Int64 {
    guard ring.count >= 3 else { return 0 }
    var sum: Int64 = 0
    var previous = ring[ring.count - 1]
    for point in ring {
        sum &+= Int64(previous.x) &* Int64(point.y) &- Int64(point.x) &* Int64(previous.y)
        previous = point
    }
    return sum
}
