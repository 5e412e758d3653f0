import MapsnapFormats
/// The legacy function syntax `{"type", "base", "stops", "property", "default", "colorSpace"}`:
/// zoom functions, property functions (`property`) and zoom-and-property functions
/// (`{"zoom", "value"}` stop keys), each `exponential` (the default for interpolatable
/// properties), `interval` (the default otherwise), `categorical` or `identity`.
struct LegacyFunction: Expression {
    enum Kind: String, Sendable {
        case identity, exponential, interval, categorical
    }

    enum Input: Sendable {
        case zoom
        case property(String)
    }

    let type: ValueType
    let kind: Kind
    let base: Double
    let colorSpace: Interpolate.ColorSpace
    let input: Input
    /// Stop inputs (numeric kinds) and outputs, in order.
    let stopInputs: [Double]
    let outputs: [any Expression]
    /// Stop input → output index for `categorical`.
    let categories: [StyleValue: Int]
    let defaultValue: StyleValue?
    /// For zoom-and-property functions: one property function per zoom stop.
    let zoomStops: [Double]
    let perZoom: [LegacyFunction]
    /// The outputs' values when all are literals (the usual stops), read without calling them.
    private let literalOutputs: [StyleValue]?

    init(type: ValueType, kind: Kind, base: Double, colorSpace: Interpolate.ColorSpace, input: Input, stopInputs: [Double],
         outputs: [any Expression], categories: [StyleValue: Int], defaultValue: StyleValue?, zoomStops: [Double],
         perZoom: [LegacyFunction]) {
        self.type = type
        self.kind = kind
        self.base = base
        self.colorSpace = colorSpace
        self.input = input
        self.stopInputs = stopInputs
        self.outputs = outputs
        self.categories = categories
        self.defaultValue = defaultValue
        self.zoomStops = zoomStops
        self.perZoom = perZoom
        literalOutputs = Interpolate.literalValues(outputs)
    }

    @inline(__always)
    private func output(_ index: Int, _ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        if let literalOutputs { return literalOutputs[index] }
        return try outputs[index].evaluate(context)
    }

    var children: [any Expression] { outputs + perZoom.map { $0 as any Expression } }
    var dependsOnFeature: Bool {
        if case .property = input { return true }
        return outputs.contains { $0.dependsOnFeature }
    }
    var dependsOnZoom: Bool {
        if case .zoom = input { return true }
        return !perZoom.isEmpty || outputs.contains { $0.dependsOnZoom }
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        if !perZoom.isEmpty { return try evaluateZoomAndProperty(context) }
        let value: StyleValue
        switch input {
        case .zoom:
            value = .number(context.zoom)
        case .property(let name):
            guard let property = context.property(name) else { return try fallback() }
            value = StyleValue(property)
        }
        return try evaluate(value, context)
    }

    private func fallback() throws(EvaluationError) -> StyleValue {
        if let defaultValue { return defaultValue }
        throw EvaluationError("No stop matched and the function has no default.")
    }

    private func evaluate(_ value: StyleValue, _ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        switch kind {
        case .identity:
            switch (type, value) {
            case (.color, .string(let s)):
                guard let color = Color.parse(s) else { return try fallback() }
                return .color(color)
            case (.number, .number), (.string, .string), (.boolean, .bool):
                return value
            case (.array, .array), (.formatted, _), (.resolvedImage, _):
                return value
            default:
                return try fallback()
            }
        case .categorical:
            guard let index = categories[value] else { return try fallback() }
            return try output(index, context)
        case .interval:
            guard case .number(let x) = value else { return try fallback() }
            return try output(Step.indexOfStop(atOrBelow: x, in: stopInputs), context)
        case .exponential:
            guard case .number(let x) = value else { return try fallback() }
            let last = stopInputs.count - 1
            if last == 0 || x <= stopInputs[0] { return try output(0, context) }
            if x >= stopInputs[last] { return try output(last, context) }
            let i = Step.indexOfStop(atOrBelow: x, in: stopInputs)
            let t = Interpolate.factor(.exponential(base: base), input: x, lower: stopInputs[i], upper: stopInputs[i + 1])
            return try LegacyFunction.blend(output(i, context), output(i + 1, context), t, colorSpace)
        }
    }

