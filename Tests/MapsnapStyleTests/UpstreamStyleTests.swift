import Foundation
import Testing
@testable import MapsnapStyle
import MapsnapTestSupport

/// The four OpenMapTiles styles in shared/styles-upstream parse with no errors.
@Suite struct UpstreamStyleTests {
    static let names = ["positron", "osm-bright", "dark-matter", "maptiler-basic"]
    static let layerCounts = ["positron": 50, "osm-bright": 123, "dark-matter": 47, "maptiler-basic": 48]

    @Test(arguments: names)
    func parsesWithoutErrors(name: String) throws {
        let url = try sharedStyles().appendingPathComponent("styles-upstream/\(name)/style.json")
        let style: StyleDocument
        do {
            style = try StyleDocument.load(contentsOf: url)
        } catch {
            Issue.record("\(error)")
            return
        }
        #expect(style.layers.count == UpstreamStyleTests.layerCounts[name])
        guard case .vector(let source)? = style.sources["openmaptiles"] else {
            Issue.record("no vector source")
            return
        }
        #expect(source.url?.hasPrefix("https://api.maptiler.com/") == true)
        #expect(source.archivePath == nil)
        #expect(source.maxZoom == 22)
        for warning in style.warnings { print("\(name): warning: \(warning)") }
        #expect(style.warnings.isEmpty, "\(style.warnings.map(\.description))")
    }

    @Test func osmBrightEvaluates() throws {
        let url = try sharedStyles().appendingPathComponent("styles-upstream/osm-bright/style.json")
        let style = try StyleDocument.load(contentsOf: url)
        #expect(style.name == "Bright")
        #expect(style.zoom == 1)
        // Every property of every layer evaluates at a range of zooms for a sample feature.
        let feature = MockFeature(["class": .string("motorway"), "name:latin": .string("Main"), "ref_length": .number(3),
                                   "ref": .string("A1"), "rank": .number(2), "brunnel": .string("bridge")],
                                  type: .lineString)
        var matched = 0
        for layer in style.layers {
            for zoom in stride(from: 0.0, through: 22, by: 0.5) where layer.filter?.matches(feature, zoom: zoom) ?? true {
                matched += 1
                if case .line(let line) = layer.kind {
                    let width = line.width.evaluate(zoom: zoom, feature: feature)
                    #expect(width >= 0 && width.isFinite)
                }
                if case .symbol(let symbol) = layer.kind, let text = symbol.textField {
                    #expect(!text.evaluate(zoom: zoom, feature: feature).contains("{"))
                }
            }
        }
        #expect(matched > 0)
    }

    @Test func positronLabelsUseExpressions() throws {
        let url = try sharedStyles().appendingPathComponent("styles-upstream/positron/style.json")
        let style = try StyleDocument.load(contentsOf: url)
        let symbols = style.layers.compactMap { layer -> SymbolLayer? in
            if case .symbol(let s) = layer.kind { return s } else { return nil }
        }
        #expect(symbols.count == 14)
        let feature = MockFeature(["name:latin": .string("Paris"), "name:nonlatin": .string("Париж"), "name": .string("Paris"),
                                   "class": .string("city"), "rank": .number(1)])
        let texts = symbols.compactMap { $0.textField?.evaluate(zoom: 10, feature: feature) }
        #expect(texts.contains { $0.contains("Paris") })
    }
}
