import MapsnapGeo

/// One place a feature's symbol may go (MapLibre's symbol instance): a point label's anchor, a
/// line label's anchor or an icon's along a line. A feature with several (a multi-point, a
/// label repeated along a road) has one instance per anchor.
struct SymbolInstance {
    enum Anchor {
        case point(Point)
        case textOnLine(LineTextAnchor)
        case iconOnLine((point: Point, angle: Double))
    }

    /// The feature's index among the layer's candidates (its data order).
    let featureIndex: Int
    let anchor: Anchor
    /// Its tile's center on the plane (`SymbolCandidate.tileCenter`).
    let tileCenter: Point

    /// The anchor's height on screen.
    var screenY: Double {
        switch anchor {
        case .point(let p): p.y
        case .textOnLine(let a): a.screen.locate(a.screenAt).point.y
        case .iconOnLine(let a): a.point.y
        }
    }

    /// The instances of a candidate, in the order of its anchors.
    static func all(of c: SymbolCandidate, featureIndex: Int) -> [SymbolInstance] {
        let anchors: [Anchor]
        switch c.anchors {
        case .points(let points), .spaced(let points): anchors = points.map { .point($0) }
        case .textOnLine(let list): anchors = list.map { .textOnLine($0) }
        case .iconsOnLine(let list): anchors = list.map { .iconOnLine($0) }
        }
        return anchors.map { SymbolInstance(featureIndex: featureIndex, anchor: $0, tileCenter: c.tileCenter) }
    }

    /// `symbol-z-order: viewport-y`: MapLibre places a tile's symbols from the bottom of the screen
    /// up (`getSortedSymbolIndexes`, walked backwards), at one height in data order, so that
    /// the symbols drawn on top, the lower ones, are the ones that win a collision. Tiles keep
    /// their order.
    static func viewportYOrder(_ instances: [SymbolInstance]) -> [SymbolInstance] {
        var tiles: [Point] = []
        for i in instances where !tiles.contains(i.tileCenter) { tiles.append(i.tileCenter) }
        return tiles.flatMap { tile in
            instances.enumerated().filter { $0.element.tileCenter == tile }
                .map { (y: $0.element.screenY, offset: $0.offset, instance: $0.element) }
                .sorted { a, b in
                    if a.y != b.y { return a.y > b.y }
                    if a.instance.featureIndex != b.instance.featureIndex { return a.instance.featureIndex < b.instance.featureIndex }
                    return a.offset < b.offset
                }
                .map(\.instance)
        }
    }
}
