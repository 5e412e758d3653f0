/// The spec's rule for zoom in property expressions: `["zoom"]` may only be the input of one
/// `step` or `interpolate`, which must be at the top (or the body of a `let`, or an operand
/// of a top-level `coalesce`).
package enum ZoomCurve {
    /// nil when the expression follows the rule, else the spec's message.
    package static func violation(in expression: any Expression) -> String? {
        var curves = 0
        var strayZoom = false
        visit(expression, &curves, &strayZoom)
        if curves > 1 { return "Only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression." }
        if strayZoom || (curves == 1 && !hasTopLevelCurve(expression)) {
            return "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression."
        }
        return nil
    }

    /// The top-level curve, if any (for the "interpolate not allowed here" check).
    static func topLevelCurve(_ expression: any Expression) -> (any Expression)? {
        if isCurve(expression) { return expression }
        if let body = cast(expression, Let.self)?.body { return topLevelCurve(body) }
        if let coalesce = cast(expression, Coalesce.self) {
            for operand in coalesce.operands { if let curve = topLevelCurve(operand) { return curve } }
        }
        return nil
    }

    private static func hasTopLevelCurve(_ expression: any Expression) -> Bool { topLevelCurve(expression) != nil }

    static func isCurve(_ expression: any Expression) -> Bool {
        if let step = cast(expression, Step.self) { return isKind(step.input, Zoom.self) }
        if let interpolate = cast(expression, Interpolate.self) { return isKind(interpolate.input, Zoom.self) }
        return false
    }

    private static func visit(_ expression: any Expression, _ curves: inout Int, _ strayZoom: inout Bool) {
        if isKind(expression, Zoom.self) { strayZoom = true; return }
        var children = expression.children
        if isCurve(expression) {
            curves += 1
            children.removeFirst()  // the zoom input itself
        }
        for child in children { visit(child, &curves, &strayZoom) }
    }
}
