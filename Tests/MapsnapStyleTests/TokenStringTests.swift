import Testing
import MapsnapFormats
@testable import MapsnapStyle

@Suite struct TokenStringTests {
    static let feature = MockFeature(["name:latin": .string("Roma"), "name:nonlatin": .string("Ρώμη"), "class": .string("city"), "len": .number(3)])

    static func symbol(_ layout: String) throws -> SymbolLayer {
        let style = try parseStyle(layers: #"[{"id": "s", "type": "symbol", "source": "v", "source-layer": "x", "layout": \#(layout)}]"#).get()
        guard case .symbol(let symbol) = style.layers[0].kind else { throw StyleError.invalid(file: "", issues: []) }
        return symbol
    }

    @Test(arguments: [
        (#""{name:latin}\n{name:nonlatin}""#, "Roma\nΡώμη"),
        (#""{name:latin} {missing}""#, "Roma "),
        (#""{class}_11""#, "city_11"),
        (#""road_{len}""#, "road_3"),
        (#""plain text""#, "plain text"),
        (#""{unclosed""#, "{unclosed"),
        (#""{}""#, "{}"),
        (#"["concat", ["get", "name:latin"], " (", ["get", "class"], ")"]"#, "Roma (city)"),
        (#"["coalesce", ["get", "name:en"], ["get", "name:latin"]]"#, "Roma"),
        (#"["format", ["get", "name:latin"], {"font-scale": 1.2}, "\n", {}, ["get", "name:nonlatin"], {"font-scale": 0.8}]"#, "Roma\nΡώμη"),
        (#"["get", "len"]"#, "3"),
        (#"["to-string", ["get", "name:latin"]]"#, "Roma"),
        (#"{"stops": [[0, "{class}"], [10, "{name:latin}"]]}"#, "Roma"),
    ])
    func textField(field: String, expected: String) throws {
        let symbol = try Self.symbol(#"{"text-field": \#(field)}"#)
        #expect(symbol.textField?.evaluate(zoom: 12, feature: Self.feature) == expected)
    }

    /// Rich text keeps its sections apart (a constant one too, which is not folded to its text).
    @Test func formattedTextFieldSections() throws {
        let symbol = try Self.symbol(#"{"text-field": ["format", ["get", "name:latin"], {"font-scale": 1.2, "text-color": "red"}, "\n", {}, "Ρώμη", {"text-font": ["literal", ["Noto Sans Bold"]]}]}"#)
        let sections = try #require(symbol.textField?.sections(zoom: 12, feature: Self.feature))
        #expect(sections.map(\.text) == ["Roma", "\n", "Ρώμη"])
        #expect(sections.map(\.scale) == [1.2, nil, nil])
        #expect(sections[0].color == Color.parse("red") && sections[1].color == nil)
        #expect(sections.map(\.font) == [nil, nil, ["Noto Sans Bold"]])
        let constant = try Self.symbol(#"{"text-field": ["format", "big", {"font-scale": 2}, "small", {}]}"#)
        #expect(constant.textField?.sections(zoom: 12, feature: Self.feature)?.map(\.scale) == [2, nil])
        #expect(constant.textField?.evaluate(zoom: 12, feature: Self.feature) == "bigsmall")
        #expect(try Self.symbol(#"{"text-field": "{name:latin}"}"#).textField?.sections(zoom: 12, feature: Self.feature) == nil)
    }

    /// A `format` that a `case` picks gives its sections too (MapLibre's formatted value).
    @Test func formattedSectionsPickedByACase() throws {
        let symbol = try Self.symbol(#"{"text-field": ["case", ["==", ["get", "class"], "city"], ["format", "Red", {"text-color": "red"}, " Black", {}], "plain"]}"#)
        let sections = try #require(symbol.textField?.sections(zoom: 12, feature: Self.feature))
        #expect(sections.map(\.text) == ["Red", " Black"] && sections[0].color == Color.parse("red"))
        #expect(symbol.textField?.evaluate(zoom: 12, feature: Self.feature) == "Red Black")
        let other = try Self.symbol(#"{"text-field": ["case", ["==", ["get", "class"], "town"], ["format", "Red", {}], "plain"]}"#)
        #expect(other.textField?.sections(zoom: 12, feature: Self.feature) == nil)
        #expect(other.textField?.evaluate(zoom: 12, feature: Self.feature) == "plain")
    }

    /// Image sections are kept in their place with their `vertical-align`; text sections keep theirs.
    @Test func formattedImageSectionsAndVerticalAlign() throws {
        let symbol = try Self.symbol(#"{"text-field": ["format", ["image", ["concat", ["get", "class"], "_11"]], {"vertical-align": "center"}, " Roma", {"vertical-align": "top"}]}"#)
        let sections = try #require(symbol.textField?.sections(zoom: 12, feature: Self.feature))
        #expect(sections.map(\.image) == ["city_11", nil] && sections.map(\.text) == ["", " Roma"])
        #expect(sections.map(\.verticalAlign) == [.center, .top])
    }

    @Test func iconImageTokens() throws {
        let symbol = try Self.symbol(#"{"icon-image": "{class}_11"}"#)
        #expect(symbol.iconImage?.dependsOnFeature == true)
        #expect(symbol.iconImage?.evaluate(zoom: 12, feature: Self.feature) == "city_11")
        let stepped = try Self.symbol(#"{"icon-image": ["step", ["zoom"], "circle-11", 8, "star-11"]}"#)
        #expect(stepped.iconImage?.evaluate(zoom: 9, feature: nil) == "star-11")
        #expect(stepped.iconImage?.dependsOnFeature == false)
    }
}
