extension LineLayer {
    /// Whether `line-gradient` is a `step`: MapLibre samples such a ramp without interpolating,
    /// at a finer resolution.
    public var gradientIsStep: Bool {
        gradient?.expression.map(Self.isStep) ?? false
    }

    private static func isStep(_ e: any Expression) -> Bool {
        if e is Step { return true }
        // Through type annotations (a coercion to colour around the step).
        return (e is Coercion || e is TypeAssertion) && e.children.count == 1 && isStep(e.children[0])
    }
}
