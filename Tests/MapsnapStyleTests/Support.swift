import Foundation
import Testing
@testable import MapsnapStyle
import MapsnapGeo
import MapsnapTestSupport

/// A feature for tests: properties, an optional id and a geometry type.
struct MockFeature: Feature {
    var geometryType: GeometryType = .point
    var id: FeatureValue?
    var properties: [String: FeatureValue] = [:]

    init(_ properties: [String: FeatureValue] = [:], type: GeometryType = .point, id: FeatureValue? = nil) {
        self.properties = properties
        self.geometryType = type
        self.id = id
    }

    func property(_ key: String) -> FeatureValue? { properties[key] }
}

/// Parses JSON text into a StyleValue (test input is always valid JSON).
func json(_ text: String) -> StyleValue {
    try! StyleValue.parseJSON(Data(text.utf8))
}

/// The outcome of parsing one expression: the expression or the logged errors.
struct ParsedExpression {
    var expression: (any StyleExpression)?
    var errors: [StyleIssue]
    var warnings: [String]

    /// Evaluates; an error becomes "error: <message>".
    func value(zoom: Double = 0, _ feature: MockFeature? = nil) -> StyleValue {
        guard let expression else { return .string("parse failed: \(errors.map(\.description))") }
        do {
            return try expression.evaluate(EvaluationContext(zoom: zoom, feature: feature))
        } catch {
            return .string("error: \(error.message)")
        }
    }
}

/// Parses an expression from JSON text as a plain expression (no property, path `e`).
func parseExpression(_ text: String, expected: ValueType? = nil) -> ParsedExpression {
    let log = IssueLog()
    let expression = ParsingContext(path: "e", expectedType: expected, log: log).parse(json(text))
    return ParsedExpression(expression: expression, errors: log.errors, warnings: log.unsupportedOperators)
}

/// Evaluates an expression given as JSON text (errors become "error: ..." strings).
func evaluate(_ text: String, zoom: Double = 0, _ properties: [String: FeatureValue] = [:],
              type: GeometryType = .point, id: FeatureValue? = nil, expected: ValueType? = nil) -> StyleValue {
    parseExpression(text, expected: expected).value(zoom: zoom, MockFeature(properties, type: type, id: id))
}

/// The folder with MapLibre's test data and the upstream styles (`../shared` beside the
/// repository), if present.
let sharedFolder: URL? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidate = root.deletingLastPathComponent().appendingPathComponent("shared")
    return FileManager.default.fileExists(atPath: candidate.appendingPathComponent("styles-upstream").path) ? candidate : nil
}()

/// `sharedFolder`, or the running test is skipped (`TestEnvironment.skip`) without it.
func sharedStyles() throws -> URL {
    guard let shared = sharedFolder else { try TestEnvironment.skip("../shared/styles-upstream is not beside the repository") }
    return shared
}

/// A style document around one layer, for property and filter tests.
func styleJSON(layers: String, sources: String = #"{"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}"#) -> Data {
    Data(#"{"version": 8, "sources": \#(sources), "layers": \#(layers)}"#.utf8)
}

func parseStyle(layers: String, sources: String = #"{"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}"#) -> Result<StyleDocument, StyleError> {
    do {
        return .success(try StyleDocument.parse(styleJSON(layers: layers, sources: sources), baseURL: nil, fileName: "test.json"))
    } catch {
        return .failure(error)
    }
}

/// A small deterministic generator for test data.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
