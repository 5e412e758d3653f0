import Foundation
import MapsnapGeo
import MapsnapRender
import MapsnapStyle
import MapsnapTiles

/// Opens the data a style selection draws: for each of the style's vector sources, the
/// archives given for it by name (`sources`), else the `tiles` given for every source, else the
/// style's own `mbtiles://` or `pmtiles://` URL; for each raster source, the archive given by name, else its
/// URL (`tiles` are vector archives). A path may name a folder: every `.mbtiles` and `.pmtiles` in it is read, side by
/// side (the embedded data folder holds one archive per region). Errors name the field the path
/// came from: `sources.NAME`, `tiles[i]` or `style`. What the data lacks goes to `warnings`: style
/// layers reading a source-layer it does not have (`missingSourceLayers`), GeoJSON features skipped.
struct DataSources {
    var vector: [String: ArchiveVectorSource] = [:]
    var geoJSON: [String: any VectorTileProvider] = [:]
    var raster: [String: (source: ArchiveRasterSource, tileSize: Int)] = [:]
    /// The sources' credits, each once, in source-name order.
    var credits: [String] = []
    var coverage = DataCoverage(regions: [])

    init(style: StyleDocument, selection: StyleSelection, warnings: WarningLog) throws(RequestError) {
        for name in selection.sources.keys.sorted() where style.sources[name] == nil {
            throw RequestError(FieldPath("sources").appending(name),
                               "the style has no source '\(name)' (its sources: \(style.sources.keys.sorted().joined(separator: ", ")))")
        }
        for name in style.sources.keys.sorted() {
            switch style.sources[name]! {
            case .geojson(let definition):
                let source: GeoJSONVectorSource
                do { source = try GeoJSONVectorSource(definition: definition) } catch {
                    throw RequestError("style", "GeoJSON source '\(name)': \(error)")
                }
                // MapLibre draws the rest of a collection with broken features, and so does mapsnap,
                // saying so once per source (a generated file may break the same way 100,000 times).
                if let first = source.problems.first {
                    let count = source.problems.count
                    warnings.warn("source '\(name)': " + (count == 1 ? "\(first); the feature is skipped"
                                                                    : "\(count) features are skipped (the first: \(first))"))
                }
                geoJSON[name] = source
            case .vector(let source):
                let paths: [(String, FieldPath)]
                if let override = selection.sources[name] {
                    paths = [(override, FieldPath("sources").appending(name))]
                } else if !selection.tiles.isEmpty {
                    paths = selection.tiles.enumerated().map { ($0.element, FieldPath("tiles").appending(index: $0.offset)) }
                } else if let path = source.archivePath {
                    paths = [(path, FieldPath("style"))]
                } else {
                    let url = source.url ?? source.tiles?.first ?? "no url"
                    throw RequestError(FieldPath("style"), segments: [
                        .text("source '\(name)' points to \(url), which cannot be read offline; map it to a local archive with "),
                        .field(FieldPath("sources").appending(name)), .text(" (or "), .field(FieldPath("tiles")), .text(")"),
                    ])
                }
                var archives: [any TileArchive] = []
                for (path, field) in paths {
                    archives += try Self.open(path, field: field, source: field.root == "style" ? name : nil, vector: true)
                }
                let provider = ArchiveVectorSource(archives: archives)
                vector[name] = provider
                Self.missingSourceLayers(of: name, in: style, archives: archives).forEach(warnings.warn)
                if let credit = source.attribution ?? provider.attribution, !credits.contains(credit) { credits.append(credit) }
                for a in archives {
                    guard let b = a.metadata.bounds else {
                        coverage.unbounded.append(a.metadata.raw["bounds"].map { "\(a.path): metadata bounds '\($0.prefix(100))' are not degrees west,south,east,north" }
                                                  ?? "\(a.path): no bounds in its metadata")
                        continue
                    }
                    let region = DataCoverage.Region(name: URL(fileURLWithPath: a.path).deletingPathExtension().lastPathComponent, bounds: b)
                    if !coverage.regions.contains(region) { coverage.regions.append(region) }
                }
            case .raster(let definition):
                let source = definition.location
                let field = selection.sources[name] != nil ? FieldPath("sources").appending(name) : FieldPath("style")
                guard let path = selection.sources[name] ?? source.archivePath else {
                    let url = source.url ?? source.tiles?.first ?? "no url"
                    throw RequestError(FieldPath("style"), segments: [
                        .text("raster source '\(name)' points to \(url), which cannot be read offline; map it to a local archive with "),
                        .field(FieldPath("sources").appending(name)),
                    ])
                }
                let provider = ArchiveRasterSource(archives: try Self.open(path, field: field, source: name, vector: false))
                raster[name] = (provider, definition.tileSize)
                if let credit = source.attribution ?? provider.attribution, !credits.contains(credit) { credits.append(credit) }
            default:
                continue
            }
        }
    }

