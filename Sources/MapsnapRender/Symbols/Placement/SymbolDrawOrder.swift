import MapsnapStyle

/// The order a layer's placed symbols are drawn in. MapLibre draws a symbol layer tile by tile
/// (and, within a tile, by `symbol-z-order`), so where two tiles' symbols overlap this order
/// decides which shows on top; a snapshot has no tiles to draw, so it sorts the placed labels by
/// their tile (`PlacedLabel.tileCenter`) instead.
enum SymbolDrawOrder {
    /// Draw order: with a symbol-sort-key, by key across all tiles (placement order, as
    /// MapLibre merges the tiles' segments by key); otherwise tile by tile as MapLibre draws
    /// them (lower tiles first), and within a tile, when symbols may overlap, lower on screen
    /// later (on top), at the same height the later feature first.
    static func sorted(_ placed: [PlacedLabel], _ style: SymbolStyle) -> [PlacedLabel] {
        guard style.layout.sortKey == nil else { return placed }
        let byY = sortsByViewportY(style)
        return placed.enumerated().sorted { a, b in
            let (p, q) = (a.element, b.element)
            if p.tileCenter.y != q.tileCenter.y { return p.tileCenter.y > q.tileCenter.y }
            if p.tileCenter.x != q.tileCenter.x { return p.tileCenter.x > q.tileCenter.x }
            if byY && p.anchorY != q.anchorY { return p.anchorY < q.anchorY }
            if byY && p.featureIndex != q.featureIndex { return p.featureIndex > q.featureIndex }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// MapLibre's `symbol-z-order` rule: `viewport-y`, or `auto` without `symbol-sort-key`, orders
    /// symbols by their height on screen when they may overlap (some overlap mode other than
    /// `never`, or ignore-placement); otherwise they are drawn in placement order.
    static func sortsByViewportY(_ style: SymbolStyle) -> Bool {
        let order = style.zOrder.evaluate(for: nil)
        guard order == .viewportY || (order == .auto && style.layout.sortKey == nil) else { return false }
        func mode(_ m: PossiblyEvaluatedProperty<OverlapMode>?, _ allow: PossiblyEvaluatedProperty<Bool>) -> OverlapMode {
            m?.evaluate(for: nil) ?? (allow.evaluate(for: nil) ? .always : .never)
        }
        return mode(style.textOverlap, style.textAllowOverlap) != .never || mode(style.iconOverlap, style.iconAllowOverlap) != .never
            || style.textIgnorePlacement.evaluate(for: nil) || style.iconIgnorePlacement.evaluate(for: nil)
    }
}
