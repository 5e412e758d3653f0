/// The parts of a polyline that can show inside a rectangle: consecutive segments whose bounding
/// box touches `rect` are kept together, everything else is dropped. Each returned run starts and
/// ends on an original vertex, so a stroke of the runs is identical to a stroke of the whole line
/// inside `rect` as long as `rect` is the view grown by the stroke's half width (and its caps).
/// Rasterising strokes far outside the image is most of the cost of a long track that leaves the
/// view, so this keeps only what can be seen.
extension Array where Element == Point {
    public func visibleRuns(in rect: Rect) -> [ArraySlice<Point>] {
        runs { a, b in
            Swift.min(a.x, b.x) <= rect.maxX && Swift.max(a.x, b.x) >= rect.minX
                && Swift.min(a.y, b.y) <= rect.maxY && Swift.max(a.y, b.y) >= rect.minY
        }
    }
}

extension Array {
    /// The runs of consecutive segments (pairs of neighbours) for which `keep` holds, each from
    /// the first segment's start to the last one's end.
    @inlinable
    public func runs(where keep: (Element, Element) -> Bool) -> [ArraySlice<Element>] {
        guard count > 1 else { return [] }
        var runs: [ArraySlice<Element>] = []
        var start: Int? = nil
        for i in 1..<count {
            if keep(self[i - 1], self[i]) {
                if start == nil { start = i - 1 }
            } else if let s = start {
                runs.append(self[s..<i])
                start = nil
            }
        }
        if let s = start { runs.append(self[s..<count]) }
        return runs
    }
}

extension Array where Element == LatLon {
    /// The runs of segments whose latitude-longitude box touches `box` (a line as straight on the
    /// Web Mercator plane, which keeps each segment inside its box): before a long track is
    /// projected, the parts that cannot reach a view whose plane box `box` is.
    public func runs(touching box: BoundingBox) -> [ArraySlice<LatLon>] {
        runs { a, b in
            Swift.min(a.latitude, b.latitude) <= box.north && Swift.max(a.latitude, b.latitude) >= box.south
                && Swift.min(a.longitude, b.longitude) <= box.east && Swift.max(a.longitude, b.longitude) >= box.west
        }
    }
}