    private func evaluateZoomAndProperty(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let z = context.zoom
        let last = zoomStops.count - 1
        if last == 0 || z <= zoomStops[0] { return try perZoom[0].evaluate(context) }
        if z >= zoomStops[last] { return try perZoom[last].evaluate(context) }
        let i = Step.indexOfStop(atOrBelow: z, in: zoomStops)
        let lower = try perZoom[i].evaluate(context)
        guard LegacyFunction.isInterpolatable(type) else { return lower }
        let t = Interpolate.factor(.exponential(base: base), input: z, lower: zoomStops[i], upper: zoomStops[i + 1])
        return try LegacyFunction.blend(lower, perZoom[i + 1].evaluate(context), t, colorSpace)
    }

    static func blend(_ a: StyleValue, _ b: StyleValue, _ t: Double, _ space: Interpolate.ColorSpace) throws(EvaluationError) -> StyleValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + (y - x) * t)
        case (.color(let x), .color(let y)):
            switch space {
            case .rgb: return .color(Color.interpolateRGB(x, y, t))
            case .lab: return .color(Color.interpolateLab(x, y, t))
            case .hcl: return .color(Color.interpolateHCL(x, y, t))
            }
        case (.array(let xs), .array(let ys)) where xs.count == ys.count:
            var out: [StyleValue] = []
            for (x, y) in zip(xs, ys) { out.append(try blend(x, y, t, space)) }
            return .array(out)
        default:
            return t < 1 ? a : b
        }
    }

    static func isInterpolatable(_ type: ValueType) -> Bool {
        switch type {
        case .number, .color, .array(.number, _): true
        default: false
        }
    }
}

// MARK: parsing

extension LegacyFunction {
    /// Parses the function object at `path`. `output` turns a stop output (or the default) into
    /// an expression of the property's type, reporting errors at the path it is given.
    static func parse(_ object: [String: StyleValue], path: String, type: ValueType, interpolatable: Bool,
                      log: IssueLog, output: (StyleValue, String) -> (any Expression)?) -> (any Expression)? {
        let errorsBefore = log.errors.count
        func fail(_ subpath: String, _ message: String) -> (any Expression)? {
            log.error(path + subpath, message)
            return nil
        }
        for key in object.keys.sorted() where !["type", "base", "stops", "property", "default", "colorSpace"].contains(key) {
            log.warning(path + "." + key, "unknown function property \"\(key)\"; ignored")
        }
        var kind = interpolatable ? Kind.exponential : Kind.interval
        if let typeValue = object["type"] {
            guard case .string(let name) = typeValue, let parsed = Kind(rawValue: name) else {
                return fail(".type", "expected one of \"identity\", \"exponential\", \"interval\", \"categorical\", got \(typeValue.json)")
            }
            kind = parsed
        }
        if kind == .exponential && !interpolatable {
            return fail(".type", "exponential functions are not supported for this property")
        }
        var base = 1.0
        if let baseValue = object["base"] {
            guard case .number(let n) = baseValue else { return fail(".base", "expected a number, got \(baseValue.json)") }
            base = n
        }
        var colorSpace = Interpolate.ColorSpace.rgb
        if let space = object["colorSpace"] {
            switch space {
            case .string("rgb"): colorSpace = .rgb
            case .string("lab"): colorSpace = .lab
            case .string("hcl"): colorSpace = .hcl
            default: return fail(".colorSpace", "expected one of \"rgb\", \"lab\", \"hcl\", got \(space.json)")
            }
        }
        var propertyName: String?
        if let property = object["property"] {
            guard case .string(let name) = property else { return fail(".property", "expected a string, got \(property.json)") }
            propertyName = name
        }
        var defaultValue: StyleValue?
        if let value = object["default"] {
            guard let parsed = output(value, path + ".default") else { return nil }
            guard let literal = cast(parsed, Literal.self) else { return fail(".default", "expected a constant value") }
            defaultValue = literal.value
        }
        let input: Input = propertyName.map { .property($0) } ?? .zoom

        if kind == .identity {
            guard propertyName != nil else { return fail("", "missing required property \"property\"") }
            return LegacyFunction(type: type, kind: kind, base: base, colorSpace: colorSpace, input: input, stopInputs: [],
                                  outputs: [], categories: [:], defaultValue: defaultValue, zoomStops: [], perZoom: [])
        }
        guard let stopsValue = object["stops"] else { return fail("", "missing required property \"stops\"") }
        guard case .array(let stops) = stopsValue else { return fail(".stops", "expected an array, got \(stopsValue.json)") }
        guard !stops.isEmpty else { return fail(".stops", "expected at least one stop") }

        var pairs: [(key: StyleValue, output: any Expression)] = []
        for (i, stop) in stops.enumerated() {
            let stopPath = ".stops[\(i)]"
            guard case .array(let pair) = stop, pair.count == 2 else {
                _ = fail(stopPath, "expected an array of 2 elements (input and output), got \(stop.json)")
                continue
            }
            guard let parsed = output(pair[1], path + stopPath + "[1]") else { continue }
            pairs.append((pair[0], parsed))
        }
        guard log.errors.count == errorsBefore else { return nil }

        // Zoom-and-property: stop keys are {"zoom", "value"}.
        if case .object = pairs[0].key {
            guard let propertyName else { return fail(".property", "missing required property \"property\" (stops have {zoom, value} inputs)") }
            var byZoom: [(zoom: Double, stops: [(StyleValue, any Expression)])] = []
            for (i, pair) in pairs.enumerated() {
                guard case .object(let key) = pair.key, case .number(let zoom)? = key["zoom"], let value = key["value"] else {
                    return fail(".stops[\(i)][0]", "expected an object with a numeric \"zoom\" and a \"value\", got \(pair.key.json)")
                }
                if let last = byZoom.last, last.zoom == zoom {
                    byZoom[byZoom.count - 1].stops.append((value, pair.output))
                } else {
                    if let last = byZoom.last, last.zoom > zoom {
                        return fail(".stops[\(i)][0].zoom", "stop zoom values must appear in ascending order")
                    }
                    byZoom.append((zoom, [(value, pair.output)]))
                }
            }
            var perZoom: [LegacyFunction] = []
            for group in byZoom {
                guard let function = build(kind: kind, base: base, colorSpace: colorSpace, input: .property(propertyName), type: type,
                                           pairs: group.stops, defaultValue: defaultValue, path: path, log: log) else { return nil }
                perZoom.append(function)
            }
            return LegacyFunction(type: type, kind: kind, base: base, colorSpace: colorSpace, input: .property(propertyName),
                                  stopInputs: [], outputs: [], categories: [:], defaultValue: defaultValue,
                                  zoomStops: byZoom.map(\.zoom), perZoom: perZoom)
        }
        return build(kind: kind, base: base, colorSpace: colorSpace, input: input, type: type,
                     pairs: pairs.map { ($0.key, $0.output) }, defaultValue: defaultValue, path: path, log: log)
    }