    /// A message for each source-layer that layers of `style` read from `source` and that none of
    /// its archives lists in its metadata (`vector_layers`): such layers draw nothing, which a
    /// style written for another schema would do in silence. Archives that list no layers are
    /// not judged.
    static func missingSourceLayers(of source: String, in style: StyleDocument, archives: [any TileArchive]) -> [String] {
        let listed = archives.map(\.metadata.vectorLayerIDs)
        guard !listed.isEmpty, listed.allSatisfy({ !$0.isEmpty }) else { return [] }
        let present = Set(listed.joined())
        var readers: [String: [String]] = [:]
        for layer in style.layers where layer.source == source {
            guard let sourceLayer = layer.sourceLayer, !present.contains(sourceLayer) else { continue }
            readers[sourceLayer, default: []].append(layer.id)
        }
        return readers.keys.sorted().map { sourceLayer in
            let ids = readers[sourceLayer]!
            return "source '\(source)': the data has no source-layer '\(sourceLayer)', so \(ids.count == 1 ? "layer" : "layers") "
                + "\(ids.map { "'\($0)'" }.joined(separator: ", ")) \(ids.count == 1 ? "draws" : "draw") nothing "
                + "(its layers: \(present.sorted().joined(separator: ", ")))"
        }
    }

    /// The archive at `path` (MBTiles, or PMTiles by its `.pmtiles` name), or every `.mbtiles` and
    /// `.pmtiles` in the folder at `path` (sorted by name), each holding the kind of tiles the
    /// source draws (`vector`: MVT, else images).
    static func open(_ path: String, field: FieldPath, source: String?, vector: Bool) throws(RequestError) -> [any TileArchive] {
        let prefix = source.map { "source '\($0)': " } ?? ""
        var isDirectory: ObjCBool = false
        var files = [path]
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter(TileArchives.isArchiveName)
            guard !names.isEmpty else { throw RequestError(field, "\(prefix)\(path): the folder holds no .mbtiles or .pmtiles archive") }
            files = names.sorted().map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
        }
        var out: [any TileArchive] = []
        for file in files {
            let archive: any TileArchive
            do { archive = try TileArchives.open(file) } catch { throw RequestError(field, prefix + error.description) }
            if let problem = mismatch(TileContentKind.of(archive), vector: vector) {
                throw RequestError(field, "\(prefix)\(file): this archive holds \(problem)")
            }
            out.append(archive)
        }
        return out
    }

    /// What is wrong with tiles of `kind` for a vector (or raster) source, said once when the
    /// archive is opened, rather than a warning for every tile that does not decode.
    static func mismatch(_ kind: TileContentKind, vector: Bool) -> String? {
        switch kind {
        case .raster(let format) where vector: "raster tiles (\(format)); give it as a raster source"
        case .vector where !vector: "vector tiles (pbf); give it as a vector source"
        case .other(let format): "\(format) tiles, which mapsnap cannot draw (it draws MVT vector tiles and png, jpg or webp images)"
        default: nil
        }
    }
}
