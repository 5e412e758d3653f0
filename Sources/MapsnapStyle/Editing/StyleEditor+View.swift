import MapsnapFormats
import MapsnapGeo

/// The camera state MapLibre keeps beside the style: the view's padding and field of view.
extension StyleEditor {
    /// MapLibre's `setPadding` (and the `padding` of `jumpTo`/`easeTo`/`flyTo`): an object of
    /// `top`, `left`, `bottom`, `right` (points; a side left out keeps its value), or one number
    /// for all four. Anything else, or a side that is not a finite number, is refused.
    public mutating func setPadding(_ value: StyleValue) throws(StyleEditError) {
        var padding = self.padding
        switch value {
        case .number(let all) where all.isFinite:
            padding = EdgeInsets(top: all, left: all, bottom: all, right: all)
        case .object(let sides):
            for (key, side) in sides {
                guard case .number(let n) = side, n.isFinite else { throw .invalidValue(operation: "setPadding", reason: "\(key): expected a number, got \(side.json)") }
                switch key {
                case "top": padding.top = n
                case "left": padding.left = n
                case "bottom": padding.bottom = n
                case "right": padding.right = n
                default: throw .invalidValue(operation: "setPadding", reason: "unknown side \"\(key)\"")
                }
            }
        default:
            throw .invalidValue(operation: "setPadding", reason: "expected an object of top, left, bottom and right, got \(value.json)")
        }
        if padding != self.padding { cameraMoved = true }
        self.padding = padding
    }

    /// MapLibre's `setVerticalFieldOfView` (degrees; drawn clamped to 0.1…150 as MapLibre clamps it).
    public mutating func setFieldOfView(_ value: StyleValue) throws(StyleEditError) {
        guard case .number(let degrees) = value, degrees.isFinite else {
            throw .invalidValue(operation: "setVerticalFieldOfView", reason: "expected a number of degrees, got \(value.json)")
        }
        if degrees != (fieldOfView ?? Perspective.defaultFieldOfView) { cameraMoved = true }
        fieldOfView = degrees
    }
}