    private static func build(kind: Kind, base: Double, colorSpace: Interpolate.ColorSpace, input: Input, type: ValueType,
                              pairs: [(StyleValue, any Expression)], defaultValue: StyleValue?, path: String,
                              log: IssueLog) -> LegacyFunction? {
        var stopInputs: [Double] = []
        var categories: [StyleValue: Int] = [:]
        var keyKind: String?
        for (i, (key, _)) in pairs.enumerated() {
            let keyPath = path + ".stops[\(i)][0]"
            switch kind {
            case .categorical:
                switch key {
                case .string, .number, .bool: break
                default:
                    log.error(keyPath, "expected a string, number or boolean, got \(key.json)")
                    return nil
                }
                if let keyKind, keyKind != key.type.kind {
                    log.error(keyPath, "stop domain value types must match")
                    return nil
                }
                keyKind = key.type.kind
                if categories[key] == nil { categories[key] = i }
            default:
                guard case .number(let n) = key else {
                    log.error(keyPath, "expected a number, got \(key.json)")
                    return nil
                }
                if let last = stopInputs.last, n < last {
                    if case .zoom = input {
                        log.error(keyPath, "stop zoom values must appear in ascending order")
                    } else {
                        log.error(keyPath, "stop domain values must appear in ascending order")
                    }
                    return nil
                }
                stopInputs.append(n)
            }
        }
        return LegacyFunction(type: type, kind: kind, base: base, colorSpace: colorSpace, input: input, stopInputs: stopInputs,
                              outputs: pairs.map(\.1), categories: categories, defaultValue: defaultValue,
                              zoomStops: [], perZoom: [])
    }
}
