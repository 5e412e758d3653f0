import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

extension FuzzTarget {
    /// A style sheet: `StyleDocument.parse`, then every layer's filter and properties evaluated
    /// (`StyleWalk`), and every inline GeoJSON source read and cut into tiles as the renderer
    /// would (`GeoJSONVectorSource`), the tiles decoded back.
    static let style = FuzzTarget("style", "MapLibre style JSON: parse, evaluate every layer, tile inline GeoJSON") { data in
        FuzzVerdict.of {
            let document = try StyleDocument.parse(data, baseURL: nil, fileName: "style.json")
            _ = (document.center, document.zoom, document.sprite, document.warnings)
            for layer in document.layers { StyleWalk.evaluate(layer) }
            for case .geojson(let definition) in document.sources.values {
                guard case .inline(let json) = definition.data else { continue }
                try GeoJSONTiles.cut(json, maxZoom: definition.maxZoom, buffer: definition.buffer,
                                     tolerance: definition.tolerance, generateId: definition.generateId)
            }
        }
    }
}
