import MapsnapGeo
/// A layer's `filter`: an expression, or the legacy filter syntax (told apart the way MapLibre
/// does). A filter whose evaluation fails or is not a boolean does not match.
public struct Filter: Sendable {
    public let expression: any Expression
    /// Whether the result can change with the zoom (legacy filters never do).
    public let dependsOnZoom: Bool
    /// The same filter compiled for `matches` (see `FilterProgram`).
    let program: FilterProgram

    public init(expression: any Expression) {
        self.expression = expression
        self.dependsOnZoom = expression.dependsOnZoom
        program = FilterProgram.compile(expression)
    }

    @inline(__always)
    public func matches(_ feature: any Feature, zoom: Double) -> Bool {
        program.test(feature, zoom: zoom) == true
    }

    /// `matches` through the expression tree, without the compiled program (the reference the
    /// program is tested against).
    func matchesByEvaluating(_ feature: any Feature, zoom: Double) -> Bool {
        do {
            if case .bool(true) = try expression.evaluate(EvaluationContext(zoom: zoom, feature: feature)) { return true }
            return false
        } catch {
            return false
        }
    }

    /// Parses a filter (either syntax) at `path`. nil when invalid or unsupported (logged).
    static func parse(_ value: StyleValue, path: String, log: IssueLog) -> Filter? {
        if !LegacyFilter.isExpressionFilter(value) {
            return LegacyFilter.parse(value, path: path, log: log).map(Filter.init)
        }
        log.unsupportedOperators.removeAll()
        let errorsBefore = log.errors.count
        let context = ParsingContext(path: path, expectedType: .boolean, log: log)
        guard let expression = context.parse(value) else {
            if log.errors.count == errorsBefore, let op = log.unsupportedOperators.first {
                log.warning(path, "unsupported expression operator \"\(op)\"; the filter matches no feature")
                return Filter(expression: Literal(type: .boolean, value: .bool(false)))
            }
            return nil
        }
        return Filter(expression: expression)
    }

    /// Parses a filter from JSON text or a JSON array (for tests and tools).
    public static func parse(_ value: StyleValue) throws(StyleError) -> Filter {
        let log = IssueLog()
        guard let filter = parse(value, path: "filter", log: log), log.errors.isEmpty else {
            throw .invalid(file: "filter", issues: log.errors)
        }
        return filter
    }
}
