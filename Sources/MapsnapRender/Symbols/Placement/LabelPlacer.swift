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
        var candidates = SymbolLayout(frame: frame).candidates(layer, style)
        // Placement order: by `symbol-sort-key` (ties in data order), else data order.
        if style.layout.sortKey != nil {
            candidates = candidates.enumerated()
                .sorted { ($0.element.sortKey, $0.offset) < ($1.element.sortKey, $1.offset) }
                .map(\.element)
        }
        var placed: [PlacedLabel] = []
        for (index, c) in candidates.enumerated() {
            let first = placed.count
            switch c.anchors {
            case .points(let points), .spaced(let points):
                // Each anchor its own symbol: the points of a multi-point, the polygons of a
                // multi-polygon, the lines of a multi-line (as MapLibre), a shield's repeats.
                for p in points { if var label = placePoint(c, at: p) { label.anchorY = p.y; placed.append(label) } }
            case .textOnLine(let anchors):
                for a in anchors { if let label = placeText(c, at: a) { placed.append(label) } }
            case .iconsOnLine(let anchors):
                for a in anchors { if let label = placeIcon(c, at: a.point, angle: a.angle) { placed.append(label) } }
            }
            for i in first..<placed.count { (placed[i].featureIndex, placed[i].tileCenter) = (index, c.tileCenter) }
        }
        return SymbolDrawOrder.sorted(placed, style)
    }
}
