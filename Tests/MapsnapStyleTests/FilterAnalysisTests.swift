import Foundation
import Testing
@testable import MapsnapStyle
import MapsnapGeo

@Suite struct FilterAnalysisTests {
    static func possibleValues(_ filter: String, _ key: String) throws -> String? {
        try Filter.parse(json(filter)).possibleValues(forKey: key)?.description
    }

    /// Filters as real styles write them (ours and the upstream OpenMapTiles styles), plus the
    /// edge cases of the semantics. nil: the key is not constrained (every feature is tested).
    @Test(arguments: [
        // styles/light.json
        (#"["match", ["get", "class"], ["residential", "suburb", "neighbourhood"], true, false]"#, "class", #"["neighbourhood", "residential", "suburb"]"#),
        (#"["all", ["match", ["get", "class"], ["motorway", "motorway_construction"], true, false], ["==", ["get", "brunnel"], "tunnel"]]"#, "class", #"["motorway", "motorway_construction"]"#),
        (#"["all", ["match", ["get", "class"], ["motorway", "motorway_construction"], true, false], ["==", ["get", "brunnel"], "tunnel"]]"#, "brunnel", #"["tunnel"]"#),
        (#"["all", ["match", ["get", "class"], ["minor", "minor_construction"], true, false], ["!", ["match", ["get", "brunnel"], ["tunnel", "bridge"], true, false]]]"#, "class", #"["minor", "minor_construction"]"#),
        (#"["all", ["match", ["get", "class"], ["minor", "minor_construction"], true, false], ["!", ["match", ["get", "brunnel"], ["tunnel", "bridge"], true, false]]]"#, "brunnel", nil),
        (#"["all", ["==", ["geometry-type"], "Polygon"], ["==", ["get", "class"], "pier"]]"#, "class", #"["pier"]"#),
        (#"["all", ["has", "name:latin"], ["has", "class"], ["!", ["match", ["get", "class"], ["barrier", "bus"], true, false]]]"#, "class", nil),
        (#"["<=", ["coalesce", ["get", "admin_level"], 2], 4]"#, "admin_level", nil),
        (#"["==", ["get", "class"], "country"]"#, "class", #"["country"]"#),
        (#"["==", ["get", "class"], "country"]"#, "subclass", nil),
        (#"["!=", ["get", "brunnel"], "tunnel"]"#, "brunnel", nil),
        // positron (expressions)
        (#"["all", ["==", ["geometry-type"], "LineString"], ["all", ["match", ["get", "brunnel"], ["bridge", "tunnel"], false, true], ["==", ["get", "class"], "motorway"]]]"#, "class", #"["motorway"]"#),
        (#"["all", ["==", ["geometry-type"], "LineString"], ["all", ["match", ["get", "brunnel"], ["bridge", "tunnel"], false, true], ["==", ["get", "class"], "motorway"]]]"#, "brunnel", nil),
        (#"["all", ["match", ["get", "class"], ["continent", "hamlet", "isolated_dwelling", "neighbourhood"], true, false], ["==", ["geometry-type"], "Point"]]"#, "class", #"["continent", "hamlet", "isolated_dwelling", "neighbourhood"]"#),
        (#"["all", ["==", ["geometry-type"], "Point"], ["all", ["==", ["get", "capital"], 2], ["==", ["get", "class"], "city"]]]"#, "capital", "[2]"),
        (#"["all", ["==", ["geometry-type"], "Point"], ["==", ["get", "class"], "country"], ["!", ["has", "iso_a2"]]]"#, "iso_a2", "[missing]"),
        (#"["all", ["!=", ["get", "class"], "motorway"], ["==", ["geometry-type"], "LineString"]]"#, "class", nil),
        // dark-matter, maptiler-basic, osm-bright (legacy)
        (#"["all", ["==", "$type", "LineString"], ["in", "class", "primary", "secondary", "tertiary", "trunk"]]"#, "class", #"["primary", "secondary", "tertiary", "trunk"]"#),
        (#"["all", ["==", "$type", "LineString"], ["all", ["==", "class", "transit"], ["!in", "brunnel", "tunnel"]]]"#, "class", #"["transit"]"#),
        (#"["all", ["==", "$type", "LineString"], ["all", ["==", "class", "transit"], ["!in", "brunnel", "tunnel"]]]"#, "brunnel", nil),
        (#"["all", ["==", "$type", "LineString"], ["==", "class", "rail"], ["!has", "service"]]"#, "service", "[missing]"),
        (#"["all", ["==", "admin_level", 2], ["!has", "claimed_by"]]"#, "admin_level", "[2]"),
        (#"["in", "admin_level", 4, 6, 8]"#, "admin_level", "[4, 6, 8]"),
        (#"["all", ["==", "oneway", -1], ["in", "class", "motorway", "trunk"]]"#, "oneway", "[-1]"),
        (#"["all", ["==", "$type", "Point"], ["!in", "class", "city", "state", "country", "continent"]]"#, "class", nil),
        (#"["all", ["==", "$type", "Point"], [">=", "rank", 25], ["any", ["!has", "level"], ["==", "level", 0]]]"#, "level", "[0, missing]"),
        (#"["all", ["!=", "capital", 2], ["==", "class", "city"]]"#, "capital", nil),
        (#"["all"]"#, "class", nil),
        (#"["==", "$type", "Polygon"]"#, "$type", nil),
        // numbers and strings are different values
        (#"["==", "admin_level", 2]"#, "admin_level", "[2]"),
        (#"["==", "admin_level", "2"]"#, "admin_level", #"["2"]"#),
        (#"["match", ["get", "admin_level"], [2, 4], true, false]"#, "admin_level", "[2, 4]"),
        (#"["in", ["get", "class"], ["literal", ["a", "b", 3, true, null]]]"#, "class", #"["a", "b", 3, true, missing]"#),
        // combinations
        (#"["any", ["==", "class", "a"], ["in", "class", "b", "c"]]"#, "class", #"["a", "b", "c"]"#),
        (#"["any", ["==", ["get", "class"], "a"], ["in", ["get", "class"], ["literal", ["b", "c"]]]]"#, "class", #"["a", "b", "c"]"#),
        (#"["any", ["==", ["get", "class"], "a"], ["==", ["get", "rank"], 1]]"#, "class", nil),
        (#"["all", ["==", ["get", "class"], "a"], ["==", ["get", "class"], "b"]]"#, "class", "[]"),
        (#"["all", ["in", "class", "a", "b"], ["any", ["==", "class", "b"], ["==", "class", "c"]]]"#, "class", #"["b"]"#),
        (#"["any", ["!", ["has", "class"]], ["match", ["get", "class"], ["a"], true, false]]"#, "class", #"["a", missing]"#),
        (#"["any"]"#, "class", "[]"),
        (#"false"#, "class", "[]"),
        (#"true"#, "class", nil),
        // what does not constrain the key
        (#"["match", ["get", "class"], ["a"], false, true]"#, "class", nil),
        (#"["match", ["get", "class"], "a", true, ["b", "c"], ["==", ["get", "rank"], 1], false]"#, "class", #"["a", "b", "c"]"#),
        (#"["match", ["get", "class"], "a", true, "b", false, ["==", ["get", "rank"], 1]]"#, "class", nil),
        (#"["==", "motorway", ["get", "class"]]"#, "class", #"["motorway"]"#),
        (#"["==", ["get", "class"], null]"#, "class", "[missing]"),
        (#"["==", ["string", ["get", "class"]], "x"]"#, "class", #"["x"]"#),
        (#"["==", ["to-string", ["get", "class"]], "x"]"#, "class", nil),
        (#"["==", ["get", "class"], "x", ["collator", {"case-sensitive": false}]]"#, "class", nil),
        (#"["in", ["get", "class"], "motorway_link"]"#, "class", nil),
        (#"["!", ["==", ["get", "class"], "x"]]"#, "class", nil),
        (#"["none", ["==", "class", "a"]]"#, "class", nil),
        (#"["!in", "class", "a"]"#, "class", nil),
        (#"["has", "class"]"#, "class", nil),
        (#"["case", ["==", ["get", "class"], "a"], true, false]"#, "class", nil),
        (#"[">", ["get", "class"], "a"]"#, "class", nil),
    ] as [(String, String, String?)])
    func possibleValues(filter: String, key: String, expected: String?) throws {
        #expect(try Self.possibleValues(filter, key) == expected)
    }

    @Test func contains() {
        let values = PossibleValues(values: [.string("a"), .number(2)], includesMissing: false)
        #expect(values.contains(.string("a")) && values.contains(.number(2)))
        #expect(!values.contains(.string("2")) && !values.contains(.number(3)) && !values.contains(nil))
        #expect(PossibleValues(values: [], includesMissing: true).contains(nil))
    }

    // MARK: the safety property, on every layer of real styles

    static let styleFiles: [URL] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files = [root.appendingPathComponent("styles/light.json"), root.appendingPathComponent("styles/dark.json")]
        if let shared = sharedFolder {
            for name in ["osm-bright", "positron", "dark-matter", "maptiler-basic"] {
                files.append(shared.appendingPathComponent("styles-upstream/\(name)/style.json"))
            }
        }
        return files
    }()

    /// Every string and number written in any filter of these styles.
    static func literals(in value: StyleValue, into out: inout Set<FeatureValue>) {
        switch value {
        case .string(let s): out.insert(.string(s))
        case .number(let n): out.insert(.number(n))
        case .array(let items): for item in items { literals(in: item, into: &out) }
        default: break
        }
    }

    /// The layers of our two styles and the four upstream ones, and generated features: each
    /// value seen in the styles' filters, a value no style uses and a missing property for
    /// `class`, crossed with the geometry types and `brunnel` values, with random `subclass`,
    /// `admin_level`, `rank` and flags (deterministic).
    static func stylesAndFeatures() throws -> (styles: [StyleDocument], features: [MockFeature]) {
        _ = try sharedStyles()   // the upstream styles are most of the layers: without them the test does not run
        var classValues: Set<FeatureValue> = []
        var styles: [StyleDocument] = []
        for file in Self.styleFiles {
            let data = try Data(contentsOf: file)
            guard case .object(let root) = try StyleValue.parseJSON(data), case .array(let layers)? = root["layers"] else {
                Issue.record("\(file.path): no layers")
                continue
            }
            for layer in layers { if let filter = layer.objectValue?["filter"] { Self.literals(in: filter, into: &classValues) } }
            styles.append(try StyleDocument.load(contentsOf: file))
        }
        #expect(styles.count == 6)
        var generator = SplitMix64(seed: 42)
        let otherValue = FeatureValue.string("zz-\(generator.next() % 100_000)")
        let classes: [FeatureValue?] = classValues.sorted { $0.description < $1.description } + [otherValue, nil]
        let subclasses: [FeatureValue?] = [nil, .string("glacier"), .string("station"), .string("cable_car")]
        let adminLevels: [FeatureValue?] = [nil, .number(2), .number(4), .string("2")]
        var features: [MockFeature] = []
        for value in classes {
            for type in [GeometryType.point, .lineString, .polygon] {
                for brunnel in Self.brunnels {
                    // The other varied keys and some common properties, chosen at random per feature.
                    var properties: [String: FeatureValue] = ["name": .string("N"), "name:latin": .string("N")]
                    properties["class"] = value
                    properties["brunnel"] = brunnel
                    properties["subclass"] = subclasses[Int(generator.next() % UInt64(subclasses.count))]
                    properties["admin_level"] = adminLevels[Int(generator.next() % UInt64(adminLevels.count))]
                    if generator.next() % 8 != 0 { properties["rank"] = .number(Double(generator.next() % 30)) }
                    for flag in ["intermittent", "ramp", "oneway", "maritime", "disputed", "capital"] where generator.next() % 2 == 0 {
                        properties[flag] = .number(Double(generator.next() % 3))
                    }
                    for key in ["service", "iso_a2", "claimed_by", "level"] where generator.next() % 2 == 0 {
                        properties[key] = key == "level" ? .number(0) : .string("x")
                    }
                    features.append(MockFeature(properties, type: type))
                }
            }
        }
        return (styles, features)
    }

    static let brunnels: [FeatureValue?] = [nil, .string("bridge"), .string("tunnel"), .string("ford")]

    /// For every layer of those styles and features: wherever `possibleValues(forKey:)`
    /// excludes the feature's value (for `class`, `brunnel`, `subclass`, `admin_level`), the
    /// filter must not match.
    @Test func excludedFeaturesNeverMatch() throws {
        let (styles, features) = try Self.stylesAndFeatures()
        let keys = ["class", "brunnel", "subclass", "admin_level"]

        var checked = 0, skipped = 0, matched = 0, constrainedLayers = 0, filteredLayers = 0
        for style in styles {
            for layer in style.layers {
                guard let filter = layer.filter else { continue }
                filteredLayers += 1
                let constraints = keys.compactMap { key in filter.possibleValues(forKey: key).map { (key, $0) } }
                if constraints.contains(where: { $0.0 == "class" }) { constrainedLayers += 1 }
                for feature in features {
                    for zoom in filter.dependsOnZoom ? [4.0, 14.0] : [14.0] {
                        let matches = filter.matches(feature, zoom: zoom)
                        if matches { matched += 1 }
                        for (key, allowed) in constraints where !allowed.contains(feature.property(key)) {
                            skipped += 1
                            if matches {  // (not #expect: it costs microseconds per call, and this runs ~700,000 times)
                                Issue.record("\(layer.id): \(key) = \(feature.property(key).map { "\($0)" } ?? "missing") is excluded by \(allowed) but the filter matches \(feature.properties)")
                            }
                        }
                        checked += 1
                    }
                }
            }
        }
        // The check is not vacuous: filters match some features, and most are skipped.
        #expect(matched > 1_000)
        #expect(skipped > checked / 2)
        #expect(constrainedLayers > filteredLayers / 2)
        print("filter analysis: \(constrainedLayers) of \(filteredLayers) filtered layers constrain class; \(skipped) exclusions over \(checked) evaluations, \(matched) matches")
    }
}
