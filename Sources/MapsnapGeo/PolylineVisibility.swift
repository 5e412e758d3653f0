/// The parts of a polyline that can show inside a rectangle: consecutive segments whose bounding
/// box touches `rect` are kept together, everything else is dropped. Each returned run starts and
/// ends on an original vertex, so a stroke of the runs is identical to a stroke of the whole line
/// inside `rect` as long as `rect` is the view grown by the stroke's half width (and its caps).
/// Rasterising strokes far outside the image is most of the cost of a long track that leaves the
/// view, so this keeps only what can be seen.
extension Array where Element == Point {
    public func visibleRuns(in rect: Rect) -> [ArraySlice<Point>] {
        guard count > 1 else { return [] }
        var runs: [ArraySlice<Point>] = []
        var start: Int? = nil
        for i in 1..<count {
            let a = self[i - 1], b = self[i]
            let touches = Swift.min(a.x, b.x) <= rect.maxX && Swift.max(a.x, b.x) >= rect.minX
                && Swift.min(a.y, b.y) <= rect.maxY && Swift.max(a.y, b.y) >= rect.minY
            if touches {
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
