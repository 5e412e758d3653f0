import Foundation
import MapsnapKit
import MapsnapRender
import MapsnapStyle
import MapsnapTiles

/// Renders MapLibre render tests with mapsnap and judges them as upstream's runner does
/// (`test/integration/render/run_render_tests.ts`): the image is rendered at `width × height`
/// points and `pixelRatio`, un-premultiplied, compared with each `expected*.png` by pixelmatch
/// (the test's threshold, anti-aliased pixels not counted), and passes when the smallest
/// fraction of differing pixels is at most `allowed`.
///
/// `local://` URLs resolve against `assets`: vector tiles (`local://tiles/{z}-{x}-{y}.mvt`, a
/// template without placeholders serving one file for every tile), sprites, TileJSON and GeoJSON
/// files. Glyph URLs are not needed (text is drawn with system fonts). No attribution is drawn.
public struct RenderTestRunner {
    public let assets: URL

    public init(assets: URL) {
        self.assets = assets
    }

    public struct Result: Sendable {
        public var id: String
        /// The smallest fraction of differing pixels over the expected images; nil when the test
        /// could not be rendered or compared (`error` says why).
        public var difference: Double?
        public var allowed: Double
        public var passed: Bool { difference.map { $0 <= allowed } ?? false }
        public var error: String?
        /// Style and render warnings (unsupported properties, skipped tiles…): the messages of the
        /// test's `WarningLog`, kept with the result because the run writes them beside its images.
        public var warnings: [String]
        public var actual: RGBAImage?
        /// pixelmatch's diff image against the closest expected image.
        public var diff: RGBAImage?
    }

    public func run(_ test: RenderTestCase) -> Result {
        var result = Result(id: test.id, difference: nil, allowed: test.allowed, error: nil, warnings: [], actual: nil, diff: nil)
        let actual: RGBAImage
        let warnings = WarningLog()
        do {
            actual = try render(test, warnings: warnings)
            result.warnings = warnings.messages
        } catch {
            result.warnings = warnings.messages
            result.error = "\(error)"
            return result
        }
        result.actual = actual
        var reasons: [String] = []
        for file in test.expectedImages {
            let expected: RGBAImage
            do { expected = try RGBAImage(pngFile: file.path) } catch {
                reasons.append(error.description)
                continue
            }
            guard expected.width == actual.width, expected.height == actual.height else {
                reasons.append("\(file.lastPathComponent) is \(expected.width)x\(expected.height), rendered \(actual.width)x\(actual.height)")
                continue
            }
            let match = Pixelmatch.compare(actual, expected, options: .init(threshold: test.threshold), drawDiff: true)
            let fraction = Double(match.differentPixels) / Double(actual.width * actual.height)
            if result.difference == nil || fraction < result.difference! {
                result.difference = fraction
                result.diff = match.diffImage
            }
        }
        if result.difference == nil { result.error = reasons.joined(separator: "; ") }
        return result
    }

    /// The test's image, straight RGBA.
    public func render(_ test: RenderTestCase, warnings: WarningLog) throws -> RGBAImage {
        var refused: [String] = []
        let edited = try TestOperations.apply(FixtureURLs.localize(operations: test.operations), to: FixtureURLs.localize(style: test.style),
                                              files: fixture, refused: &refused)
        refused.forEach { warnings.warn("refused, as MapLibre refuses it: \($0)") }
        let style = try StyleDocument.parse(Data(edited.style.json.utf8), baseURL: test.directory, fileName: test.id + "/style.json")
        style.warnings.forEach { warnings.warn($0.description) }
        var sources: [String: any VectorTileProvider] = [:]
        var rasterSources: [String: (source: ArchiveRasterSource, tileSize: Int)] = [:]
        for name in style.sources.keys.sorted() {
            switch style.sources[name]! {
            case .vector(let source):
                sources[name] = try vectorSource(source, name: name)
            case .geojson(var definition):
                if case .url(let url) = definition.data, let file = local(url) { definition.fileURL = file }
                let source = try GeoJSONVectorSource(definition: definition)
                source.problems.forEach { warnings.warn("source \(name): \($0)") }
                sources[name] = source
            case .raster(let source):
                let tiles = try tileTemplate(source.location, name: name)
                rasterSources[name] = (ArchiveRasterSource(archives: [TemplateTiles(template: tiles.template, minZoom: tiles.minZoom,
                                                                                     maxZoom: tiles.maxZoom)]), source.tileSize)
            case .other(let type):
                warnings.warn("source \(name): type \(type) is not supported")
            }
        }
        let sprites = try SpriteSheet.sheets(loadSprites(style.sprite, warnings: warnings), adding: edited.images)
        let renderer = MapRenderer(style: style, sources: sources, sprites: sprites, rasterSources: rasterSources)
        if let glyphs = style.glyphs, let file = local(glyphs) { renderer.glyphs = GlyphLibrary.shared(template: file.path) }
        var camera = Camera(center: style.center ?? LatLon(0, 0), zoom: style.zoom ?? 0,
                            size: ImageSize(width: test.width, height: test.height), pixelRatio: test.pixelRatio,
                            degreesClockwiseFromNorth: style.bearing ?? 0, pitch: style.pitch ?? 0)
        camera.roll = edited.root["roll"]?.numberValue ?? 0
        camera.padding = edited.padding
        if let fov = edited.fieldOfView { camera.fieldOfView = fov }
        var options = MapRenderer.Options()
        options.crossSourceCollisions = test.crossSourceCollisions
        options.collisionDebug = test.collisionDebug
        options.featureStates = edited.featureStates
        let image = try renderer.render(camera, options: options, warnings: warnings)
        var rgba = RGBAImage(image)
        if test.showPadding { PaddingDebug.draw(camera, on: &rgba) }
        return rgba
    }

