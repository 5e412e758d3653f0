import MapsnapTiles
import MapsnapStyle
/// Where a style's `geojson` source meets the tiles module, which never imports the style.
extension GeoJSONVectorSource {
    /// The source a style defines: its inline data, or the file its `data` names (a path or a
    /// `file://` URL, already resolved against the style's folder). Errors name the file.
    public convenience init(definition: GeoJSONSourceDefinition) throws(GeoJSONSourceError) {
        switch definition.data {
        case .inline(let value):
            do {
                try self.init(geoJSON: value, maxZoom: definition.maxZoom, buffer: definition.buffer, tolerance: definition.tolerance,
                              generateId: definition.generateId, lineMetrics: definition.lineMetrics, attribution: definition.attribution)
            } catch {
                throw .invalid(file: "inline data", error)
            }
        case .url(let url):
            guard let file = definition.fileURL else { throw .notLocal(url: url) }
            try self.init(contentsOf: file, maxZoom: definition.maxZoom, buffer: definition.buffer, tolerance: definition.tolerance,
                          generateId: definition.generateId, lineMetrics: definition.lineMetrics, attribution: definition.attribution)
        }
    }
}
