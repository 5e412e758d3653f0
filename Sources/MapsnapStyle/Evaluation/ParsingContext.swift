import MapsnapFormats
/// Collects the problems found while parsing one style (shared by every nested context).
package final class IssueLog {
    package var errors: [StyleIssue] = []
    var warnings: [StyleIssue] = []
    /// Spec operators this renderer does not implement, met while parsing the current value.
    package var unsupportedOperators: [String] = []

    package init() {}

    package func error(_ path: String, _ message: String) { errors.append(StyleIssue(path: path, message: message)) }
    func warning(_ path: String, _ message: String) { warnings.append(StyleIssue(path: path, message: message)) }
}

/// How the parser makes a sub-expression of type `value` fit the type its parent expects.
enum TypeAnnotation {
    /// Check at run time (`number`, `string`, … assertions).
    case assert
    /// Convert at run time (`to-color`, `to-string`, …).
    case coerce
    /// Leave as is; the parent deals with it.
    case omit
}

/// A `let` binding visible to `var` (a linked list: parse-time only).
final class Scope: @unchecked Sendable {
    let name: String
    let expression: any Expression
    let parent: Scope?

    init(name: String, expression: any Expression, parent: Scope?) {
        self.name = name
        self.expression = expression
        self.parent = parent
    }

    func lookup(_ name: String) -> (any Expression)? {
        var scope: Scope? = self
        while let s = scope {
            if s.name == name { return s.expression }
            scope = s.parent
        }
        return nil
    }
}

/// Where an element is in the style's JSON (`layers[3].filter[2][1]`), spelled out only when a
/// message needs it: the expression parser makes one per element, and building the text for
/// each of them cost more than the parsing itself.
final class JSONPath {
    private let parent: JSONPath?
    private let index: Int
    private let text: String

    /// A path given as text (the root of an expression, or `….text-font` inside one).
    init(_ text: String) {
        parent = nil
        index = 0
        self.text = text
    }

    /// Element `index` of the array at `parent`.
    init(parent: JSONPath, index: Int) {
        self.parent = parent
        self.index = index
        text = ""
    }

    var description: String {
        var indices: [Int] = []
        var node = self
        while let parent = node.parent {
            indices.append(node.index)
            node = parent
        }
        var out = node.text
        for index in indices.reversed() { out += "[\(index)]" }
        return out
    }
}

