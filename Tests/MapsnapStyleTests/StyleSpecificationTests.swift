import Foundation
import Testing
@testable import MapsnapStyle

/// The specification table against the layer types that read it, and the rules derived from it.
@Suite struct StyleSpecificationTests {
    private static func reader(_ type: SpecLayerType) -> LayerPropertyReader {
        let reader = LayerPropertyReader(layerType: type, layerPath: "layers[0]", paint: [:], layout: [:], log: IssueLog())
        _ = LayerKind(type, reader)
        return reader
    }

    private static func warnings(_ layer: String) throws -> [String] {
        let text = #"{"version": 8, "sources": {"v": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}}, "layers": ["#
            + layer + "]}"
        return try StyleDocumentTests.parse(text).get().warnings.map(\.description)
    }

    private static func errors(_ layer: String) -> [String] {
        let text = #"{"version": 8, "sources": {"v": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}}, "layers": ["#
            + layer + "]}"
        guard case .failure(.invalid(_, let issues)) = StyleDocumentTests.parse(text) else { return [] }
        return issues.map(\.description)
    }

    /// Every property the table marks as drawn is read by its layer type, and nothing else is.
    @Test(arguments: SpecLayerType.drawn) func drawnPropertiesAreRead(type: SpecLayerType) {
        let drawn = Set(StyleSpecification.properties.filter { $0.layerType == type && $0.support == .drawn }.map(\.name))
        #expect(Set(Self.reader(type).requested.keys) == drawn)
    }

    /// Each read property asks for the type and the enumeration values the specification gives it.
    @Test(arguments: SpecLayerType.drawn) func readTypesMatchTheSpecification(type: SpecLayerType) {
        for (name, requested) in Self.reader(type).requested.sorted(by: { $0.key < $1.key }) {
            guard let spec = StyleSpecification.property(name, of: type) else { Issue.record("\(name) missing"); continue }
            var expected = spec.type.valueType
            switch spec.type {
            case .formatted, .resolvedImage: expected = .string  // carried as text at run time
            case .array(let item, _): expected = .array(item.valueType, nil)  // the length is checked from the table
            default: break
            }
            #expect(requested.valueType == expected, "\(type) \(name)")
            #expect(requested.enumerationValues.map(Set.init) == spec.type.enumerationValues.map(Set.init), "\(type) \(name)")
        }
    }

    @Test func namesAreUniquePerLayerType() {
        for type in SpecLayerType.allCases {
            let names = StyleSpecification.properties.filter { $0.layerType == type }.map(\.name)
            #expect(names.count == Set(names).count, "\(type)")
        }
    }

    /// Data and zoom expressions where the specification forbids them are errors at their JSON path.
    @Test func forbiddenExpressionInputsAreErrors() {
        #expect(Self.errors(#"{"id": "a", "type": "symbol", "source": "v", "layout": {"text-padding": ["get", "p"]}}"#)
            == ["layers[0].layout.text-padding: data expressions not supported"])
        #expect(Self.errors(#"{"id": "a", "type": "background", "paint": {"background-opacity": ["get", "p"]}}"#)
            == ["layers[0].paint.background-opacity: data expressions not supported"])
        #expect(Self.errors(#"{"id": "a", "type": "line", "source": "v", "paint": {"line-translate": {"property": "p", "stops": [[0, [1, 1]]]}}}"#)
            == ["layers[0].paint.line-translate: property functions not supported"])
        #expect(Self.errors(#"{"id": "a", "type": "line", "source": "v", "paint": {"line-gradient": ["interpolate", ["linear"], ["zoom"], 0, "red", 1, "blue"]}}"#)
            == ["layers[0].paint.line-gradient: zoom expressions not supported"])
        #expect(Self.errors(#"{"id": "a", "type": "line", "source": "v", "paint": {"line-gradient": ["case", ["has", "x"], "red", "blue"]}}"#)
            == ["layers[0].paint.line-gradient: data expressions not supported"])
        #expect(Self.errors(#"{"id": "a", "type": "line", "source": "v", "paint": {"line-width": ["*", 2, ["line-progress"]]}}"#)
            == [#"layers[0].paint.line-width: ["line-progress"] can only be used in line-gradient"#])
    }

    @Test func allowedExpressionInputsParse() throws {
        #expect(try Self.warnings(#"{"id": "a", "type": "line", "source": "v", "paint": {"line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "red", 1, "blue"], "line-width": ["get", "w"], "line-dasharray": ["step", ["zoom"], ["literal", [1, 1]], 10, ["literal", [2, 1]]]}}"#) == [])
        #expect(try Self.warnings(#"{"id": "a", "type": "symbol", "source": "v", "layout": {"text-field": "{name}", "icon-image": ["get", "i"], "text-padding": ["interpolate", ["linear"], ["zoom"], 0, 1, 10, 4], "text-variable-anchor-offset": ["top", [0, 1], "left", [1, 0]]}}"#) == [])
        #expect(Self.errors(#"{"id": "a", "type": "symbol", "source": "v", "layout": {"text-variable-anchor-offset": ["top", [0]]}}"#)
            == [#"layers[0].layout.text-variable-anchor-offset: expected an array of anchors, each followed by an [x, y] offset in ems, got ["top",[0]]"#])
    }

    /// Every property that is set and not drawn warns once, saying why.
    @Test func unreadPropertiesWarnWithTheirReason() throws {
        #expect(try Self.warnings(#"{"id": "a", "type": "fill", "source": "v", "paint": {"line-color": "red", "fill-extrusion-height": 3, "fill-colour": "red", "fill-color-transition": {"duration": 1}, "fill-antialias-transition": {}}, "layout": {"fill-color": "red"}}"#) == [
            #"layers[0].layout.fill-color: "fill-color" is a paint property, not a layout one; ignored"#,
            #"layers[0].paint.fill-antialias-transition: unknown property "fill-antialias-transition" ("fill-antialias" has no transition); ignored"#,
            #"layers[0].paint.fill-colour: unknown property "fill-colour"; ignored"#,
            #"layers[0].paint.fill-extrusion-height: property "fill-extrusion-height" does not apply to fill layers (it is a property of fill-extrusion layers); ignored"#,
            #"layers[0].paint.line-color: property "line-color" does not apply to fill layers (it is a property of line layers); ignored"#,
        ])
        #expect(try Self.warnings(#"{"id": "a", "type": "symbol", "source": "v", "layout": {"text-writing-mode": ["vertical"], "symbol-avoid-edges": true}}"#) == [
            #"layers[0].layout.symbol-avoid-edges: property "symbol-avoid-edges" is not drawn by mapsnap (symbols are placed across tile edges); ignored"#,
        ])
        #expect(try Self.warnings(#"{"id": "a", "type": "raster", "source": "v", "paint": {"raster-fade-duration": 0}}"#) == [])
    }

    /// A property that is validated but not drawn still reports a malformed expression.
    @Test func notDrawnPropertiesAreValidated() {
        #expect(Self.errors(#"{"id": "a", "type": "symbol", "source": "v", "layout": {"symbol-avoid-edges": ["get", "x"]}}"#)
            == ["layers[0].layout.symbol-avoid-edges: data expressions not supported"])
    }
}
