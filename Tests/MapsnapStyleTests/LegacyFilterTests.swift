import Testing
@testable import MapsnapStyle
import MapsnapFormats

@Suite struct LegacyFilterTests {
    static let road = MockFeature(["class": .string("primary"), "rank": .number(3), "oneway": .number(1), "name": .string("B")],
                                  type: .lineString, id: .number(7))

    static func filter(_ text: String) throws -> Filter {
        try Filter.parse(json(text))
    }

    @Test(arguments: [
        (#"["==", "class", "primary"]"#, true),
        (#"["==", "class", "secondary"]"#, false),
        (#"["==", "rank", 3]"#, true),
        (#"["==", "rank", "3"]"#, false),          // strictly typed
        (#"["==", "missing", ""]"#, false),
        (#"["!=", "class", "primary"]"#, false),
        (#"["!=", "missing", "x"]"#, true),
        (#"["<", "rank", 4]"#, true),
        (#"["<", "rank", "4"]"#, false),           // no cross-type ordering
        (#"["<=", "rank", 3]"#, true),
        (#"[">", "rank", 3]"#, false),
        (#"[">=", "rank", 3]"#, true),
        (#"[">", "name", "A"]"#, true),
        (#"["<", "missing", 100]"#, false),
        (#"["in", "class", "primary", "secondary"]"#, true),
        (#"["in", "rank", 1, 2]"#, false),
        (#"["in", "rank", "3"]"#, false),
        (#"["!in", "class", "motorway", "trunk"]"#, true),
        (#"["!in", "missing", "x"]"#, true),
        (#"["has", "oneway"]"#, true),
        (#"["!has", "oneway"]"#, false),
        (#"["has", "$id"]"#, true),
        (#"["==", "$type", "LineString"]"#, true),
        (#"["!=", "$type", "Polygon"]"#, true),
        (#"["in", "$type", "Point", "Polygon"]"#, false),
        (#"["==", "$id", 7]"#, true),
        (#"["all", ["==", "class", "primary"], ["in", "rank", 3, 4]]"#, true),
        (#"["all"]"#, true),
        (#"["any", ["==", "class", "motorway"], ["has", "name"]]"#, true),
        (#"["any"]"#, false),
        (#"["none", ["==", "class", "motorway"], ["has", "bridge"]]"#, true),
        (#"["none", ["==", "class", "primary"]]"#, false),
        (#"["all", ["==", "$type", "LineString"], ["!in", "class", "minor"]]"#, true),
    ])
    func legacy(filter: String, matches: Bool) throws {
        #expect(try Self.filter(filter).matches(Self.road, zoom: 10) == matches)
    }

    @Test(arguments: [
        (#"["==", ["get", "class"], "primary"]"#, true),
        (#"["==", ["geometry-type"], "LineString"]"#, true),
        (#"["all", ["has", "rank"], [">=", ["zoom"], 10]]"#, true),
        (#"["all", ["has", "rank"], [">=", ["zoom"], 11]]"#, false),
        (#"["in", ["get", "class"], ["literal", ["primary"]]]"#, true),
        (#"["match", ["get", "class"], ["primary", "trunk"], true, false]"#, true),
        (#"["get", "class"]"#, false),   // not a boolean: no match
        ("true", true),
        ("false", false),
    ])
    func expressions(filter: String, matches: Bool) throws {
        #expect(try Self.filter(filter).matches(Self.road, zoom: 10) == matches)
    }

    /// The detection rule between the two syntaxes.
    @Test(arguments: [
        (#"["==", "class", "x"]"#, false), (#"["==", ["get", "class"], "x"]"#, true), (#"["==", "class"]"#, true),
        (#"["has", "x"]"#, true), (#"["has", "$type"]"#, false), (#"["has", "$id"]"#, false), (#"["!has", "x"]"#, false),
        (#"["in", "class", "a", "b"]"#, false), (#"["in", "class", ["literal", ["a"]]]"#, true), (#"["in", ["get", "x"], "abc"]"#, true),
        (#"["!in", "class", "a"]"#, false), (#"["none"]"#, false), (#"["all", ["==", "a", 1]]"#, false),
        (#"["all", ["==", ["get", "a"], 1], true]"#, true), (#"["any", ["==", "a", 1], ["==", ["get", "a"], 1]]"#, false),
        ("true", true), (#""x""#, false), (#"["get", "x"]"#, true),
    ])
    func detection(filter: String, isExpression: Bool) {
        #expect(LegacyFilter.isExpressionFilter(json(filter)) == isExpression)
    }

    @Test(arguments: [
        (#"["==", "class"]"#, "filter", "Expected two or three arguments."),
        (#"["!in", 3, "a"]"#, "filter[1]", "expected a string, got 3"),
        (#"["==", "$type", "Circle"]"#, "filter[2]", "expected one of \"Point\", \"LineString\", \"Polygon\", got \"Circle\""),
        (#"["all", ["==", "a", 1], ["!in", "b", ["x"]]]"#, "filter[2][2]", "expected a string, number or boolean, got [\"x\"]"),
        (#"["!has"]"#, "filter", "filter array for operator \"!has\" must have 2 elements"),
        (#"["none", ["bogus", "a"]]"#, "filter[1][0]", "unknown filter operator \"bogus\""),
    ])
    func errors(filter: String, path: String, message: String) {
        #expect(throws: StyleError.invalid(file: "filter", issues: [StyleIssue(path: path, message: message)])) {
            try Self.filter(filter)
        }
    }
}