    /// The bytes of a fixture an operation names: a `local://` URL, or a path relative to the
    /// assets (`./image/marker.png`), as upstream's runner serves them.
    func fixture(_ url: String) -> Data? {
        guard let file = local(url) ?? (url.contains("://") || url.hasPrefix("/") ? nil : assets.appendingPathComponent(url)) else { return nil }
        return FileManager.default.contents(atPath: file.path)
    }

    /// The file a fixture URL names (`local://…` or upstream's asset server), nil for other URLs.
    func local(_ url: String) -> URL? { FixtureURLs.file(url, assets: assets) }

    private func vectorSource(_ source: VectorSource, name: String) throws(FixtureError) -> any VectorTileProvider {
        let tiles = try tileTemplate(source, name: name)
        return DirectoryVectorSource(template: tiles.template, minZoom: tiles.minZoom, maxZoom: tiles.maxZoom)
    }

    /// Where a source's tiles are: the file template of its first `tiles` URL, or of its
    /// TileJSON's, with the zoom range (a TMS `scheme` counts rows from the south: `{-y}`).
    private func tileTemplate(_ source: VectorSource, name: String) throws(FixtureError) -> (template: String, minZoom: Int, maxZoom: Int) {
        var templates = source.tiles ?? []
        var tms = source.scheme == "tms"
        var minZoom = source.minZoom, maxZoom = source.maxZoom
        if templates.isEmpty, let url = source.url {
            // A TileJSON document: its `tiles` and zoom range.
            guard let file = local(url), let data = FileManager.default.contents(atPath: file.path),
                  case .object(let tileJSON) = (try? StyleValue.parseJSON(data)) ?? .null else {
                throw .notLocal(source: name, url: url)
            }
            templates = tileJSON["tiles"]?.arrayValue?.compactMap(\.stringValue) ?? []
            minZoom = tileJSON["minzoom"]?.numberValue.map { Int($0) } ?? minZoom
            maxZoom = tileJSON["maxzoom"]?.numberValue.map { Int($0) } ?? maxZoom
            tms = tileJSON["scheme"] == .string("tms")
        }
        guard let template = templates.first else { throw .notLocal(source: name, url: source.url ?? "no tiles") }
        guard let file = local(template) else { throw .notLocal(source: name, url: template) }
        let path = tms ? file.path.replacingOccurrences(of: "{y}", with: "{-y}") : file.path
        return (path, minZoom, maxZoom)
    }

    /// The sprite at pixel ratio 1 and 2 (MapLibre loads `@2x` for ratios above 1); a missing
    /// sprite is a warning, as it is for MapLibre.
    private func loadSprites(_ sprite: String?, warnings: WarningLog) -> [SpriteSheet] {
        guard let sprite, !sprite.isEmpty else { return [] }
        guard let base = local(sprite)?.path ?? (sprite.hasPrefix("/") ? sprite : nil) else {
            warnings.warn("sprite \(sprite) is not local; drawn without it")
            return []
        }
        do { return try SpriteSheet.sheets(base: base) } catch {
            warnings.warn("sprite: \(error)")
            return []
        }
    }
}

/// A test that needs a file this runner cannot map to the fixtures.
public enum FixtureError: Error, Equatable, Sendable, CustomStringConvertible {
    case notLocal(source: String, url: String)
    public var description: String {
        switch self {
        case .notLocal(let source, let url): return "source \(source): \(url) is not a local:// fixture"
        }
    }
}
