extension ExpressionInputs {
    /// The inputs an expression reads. `["line-progress"]` reports itself as feature-dependent
    /// (so that it is never folded into a constant); here it is told apart from feature data.
    init(readBy expression: any Expression) {
        var inputs: ExpressionInputs = expression.dependsOnZoom ? .zoom : []
        func visit(_ node: any Expression) {
            if isKind(node, LineProgress.self) {
                inputs.insert(.lineProgress)
                return
            }
            guard node.dependsOnFeature else { return }
            let children = node.children
            // A node that depends on the feature while none of its children does reads it itself.
            if !children.contains(where: \.dependsOnFeature) { inputs.insert(.feature) }
            children.forEach(visit)
        }
        visit(expression)
        self = inputs
    }
}
