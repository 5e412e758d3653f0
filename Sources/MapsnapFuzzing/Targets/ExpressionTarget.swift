import Foundation
import MapsnapStyle

extension FuzzTarget {
    /// An expression (or legacy function or filter) in the place of one style property: the first
    /// byte picks the property from `ExpressionSlot.all` (so the expected type, interpolation and
    /// zoom rules vary), the rest is the JSON value. It is parsed as part of a one-layer style and
    /// evaluated at every sample zoom for every sample feature (`StyleWalk`).
    static let expression = FuzzTarget("expression", "expression JSON in one of \(ExpressionSlot.all.count) property slots (first byte), parsed and evaluated") { data in
        guard let selector = data.first else { return .rejected("empty input") }
        let slot = ExpressionSlot.all[Int(selector) % ExpressionSlot.all.count]
        return FuzzVerdict.of {
            let document = try StyleDocument.parse(slot.style(around: data.dropFirst()), baseURL: nil, fileName: "expression")
            for layer in document.layers { StyleWalk.evaluate(layer) }
        }
    }
}

/// A place in a style where an expression can stand, one for each kind of expected type.
struct ExpressionSlot: Sendable {
    let layerType: String
    /// `paint`, `layout`, or `filter` for the layer's filter.
    let section: String
    let property: String

    static let all: [ExpressionSlot] = [
        ExpressionSlot(layerType: "fill", section: "filter", property: ""),
        ExpressionSlot(layerType: "line", section: "paint", property: "line-width"),
        ExpressionSlot(layerType: "line", section: "paint", property: "line-color"),
        ExpressionSlot(layerType: "line", section: "paint", property: "line-dasharray"),
        ExpressionSlot(layerType: "line", section: "layout", property: "line-cap"),
        ExpressionSlot(layerType: "symbol", section: "layout", property: "text-field"),
        ExpressionSlot(layerType: "symbol", section: "layout", property: "text-font"),
        ExpressionSlot(layerType: "symbol", section: "layout", property: "icon-image"),
        ExpressionSlot(layerType: "symbol", section: "layout", property: "text-offset"),
        ExpressionSlot(layerType: "symbol", section: "layout", property: "text-anchor"),
        ExpressionSlot(layerType: "symbol", section: "layout", property: "text-variable-anchor"),
        ExpressionSlot(layerType: "symbol", section: "layout", property: "symbol-sort-key"),
        ExpressionSlot(layerType: "symbol", section: "layout", property: "text-size"),
        ExpressionSlot(layerType: "symbol", section: "layout", property: "text-allow-overlap"),
        ExpressionSlot(layerType: "circle", section: "paint", property: "circle-radius"),
        ExpressionSlot(layerType: "fill", section: "paint", property: "fill-color"),
    ]

    /// The style text with `expression` spliced in as this slot's value. Spliced as bytes, not
    /// parsed first: whatever the bytes do to the text around them is still a style to read.
    func style(around expression: Data) -> Data {
        let source = layerType == "background" ? "" : #""source": "s", "source-layer": "l", "#
        let head = #"{"version": 8, "sources": {"s": {"type": "vector", "tiles": ["t/{z}/{x}/{y}"]}}, "layers": [{"id": "e", "type": "\#(layerType)", \#(source)"#
        let open = section == "filter" ? #""filter": "# : #""\#(section)": {"\#(property)": "#
        let close = section == "filter" ? "}]}" : "}}]}"
        return Data((head + open).utf8) + expression + Data(close.utf8)
    }
}
