import Foundation

/// The front door for single images: loads a style and its tiles once, then renders snapshots.
/// Not for concurrent use (one per thread), like the renderer it wraps.
public final class Snapshotter {
    public let style: StyleDocument
    public let sources: [String: MBTilesVectorSource]
    /// The style's sprite at pixel ratio 1 and (when present) 2.
    public let sprites: [SpriteSheet]
    public let renderer: MapRenderer
    let attribution: String

    /// Loads the style and opens its vector sources (or `tiles` in their place).
    /// `sources` maps a style source's name to a local archive (`--source NAME=PATH`, for styles
    /// whose sources are remote URLs); `sprite` replaces the style's sprite (a path without the
    /// `.json`/`.png` extension).
    public init(style reference: StyleReference, tiles: [String] = [], sources sourceOverrides: [String: String] = [:],
                sprite: String? = nil) throws(SnapshotError) {
        style = try reference.load()
        for name in sourceOverrides.keys.sorted() where style.sources[name] == nil {
            throw .unknownSource(name: name, available: style.sources.keys.sorted())
        }
        var sources: [String: MBTilesVectorSource] = [:]
        var credits: [String] = []
        var geoJSON: [String: any VectorTileProvider] = [:]
        for name in style.sources.keys.sorted() {
            if case .geojson(let definition) = style.sources[name]! {
                do { geoJSON[name] = try GeoJSONVectorSource(definition: definition) } catch {
                    throw .geoJSONSource(name: name, reason: "\(error)")
                }
                continue
            }
            guard case .vector(let source) = style.sources[name]! else { continue }
            let paths: [String]
            if let override = sourceOverrides[name] {
                paths = [override]
            } else if !tiles.isEmpty {
                paths = tiles
            } else if let path = source.mbtilesPath {
                paths = [path]
            } else {
                throw .sourceNotLocal(source: name, url: source.url ?? source.tiles?.first ?? "no url")
            }
            do {
                let provider = MBTilesVectorSource(archives: try paths.map { path throws(TileArchiveError) in try MBTilesArchive(path: path) })
                sources[name] = provider
                if let credit = source.attribution ?? provider.attribution { credits.append(credit) }
            } catch {
                throw .tiles(error)
            }
        }
        guard !sources.isEmpty || !geoJSON.isEmpty else { throw .noVectorSource(style: style.name ?? "the style") }
        self.sources = sources
        // A sprite given here is a path from the current folder (the style's own is relative to the style).
        let spriteBase = sprite.map { s -> String in
            let base = s.hasSuffix(".json") || s.hasSuffix(".png") ? String(s[..<s.lastIndex(of: ".")!]) : s
            return base.hasPrefix("/") ? base : FileManager.default.currentDirectoryPath + "/" + base
        }
        sprites = try Self.loadSprites(spriteBase ?? style.sprite, styleFolder: try reference.fileURL().deletingLastPathComponent())
        var providers = geoJSON
        for (name, source) in sources { providers[name] = source }
        renderer = MapRenderer(style: style, sources: providers, sprites: sprites)
        var unique: [String] = []
        for c in credits where !unique.contains(c) { unique.append(c) }
        attribution = unique.isEmpty ? Self.defaultAttribution : unique.joined(separator: " ")
    }

    /// A sprite URL that is a local path (absolute, `file://`, or relative to the style file).
    static func loadSprites(_ sprite: String?, styleFolder: URL) throws(SnapshotError) -> [SpriteSheet] {
        guard let sprite, !sprite.isEmpty else { return [] }
        let base: String
        if sprite.hasPrefix("file://") {
            base = String(sprite.dropFirst("file://".count))
        } else if sprite.contains("://") {
            throw .spriteNotLocal(url: sprite)
        } else if sprite.hasPrefix("/") {
            base = sprite
        } else {
            base = styleFolder.appendingPathComponent(sprite).path
        }
        do {
            let one = try SpriteSheet(base: base, pixelRatio: 1)
            let two = try SpriteSheet(base: base, pixelRatio: 2)
            return two.jsonPath == one.jsonPath ? [one] : [one, two]
        } catch {
            throw .sprite(error)
        }
    }