/// The parser's position: the JSON path of the element being parsed, the type its parent
/// expects and the variables in scope. Errors go to the shared log with that path.
package struct ParsingContext {
    let location: JSONPath
    let expectedType: ValueType?
    let scope: Scope?
    let log: IssueLog

    /// The JSON path of the element, e.g. `layers[3].filter[2]`.
    var path: String { location.description }

    package init(path: String, expectedType: ValueType?, log: IssueLog) {
        self.init(path: path, expectedType: expectedType, log: log, scope: nil)
    }

    init(path: String, expectedType: ValueType?, log: IssueLog, scope: Scope?) {
        self.init(location: JSONPath(path), expectedType: expectedType, log: log, scope: scope)
    }

    init(location: JSONPath, expectedType: ValueType?, log: IssueLog, scope: Scope?) {
        self.location = location
        self.expectedType = expectedType
        self.scope = scope
        self.log = log
    }

    /// A context for element `index` of the current array.
    func child(_ index: Int, expected: ValueType?, bindings: [(String, any Expression)] = []) -> ParsingContext {
        var scope = self.scope
        for (name, expression) in bindings { scope = Scope(name: name, expression: expression, parent: scope) }
        return ParsingContext(location: JSONPath(parent: location, index: index), expectedType: expected, log: log, scope: scope)
    }

    /// Records an error at this element (or at a nested index) and returns nil.
    @discardableResult
    func error(_ message: String, at indices: Int...) -> (any Expression)? {
        log.error(path + indices.map { "[\($0)]" }.joined(), message)
        return nil
    }

    /// A copy whose errors go to a private log (to try a parse without reporting).
    func probing() -> ParsingContext {
        ParsingContext(location: location, expectedType: expectedType, log: IssueLog(), scope: scope)
    }

    /// Parses element `index` of `items` with its own expected type.
    func parse(_ items: [StyleValue], _ index: Int, expected: ValueType?, bindings: [(String, any Expression)] = [],
               annotation: TypeAnnotation? = nil) -> (any Expression)? {
        child(index, expected: expected, bindings: bindings).parse(items[index], annotation: annotation)
    }

    /// Parses `value` as an expression of this context's expected type, inserting the assertion
    /// or coercion the spec calls for, and folds it to a literal when it is constant.
    package func parse(_ value: StyleValue) -> (any Expression)? { parse(value, annotation: nil) }

    func parse(_ value: StyleValue, annotation: TypeAnnotation?) -> (any Expression)? {
        var parsed: any Expression
        switch value {
        case .null, .bool, .number, .string, .color:
            // What `["literal", value]` parses to, without building that array and looking up "literal".
            parsed = Literal(type: value.type, value: value)
        case .array(let items):
            guard let first = items.first else {
                return error("Expected an array with at least one element. If you wanted a literal array, use [\"literal\", []].")
            }
            guard case .string(let op) = first else {
                return error("Expression name must be a string, but found \(first.type.kind) instead. If you wanted a literal array, use [\"literal\", [...]].", at: 0)
            }
            guard let parseOperator = ExpressionRegistry.parsers[op] else {
                if ExpressionRegistry.unsupported.contains(op) {
                    log.unsupportedOperators.append(op)
                    return nil
                }
                return error("Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", at: 0)
            }
            guard let operatorParsed = parseOperator(items, self) else { return nil }
            parsed = operatorParsed
        case .object:
            return error("Bare objects invalid. Use [\"literal\", {...}] instead.")
        }

        if let expected = expectedType {
            let actual = parsed.type
            let assertable: Bool
            let coercible: Bool
            switch expected {
            case .string, .number, .boolean, .object, .array: (assertable, coercible) = (true, false)
            case .color, .formatted, .resolvedImage: (assertable, coercible) = (false, true)
            default: (assertable, coercible) = (false, false)
            }
            if assertable && actual == .value {
                parsed = annotate(parsed, expected, annotation ?? .assert)
            } else if coercible && (actual == .value || actual == .string) {
                parsed = annotate(parsed, expected, annotation ?? .coerce)
            } else if let message = expected.mismatch(actual) {
                return error(message)
            }
        }

        if !isKind(parsed, Literal.self), ParsingContext.isConstant(parsed) {
            do {
                parsed = Literal(type: parsed.type, value: try parsed.evaluate(EvaluationContext(zoom: 0)))
            } catch {
                return self.error(error.message)
            }
        }
        return parsed
    }

    /// The spec's folding rule: no feature or zoom dependency, and every child already a
    /// literal (type annotations look through to their operands); `error` never folds.
    static func isConstant(_ expression: any Expression) -> Bool {
        if let v = cast(expression, Var.self) { return isConstant(v.bound) }
        if isKind(expression, ErrorExpression.self) { return false }
        // A `format` keeps its sections apart (a folded one would be its joined text only).
        if isKind(expression, Format.self) { return false }
        let isAnnotation = isKind(expression, TypeAssertion.self) || isKind(expression, Coercion.self)
        for child in expression.children {
            if isAnnotation ? !isConstant(child) : !isKind(child, Literal.self) { return false }
        }
        return !expression.dependsOnFeature && !expression.dependsOnZoom
    }

    private func annotate(_ parsed: any Expression, _ type: ValueType, _ annotation: TypeAnnotation) -> any Expression {
        switch annotation {
        case .assert: return TypeAssertion(type: type, arguments: [parsed])
        case .coerce: return Coercion(type: type, arguments: [parsed])
        case .omit: return parsed
        }
    }
}

/// One operator's parser: gets the whole JSON array (operator name at index 0, so indices
/// match the JSON path) and returns nil after reporting an error.
typealias OperatorParser = @Sendable ([StyleValue], ParsingContext) -> (any Expression)?

/// An expression operator of the spec: its name(s) and how to parse it.
protocol ExpressionOperator: Sendable {
    static var names: [String] { get }
    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)?
}

extension ParsingContext {
    /// "Expected N arguments, but found M instead." when `items` (with the operator) is not `count + 1` long.
    func checkArity(_ items: [StyleValue], _ count: Int) -> Bool {
        if items.count - 1 == count { return true }
        error("Expected \(count) argument\(count == 1 ? "" : "s"), but found \(items.count - 1) instead.")
        return false
    }
}
