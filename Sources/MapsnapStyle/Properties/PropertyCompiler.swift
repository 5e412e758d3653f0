import MapsnapFormats
/// Turns one property's JSON (a constant, a legacy function or an expression) into a typed
/// `StyleProperty`, reporting problems at the property's JSON path.
package struct PropertyCompiler {
    let log: IssueLog

    package init(log: IssueLog) { self.log = log }

    /// What the spec says about one property.
    package struct Definition {
        var name: String
        var type: ValueType
        package var interpolatable: Bool
        /// `text-field`/`icon-image`: `{token}` strings are property look-ups.
        var tokens = false
        /// Fixed array length (`text-offset` is 2 numbers), if any.
        var length: Int?
        /// What expressions may read (data-constant properties forbid the feature).
        package var inputs: ExpressionInputs = [.zoom, .feature]

        /// A property of `type` named `name` (the expression tests' `propertySpec`).
        package init(name: String, type: ValueType, interpolatable: Bool) {
            (self.name, self.type, self.interpolatable) = (name, type, interpolatable)
        }
    }

    /// nil when the value is invalid or unsupported (the issue is logged; the caller uses the default).
    func compile<T: StylePropertyValue>(_ value: StyleValue, path: String, definition: Definition,
                                        default defaultValue: T) -> StyleProperty<T>? {
        log.unsupportedOperators.removeAll()
        let errorsBefore = log.errors.count
        let expression: (any Expression)?
        switch value {
        case .object(let object):
            expression = LegacyFunction.parse(object, path: path, type: definition.type, interpolatable: definition.interpolatable,
                                              log: log) { output, outputPath in
                self.constant(output, path: outputPath, definition: definition, as: T.self)
            }
        case .array(let items) where PropertyCompiler.isExpression(items):
            expression = parseExpression(value, path: path, definition: definition)
        default:
            expression = constant(value, path: path, definition: definition, as: T.self)
        }
        guard let expression else {
            if log.errors.count == errorsBefore, let op = log.unsupportedOperators.first {
                log.warning(path, "unsupported expression operator \"\(op)\"; the property uses its default value")
            }
            return nil
        }
        if case .object = value, let message = Self.forbiddenInput(expression, definition, legacy: true) {
            log.error(path, message)
            return nil
        }
        let convert: @Sendable (StyleValue) -> T? = { T(styleValue: $0) }
        if let literal = cast(expression, Literal.self) {
            // An expression folded to NaN (["sqrt", -1]) evaluates to the property's default, as
            // MapLibre's StyleExpression turns a NaN result into the default at run time.
            if case .number(let n) = literal.value, n.isNaN {
                return StyleProperty(storage: .constant(defaultValue), defaultValue: defaultValue)
            }
            guard let constant = T(styleValue: literal.value) else {
                log.error(path, "expected \(T.expectation), got \(literal.value.json)")
                return nil
            }
            return StyleProperty(storage: .constant(constant), defaultValue: defaultValue)
        }
        return StyleProperty(storage: .expression(expression, convert: convert), defaultValue: defaultValue)
    }

    /// MapLibre's test: an array whose first element names an operator is an expression;
    /// any other array is a constant (`line-dasharray: [2, 1]`, `text-font: ["Noto Sans Regular"]`).
    static func isExpression(_ items: [StyleValue]) -> Bool {
        guard case .string(let op)? = items.first else { return false }
        return ExpressionRegistry.parsers[op] != nil || ExpressionRegistry.unsupported.contains(op)
    }

    /// A property expression: type-checked against the property, `zoom` only in a top-level curve.
    package func parseExpression(_ value: StyleValue, path: String, definition: Definition) -> (any Expression)? {
        let context = ParsingContext(path: path, expectedType: definition.type, log: log)
        guard let expression = context.parse(value, annotation: definition.type == .string ? .coerce : nil) else { return nil }
        if let message = Self.forbiddenInput(expression, definition, legacy: false) {
            log.error(path, message)
            return nil
        }
        if expression.dependsOnZoom {
            if let message = ZoomCurve.violation(in: expression) {
                log.error(path, message)
                return nil
            }
            if !definition.interpolatable, let curve = ZoomCurve.topLevelCurve(expression), isKind(curve, Interpolate.self) {
                log.error(path, "\"interpolate\" expressions cannot be used with this property")
                return nil
            }
        }
        return expression
    }

    /// MapLibre's message when an expression (or legacy function) reads an input the property's
    /// specification does not allow; nil when it reads only allowed ones.
    static func forbiddenInput(_ expression: any Expression, _ definition: Definition, legacy: Bool) -> String? {
        let inputs = ExpressionInputs(readBy: expression)
        if inputs.contains(.lineProgress) && !definition.inputs.contains(.lineProgress) {
            return "[\"line-progress\"] can only be used in line-gradient"
        }
        if inputs.contains(.feature) && !definition.inputs.contains(.feature) {
            return legacy ? "property functions not supported" : "data expressions not supported"
        }
        if inputs.contains(.zoom) && !definition.inputs.contains(.zoom) {
            return legacy ? "zoom functions not supported" : "zoom expressions not supported"
        }
        return nil
    }

    /// A constant (or a legacy function's stop output): checked with plain-language messages
    /// and returned as a literal of the property's type; token strings become look-ups.
    func constant<T: StylePropertyValue>(_ value: StyleValue, path: String, definition: Definition, as: T.Type) -> (any Expression)? {
        if definition.tokens, case .string(let text) = value, let tokens = TokenString.expression(text) {
            return tokens
        }
        if case .array(let items) = value, PropertyCompiler.isExpression(items) {
            log.error(path, "expressions are not allowed inside legacy functions")
            return nil
        }
        guard let converted = T(styleValue: value), value != .null else {
            log.error(path, "expected \(T.expectation), got \(value.json)")
            return nil
        }
        if let length = definition.length, case .array(let items) = value, items.count != length {
            log.error(path, "expected an array of \(length) numbers, got \(value.json)")
            return nil
        }
        // Colours are stored parsed, so evaluation never parses text.
        let stored: StyleValue = (converted as? Color).map { .color($0) } ?? value
        return Literal(type: definition.type, value: stored)
    }
}

extension PropertyCompiler.Definition {
    /// The definition of a property as the specification table declares it.
    init(_ spec: PropertySpecification) {
        var length: Int?
        if case .array(_, let n) = spec.type { length = n }
        self.init(name: spec.name, type: spec.type.valueType, interpolatable: spec.interpolated)
        (tokens, self.length, inputs) = (spec.tokens, length, spec.inputs)
    }
}
