import MapsnapGeo
import MapsnapStyle

/// Symbol placement (MapLibre's `placement`): places the labels of every symbol layer before
/// anything is drawn, the top layer first (higher layers win), within a layer by
/// `symbol-sort-key`, then in data order. A label is placed only when all its boxes fit inside
/// the frame and hit no placed box (`CollisionIndex`), so labels never overlap. Layout
/// (`SymbolLayout`) gives it the layer's candidates; points (`placePoint`) and lines
/// (`placeText(_:at:)`, `placeIcon`) are placed in their own files, and `SymbolDrawOrder` orders what won.
///
/// A snapshot is one frame: nothing fades, and nothing is kept from one frame to the next.
final class LabelPlacer {
    let frame: RenderFrame
    /// Whether labels of different sources collide (MapLibre's map option `crossSourceCollisions`).
    private let crossSourceCollisions: Bool
    /// The collision group of each source when they do not (see `CollisionIndex`).
    private var sourceGroups: [String: Int] = [:]
    /// The group of the layer being placed.
    private var group = 0
    /// Every box each layer's symbols tried, placed or not, when asked for (`collisionDebug`).
    private(set) var debugBoxes: [String: CollisionDebugShapes]?
    private var layerDebugBoxes = CollisionDebugShapes()
    /// What each group of layers alike in layout (`StyleLayer.layoutKey`) placed.
    private var placedByLayout: [String: (labels: [PlacedLabel], debug: CollisionDebugShapes)] = [:]

    init(frame: RenderFrame, crossSourceCollisions: Bool = true, recordsBoxes: Bool = false) {
        self.frame = frame
        self.crossSourceCollisions = crossSourceCollisions
        debugBoxes = recordsBoxes ? [:] : nil
    }

    // The collision index as the layer being placed sees it (its source's group).
    func collides(_ box: Rect, _ mode: OverlapMode) -> Bool { frame.collisions.collides(box, mode, group: group) }
    func collides(_ boxes: [Rect], _ mode: OverlapMode) -> Bool { frame.collisions.collides(boxes, mode, group: group) }
    func take(_ box: Rect, _ mode: OverlapMode) { frame.collisions.insert(box, mode, group: group) }
    func take(_ boxes: [Rect], _ mode: OverlapMode) { frame.collisions.insert(boxes, mode, group: group) }
    func collides(_ circle: CollisionCircle, _ mode: OverlapMode) -> Bool { frame.collisions.collides(circle, mode, group: group) }
    func take(_ circle: CollisionCircle, _ mode: OverlapMode) { frame.collisions.insert(circle, mode, group: group) }
    /// Keeps a box tried, for `collisionDebug`.
    func record(_ box: Rect?, placed: Bool) {
        if debugBoxes != nil, let box { layerDebugBoxes.boxes.append(CollisionDebugBox(box: box, placed: placed)) }
    }
    /// Keeps the circles of a line label tried, for `collisionDebug`.
    func record(_ circles: [CollisionCircle], placed: Bool) {
        if debugBoxes != nil { layerDebugBoxes.circles += circles.map { CollisionDebugCircle(circle: $0, placed: placed) } }
    }

    /// Places the labels of one symbol layer (call from the top layer down), in draw order.
    func place(_ layer: StyleLayer, _ properties: SymbolLayer) -> [PlacedLabel] {
        guard properties.textField != nil || properties.iconImage != nil else { return [] }
        let style = SymbolStyle(properties, zoom: frame.zoom)
        if !crossSourceCollisions, let source = layer.source {
            group = sourceGroups[source] ?? (sourceGroups.count + 1)
            sourceGroups[source] = group
        }
        layerDebugBoxes = CollisionDebugShapes()
        defer { debugBoxes?[layer.id] = layerDebugBoxes }
        let candidates = orderedCandidates(layer, style)
        // A layer alike in layout to one placed before shares its bucket in MapLibre: the same
        // symbols where those were placed, in its own paint, without colliding with them.
        if !layer.layoutKey.isEmpty, let earlier = placedByLayout[layer.layoutKey] {
            layerDebugBoxes = earlier.debug
            return earlier.labels.map { label in
                var label = label
                guard candidates.indices.contains(label.featureIndex) else { return label }
                let c = candidates[label.featureIndex]
                label.paint = c.paint
                if let icon = c.icon { label.icon?.opacity = icon.opacity; label.icon?.tint = icon.tint }
                return label
            }
        }
        var symbols = candidates.enumerated().flatMap { index, c in SymbolInstance.all(of: c, featureIndex: index) }
        if style.zOrder.evaluate(for: nil) == .viewportY { symbols = SymbolInstance.viewportYOrder(symbols) }
        var placed: [PlacedLabel] = []
        for symbol in symbols {
            let c = candidates[symbol.featureIndex]
            let label: PlacedLabel?
            switch symbol.anchor {
            case .point(let p): label = placePoint(c, at: p)
            case .textOnLine(let a): label = placeText(c, at: a)
            case .iconOnLine(let a): label = placeIcon(c, at: a.point, angle: a.angle)
            }
            guard var label else { continue }
            if case .point(let p) = symbol.anchor { label.anchorY = p.y }
            (label.featureIndex, label.tileCenter) = (symbol.featureIndex, c.tileCenter)
            placed.append(label)
        }
        let ordered = SymbolDrawOrder.sorted(placed, style)
        if !layer.layoutKey.isEmpty { placedByLayout[layer.layoutKey] = (ordered, layerDebugBoxes) }
        return ordered
    }

    /// The layer's candidates in placement order: by `symbol-sort-key` (ties in data order),
    /// else data order.
    private func orderedCandidates(_ layer: StyleLayer, _ style: SymbolStyle) -> [SymbolCandidate] {
        let candidates = SymbolLayout(frame: frame).candidates(layer, style)
        guard style.layout.sortKey != nil else { return candidates }
        return candidates.enumerated()
            .sorted { ($0.element.sortKey, $0.offset) < ($1.element.sortKey, $1.offset) }
            .map(\.element)
    }
}
