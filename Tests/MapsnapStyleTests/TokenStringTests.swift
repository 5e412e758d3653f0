import Testing
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

    @Test func iconImageTokens() throws {
        let symbol = try Self.symbol(#"{"icon-image": "{class}_11"}"#)
        #expect(symbol.iconImage?.dependsOnFeature == true)
        #expect(symbol.iconImage?.evaluate(zoom: 12, feature: Self.feature) == "city_11")
        let stepped = try Self.symbol(#"{"icon-image": ["step", ["zoom"], "circle-11", 8, "star-11"]}"#)
        #expect(stepped.iconImage?.evaluate(zoom: 9, feature: nil) == "star-11")
        #expect(stepped.iconImage?.dependsOnFeature == false)
    }
}
