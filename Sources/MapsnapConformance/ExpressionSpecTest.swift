import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapStyle

/// Runs one of MapLibre's expression tests (`maplibre-style-spec/test/integration/expression`,
/// one `test.json` each) against this module's parser and evaluator, and judges it as upstream
/// does: the compile result must match (success with the same type and constness, or an error
/// with the same message), then every output, numbers cut to 6 significant digits and colours
/// premultiplied; a runtime error must be expected there, with the same message.
///
/// Inputs whose feature properties are arrays, objects or null cannot be run: a `Feature`
/// (like MVT) holds only strings, numbers and booleans. They are counted in
/// `Outcome.skippedInputs` rather than silently passed.
public enum ExpressionSpecTest {
    public struct Outcome: Sendable, Equatable {
        public var passed: Bool
        /// Why it failed, or a note on a pass.
        public var reason: String
        /// Inputs that could not be represented (see the type's documentation).
        public var skippedInputs: Int
    }

    /// Judges the test in `data` (the contents of a `test.json`).
    public static func run(_ data: Data) -> Outcome {
        guard case .object(let test) = (try? StyleValue.parseJSON(data)) ?? .null,
              let expression = test["expression"], case .object(let expected)? = test["expected"],
              case .object(let compiled)? = expected["compiled"] else {
            return Outcome(passed: false, reason: "unreadable test.json", skippedInputs: 0)
        }
        let log = IssueLog()
        let parsed = compile(expression, spec: test["propertySpec"], log: log)

        if compiled["result"] == .string("error") {
            guard parsed == nil, let got = log.errors.first else {
                let what = parsed.map { "compiled as \($0.type)" } ?? "failed without an error (unsupported \(log.unsupportedOperators))"
                return fail("expected a compile error, \(what)")
            }
            let want = compiled["errors"]?.arrayValue?.first?.objectValue
            let wantMessage = want?["error"]?.stringValue ?? ""
            guard got.message == wantMessage else { return fail("compile error \"\(got.message)\", want \"\(wantMessage)\"") }
            return Outcome(passed: true, reason: "", skippedInputs: 0)
        }
        guard let parsed else {
            return fail("compile failed: \(log.errors.map(\.description).joined(separator: "; "))\(log.unsupportedOperators.isEmpty ? "" : " unsupported \(log.unsupportedOperators)")")
        }
        if let type = compiled["type"]?.stringValue, type != parsed.type.description {
            return fail("type \(parsed.type), want \(type)")
        }
        if let featureConstant = compiled["isFeatureConstant"]?.boolValue, featureConstant == parsed.dependsOnFeature {
            return fail("isFeatureConstant is \(!parsed.dependsOnFeature), want \(featureConstant)")
        }
        if let zoomConstant = compiled["isZoomConstant"]?.boolValue, zoomConstant == parsed.dependsOnZoom {
            return fail("isZoomConstant is \(!parsed.dependsOnZoom), want \(zoomConstant)")
        }

        var skipped = 0
        let inputs = test["inputs"]?.arrayValue ?? []
        let outputs = expected["outputs"]?.arrayValue ?? []
        for (i, (input, want)) in zip(inputs, outputs).enumerated() {
            let pair = input.arrayValue ?? []
            let zoom = pair.first?.objectValue?["zoom"]?.numberValue ?? 0
            var feature: SpecFeature?
            if pair.count > 1, case .object = pair[1] {
                guard let representable = SpecFeature(pair[1]) else { skipped += 1; continue }
                feature = representable
            }
            let wantError = want.objectValue?["error"]?.stringValue
            do {
                let got = try parsed.evaluate(EvaluationContext(zoom: zoom, feature: feature))
                if wantError != nil, got.type != .object { return fail("input \(i): got \(got.json), want an error", skipped) }
                if !close(normalized(got), normalized(want)) {
                    return fail("input \(i): got \(normalized(got).json), want \(normalized(want).json)", skipped)
                }
            } catch {
                guard let wantError else { return fail("input \(i): error \"\(error.message)\", want \(want.json)", skipped) }
                // Upstream prefixes the property's path (`layers[0].paint.some-property[1]: `).
                if !wantError.hasSuffix(": " + error.message) && wantError != error.message {
                    return fail("input \(i): error \"\(error.message)\", want \"\(wantError)\"", skipped)
                }
            }
        }
        return Outcome(passed: true, reason: skipped > 0 ? "\(skipped) input(s) not run: null properties" : "", skippedInputs: skipped)
    }

    private static func fail(_ reason: String, _ skipped: Int = 0) -> Outcome {
        Outcome(passed: false, reason: reason, skippedInputs: skipped)
    }

