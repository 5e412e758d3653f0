import Foundation
import Testing
@testable import MapsnapStyle

/// `Filter.matches` runs a compiled `FilterProgram`; it must agree with evaluating the filter's
/// expression everywhere.
@Suite struct FilterProgramTests {
    /// The program and the expression agree on every layer of our styles and the upstream ones,
    /// for the generated features of the filter-analysis check (every other one: the debug
    /// build evaluates slowly), at zooms on both sides of the styles' `step`s.
    @Test func agreesWithTheExpressionOnRealStyles() throws {
        let (styles, features) = try FilterAnalysisTests.stylesAndFeatures()
        var compared = 0, matched = 0
        for style in styles {
            for layer in style.layers {
                guard let filter = layer.filter else { continue }
                for feature in stride(from: 0, to: features.count, by: 2).map({ features[$0] }) {
                    for zoom in filter.dependsOnZoom ? [3.0, 10, 15.5] : [14.0] {
                        let fast = filter.matches(feature, zoom: zoom)
                        if fast != filter.matchesByEvaluating(feature, zoom: zoom) {
                            Issue.record("\(layer.id) at z\(zoom): \(feature.properties) \(feature.geometryType)")
                        }
                        compared += 1
                        if fast { matched += 1 }
                    }
                }
            }
        }
        #expect(matched > 1_000 && matched < compared)
    }

    /// What the real styles' filters compile to: only the few shapes the program does not know
    /// (zoom steps, `coalesce`) stay expressions.
    @Test func realFiltersCompile() throws {
        let (styles, _) = try FilterAnalysisTests.stylesAndFeatures()
        var fallbacks: [String] = []
        var total = 0
        for style in styles {
            for layer in style.layers {
                guard let filter = layer.filter else { continue }
                total += 1
                if Self.containsExpression(filter.program) { fallbacks.append(layer.id) }
            }
        }
        #expect(Set(fallbacks) == ["boundary", "poi"], "\(fallbacks) of \(total)")
    }

    static func containsExpression(_ program: FilterProgram) -> Bool {
        switch program {
        case is ExpressionTest: return true
        case let all as AllTest: return all.operands.contains(where: containsExpression)
        case let any as AnyTest: return any.operands.contains(where: containsExpression)
        case let not as NotTest: return containsExpression(not.operand)
        default: return false
        }
    }

    /// The semantics where a shortcut could go wrong: errors under `!`, typed equality,
    /// missing properties, `null` literals, fallbacks, labels of the other type.
    @Test(arguments: [
        #"["!", ["<", ["get", "rank"], 3]]"#,                // missing/non-number rank: an error, not true
        #"["!", [">=", ["get", "name"], "M"]]"#,
        #"["any", ["<", ["get", "rank"], 3], ["==", ["get", "class"], "a"]]"#,
        #"["all", ["==", ["get", "class"], "a"], ["<", ["get", "rank"], 3]]"#,
        #"["==", ["get", "rank"], "2"]"#, #"["==", ["get", "rank"], 2]"#, #"["!=", ["get", "rank"], 2]"#,
        #"["==", ["get", "class"], null]"#, #"["!=", ["get", "class"], null]"#,
        #"["==", 2, ["get", "rank"]]"#, #"["==", ["geometry-type"], "Point"]"#, #"["==", ["id"], 7]"#,
        #"["match", ["get", "class"], ["a", "b"], false, true]"#,
        #"["match", ["get", "rank"], [1, 2], true, 3, false, false]"#,
        #"["match", ["get", "class"], "a", true, "b", false, true]"#,
        #"["match", ["geometry-type"], "Point", true, false]"#,
        #"["in", ["get", "class"], ["literal", ["a", 2, true, null]]]"#,
        #"["in", ["get", "rank"], ["literal", [2, "3"]]]"#,
        #"["in", ["get", "class"], "abc"]"#,
        #"["has", "class"]"#, #"["!", ["has", "class"]]"#,
        #"["==", "rank", 2]"#, #"["!=", "rank", 2]"#, #"["<", "rank", 2]"#, #"[">=", "class", "b"]"#,
        #"["in", "class", "a", 2]"#, #"["!in", "class", "a", 2]"#, #"["!has", "rank"]"#,
        #"["==", "$type", "Point"]"#, #"["in", "$type", "Point", "Polygon"]"#, #"["==", "$id", 7]"#,
        #"["none", ["==", "class", "a"], ["<", "rank", 2]]"#,
        #"["<=", ["coalesce", ["get", "rank"], 99], ["step", ["zoom"], 6, 15, 20]]"#,
        #"true"#, #"false"#,
    ])
    func agreesOnEdgeCases(filter: String) throws {
        let parsed = try Filter.parse(json(filter))
        let features = [
            MockFeature([:]), MockFeature(["class": .string("a")]), MockFeature(["class": .string("b"), "rank": .number(2)]),
            MockFeature(["class": .number(2), "rank": .string("2")]), MockFeature(["class": .bool(true), "rank": .number(1)]),
            MockFeature(["rank": .number(3), "name": .string("Mainz")], type: .lineString, id: .number(7)),
            MockFeature(["name": .string("Aachen"), "rank": .number(.nan)], type: .polygon, id: .string("7")),
        ]
        for feature in features {
            for zoom in [0.0, 16] {
                #expect(parsed.matches(feature, zoom: zoom) == parsed.matchesByEvaluating(feature, zoom: zoom),
                        "\(feature.properties) z\(zoom)")
            }
        }
    }
}