    /// The style's layers drawn from the OpenMapTiles `poi` source layer.
    var poiLayerIDs: Set<String> { Set(style.layers.filter { $0.sourceLayer == "poi" }.map(\.id)) }

    public static let defaultAttribution = "© OpenMapTiles © OpenStreetMap contributors"

    /// Where the data is: the union of the sources' bounds.
    public var dataBounds: BoundingBox? {
        BoundingBox.union(of: sources.keys.sorted().compactMap { sources[$0]!.bounds })
    }

    /// The default center: the style's when it lies in the data, else the data's.
    public var defaultCenter: LatLon {
        if let c = style.center, dataBounds?.contains(c) ?? true { return c }
        for name in sources.keys.sorted() {
            if let c = sources[name]!.archives.first?.metadata.center { return c }
        }
        return dataBounds?.center ?? LatLon(0, 0)
    }

    /// The overlays in WGS-84 (converted from GCJ-02 when asked).
    func overlaysInWGS84(_ options: SnapshotOptions) -> [Overlay] {
        options.coordinateSystem == .gcj02 ? options.overlays.map { $0.transformed(by: GCJ02.toWGS84) } : options.overlays
    }

    public func camera(for options: SnapshotOptions) -> Camera {
        var center = options.center ?? defaultCenter
        if options.coordinateSystem == .gcj02, let c = options.center { center = GCJ02.toWGS84(c) }
        switch options.framing {
        case .fit(let padding, let meters):
            let overlays = overlaysInWGS84(options)
            if let fitted = CameraFitter.fit(renderer.footprints(of: overlays), size: options.size, padding: padding,
                                             bearing: options.bearing) {
                return Camera(center: fitted.center, zoom: fitted.zoom, size: options.size,
                              pixelRatio: options.scale, degreesClockwiseFromNorth: options.bearing)
            }
            let lone = renderer.footprints(of: overlays).first?.coordinates.first
            return Camera(center: options.center == nil ? (lone ?? center) : center, meters: meters, size: options.size,
                          pixelRatio: options.scale, degreesClockwiseFromNorth: options.bearing)
        case .meters(let m):
            return Camera(center: center, meters: m, size: options.size, pixelRatio: options.scale,
                          degreesClockwiseFromNorth: options.bearing)
        case .zoom(let z):
            return Camera(center: center, zoom: z, size: options.size, pixelRatio: options.scale,
                          degreesClockwiseFromNorth: options.bearing)
        }
    }

    /// Renders one snapshot. Warnings (a corrupt tile, a view outside the data) go to `warnings`.
    public func snapshot(_ options: SnapshotOptions, warnings: WarningLog = WarningLog()) throws(SnapshotError) -> Snapshot {
        try options.validate()
        let camera = camera(for: options)
        if let bounds = dataBounds, !camera.visibleBounds.intersects(bounds) {
            warnings.warn("the view around \(camera.center) is outside the data, which covers \(bounds) (W,S,E,N); only the background is drawn")
        }
        do {
            let compass = options.compass == .always || (options.compass == .auto && camera.bearing.truncatingRemainder(dividingBy: 360) != 0)
            let image = try renderer.render(camera, options: .init(
                attribution: options.attribution ? attribution : nil, overlays: overlaysInWGS84(options),
                scaleBar: options.scaleBar, compass: compass,
                hiddenLayers: options.hidePOILabels ? poiLayerIDs : []), warnings: warnings)
            return Snapshot(image: image, camera: camera, compression: options.compression)
        } catch {
            throw .render(error)
        }
    }
}

/// A rendered image and the camera it shows.
public struct Snapshot: @unchecked Sendable {
    public let image: RasterImage
    public let camera: Camera
    public let compression: PNGCompression

    public func pngData() throws(RenderError) -> Data { try image.pngData(compression: compression) }

    /// Writes the PNG atomically (temporary file + rename): never a half-written file.
    public func write(to path: String) throws(RenderError) {
        try AtomicFile.write(try pngData(), to: path)
    }
}