    /// Compiles as upstream's harness does: for the test's `propertySpec` when it has one (the
    /// property's type, interpolation and zoom rules), else as a plain expression of any type.
    private static func compile(_ expression: StyleValue, spec: StyleValue?, log: IssueLog) -> (any MapsnapStyle.Expression)? {
        if let type = expectedType(spec) {
            var definition = PropertyCompiler.Definition(name: "some-property", type: type, interpolatable: true)
            if case .object(let s)? = spec {
                if case .object(let e)? = s["expression"] {
                    if e["interpolated"] == .bool(false) { definition.interpolatable = false }
                    definition.inputs = inputs(e["parameters"]?.arrayValue ?? [], propertyType: s["property-type"]?.stringValue)
                }
            }
            return PropertyCompiler(log: log).parseExpression(expression, path: "", definition: definition)
        }
        guard let parsed = ParsingContext(path: "", expectedType: nil, log: log).parse(expression) else { return nil }
        if parsed.dependsOnZoom, let message = ZoomCurve.violation(in: parsed) {
            log.error("", message)
            return nil
        }
        return parsed
    }

    /// The inputs a `propertySpec` allows: its `parameters`, without the feature unless its
    /// `property-type` is data-driven (as upstream's `supportsPropertyExpression` decides).
    static func inputs(_ parameters: [StyleValue], propertyType: String?) -> ExpressionInputs {
        var inputs: ExpressionInputs = []
        if parameters.contains(.string("zoom")) { inputs.insert(.zoom) }
        if parameters.contains(.string("line-progress")) { inputs.insert(.lineProgress) }
        if propertyType == "data-driven" || propertyType == "cross-faded-data-driven" { inputs.insert(.feature) }
        return inputs
    }

    /// The type a `propertySpec` asks for; nil when the test has none.
    static func expectedType(_ spec: StyleValue?) -> ValueType? {
        guard case .object(let spec)? = spec, case .string(let type)? = spec["type"] else { return nil }
        switch type {
        case "number": return .number
        case "string", "enum": return .string
        case "boolean": return .boolean
        case "color": return .color
        case "formatted": return .formatted
        case "resolvedImage": return .resolvedImage
        case "array":
            let item: ValueType = switch spec["value"] {
            case .string("number")?: .number
            case .string("string")?: .string
            case .string("boolean")?: .boolean
            case .string("color")?: .color
            default: .value
            }
            return .array(item, spec["length"]?.numberValue.map { Int(saturating: $0) })
        default: return .value
        }
    }

    /// Both sides as comparable JSON: numbers cut to 6 significant digits (upstream's
    /// `stripPrecision` floors), colours as premultiplied `[r, g, b, a]`.
    static func normalized(_ value: StyleValue) -> StyleValue {
        switch value {
        case .number(let n):
            guard n.isFinite, n != 0 else { return value }
            let magnitude = pow(10, 6 - ceil(log10(abs(n))))
            return .number((n * magnitude).rounded(.down) / magnitude)
        case .color(let c):
            let p = c.premultiplied
            return normalized(.array([.number(p.r), .number(p.g), .number(p.b), .number(p.a)]))
        case .array(let items): return .array(items.map(normalized))
        case .object(let members): return .object(members.mapValues(normalized))
        default: return value
        }
    }

    /// Equal after normalizing, numbers within one unit of the 6th digit (flooring a value that
    /// is off by a rounding error can cross a digit).
    static func close(_ a: StyleValue, _ b: StyleValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y || abs(x - y) <= 1e-5 * max(abs(x), abs(y), 1)
        case (.array(let xs), .array(let ys)): return xs.count == ys.count && zip(xs, ys).allSatisfy { close($0, $1) }
        case (.object(let xs), .object(let ys)): return xs.keys == ys.keys && xs.keys.allSatisfy { close(xs[$0]!, ys[$0]!) }
        default: return a == b
        }
    }
}

/// A test input's feature: properties, id and geometry type.
private struct SpecFeature: Feature {
    /// A feature given without geometry is taken as a point.
    var geometryType: GeometryType = .point
    var id: FeatureValue?
    var properties: [String: FeatureValue] = [:]

    /// nil when a property is null (a `Feature` cannot hold one: it reads as absent).
    init?(_ value: StyleValue) {
        guard case .object(let object) = value else { return nil }
        for (key, v) in object["properties"]?.objectValue ?? [:] {
            switch v {
            case .string(let s): properties[key] = .string(s)
            case .number(let n): properties[key] = .number(n)
            case .bool(let b): properties[key] = .bool(b)
            case .array, .object:
                guard let json = try? JSONValue.parse(v.json) else { return nil }
                properties[key] = .json(json)
            default: return nil
            }
        }
        switch object["id"] {
        case .number(let n)?: id = .number(n)
        case .string(let s)?: id = .string(s)
        default: break
        }
        switch object["geometry"]?.objectValue?["type"]?.stringValue {
        case "Point"?, "MultiPoint"?: geometryType = .point
        case "LineString"?, "MultiLineString"?: geometryType = .lineString
        case "Polygon"?, "MultiPolygon"?: geometryType = .polygon
        default: break
        }
    }

    func property(_ key: String) -> FeatureValue? { properties[key] }
}
