import Foundation
import MapsnapGeo
import MapsnapRender
import MapsnapTiles
import MapsnapFormats

/// An address found offline in the vector tiles themselves (OpenMapTiles schema): the nearest
/// house number and the street it stands on (`housenumber`, `transportation_name`), the area
/// (`place` suburb/quarter/neighbourhood) and the city (`place` city/town/village).
public struct Address: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        public var name: String
        public var distanceMeters: Double
    }
    public var housenumber: Part?
    public var street: Part?
    public var area: Part?
    public var city: Part?

    /// e.g. `Avenue de Monte-Carlo 12, Monte-Carlo, Monaco` (missing parts left out).
    public var formatted: String {
        var parts: [String] = []
        if let s = street { parts.append([s.name, housenumber?.name].compactMap { $0 }.joined(separator: " ")) }
        if let a = area, a.name != city?.name { parts.append(a.name) }
        if let c = city { parts.append(c.name) }
        return parts.joined(separator: ", ")
    }

    /// `{"address": "…", "street": {"name": "…", "distance_m": 12.3}, …}` (parts that were found).
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("address", .string(formatted))]
        for (key, part) in [("area", area), ("city", city), ("housenumber", housenumber), ("street", street)] {
            guard let part else { continue }
            members.append((key, .object(JSONObject([("distance_m", .number((part.distanceMeters * 10).rounded() / 10)),
                                                     ("name", .string(part.name))]))))
        }
        return .object(JSONObject(members))
    }
}

/// Reverse geocoding from the map's own tiles, with a cache on a ~100 m grid (as a phone
/// throttles its geocoder): nearby points in one run share one lookup. Not for concurrent use.
public final class ReverseGeocoder {
    let sources: [ArchiveVectorSource]
    /// Where the geocoder has data: a point outside every region has no address.
    public let coverage: DataCoverage
    private var cache: [GridKey: Address] = [:]

    public static let houseRadius = 60.0, streetRadius = 200.0, areaRadius = 3_000.0, cityRadius = 30_000.0

    public init(snapshotter: Snapshotter) {
        sources = snapshotter.vectorSources.keys.sorted().map { snapshotter.vectorSources[$0]! }
        coverage = snapshotter.coverage
        rasterArchivePaths = snapshotter.rasterArchivePaths
    }

    /// Whether there are vector tiles to look in: a style of raster sources only has no
    /// addresses, which is an error to say (`noVectorTiles`), not "no address found".
    public var hasVectorTiles: Bool { !sources.isEmpty }

    /// The archives the style does draw from, all of images: named when there is nothing to look in.
    public let rasterArchivePaths: [String]

    /// Why there is nothing to look in: the style's data, if any, is raster tiles.
    public var noVectorTiles: String {
        let data = rasterArchivePaths.isEmpty ? "the style has no data" : "the style's data, \(rasterArchivePaths.joined(separator: ", ")), holds raster tiles"
        return "\(data); geocode finds addresses in vector tiles, which only a style with a vector source reads"
    }

    struct GridKey: Hashable { let x: Int, y: Int }

    public func address(at p: LatLon) -> Address {
        let cell = 100.0 / 111_320
        let key = GridKey(x: Int(saturating: (p.longitude * cos(p.latitude * .pi / 180) / cell).rounded(.down)),
                          y: Int(saturating: (p.latitude / cell).rounded(.down)))
        if let hit = cache[key] { return hit }
        let a = lookup(p)
        cache[key] = a
        return a
    }

    /// One lookup, no cache. A tile or layer that cannot be read is skipped with a warning.
    public func lookup(_ p: LatLon, warnings: WarningLog = WarningLog()) -> Address {
        var address = Address()
        let detail = features(around: p, zoomBelowMax: 0, layers: ["housenumber", "transportation_name", "place"], warnings: warnings)
        var best: (String, Double, LatLon)?
        for f in detail where f.layer == "housenumber" {
            guard let n = f.feature.property("housenumber")?.description, !n.isEmpty else { continue }
            for point in f.points {
                let d = Self.meters(p, point)
                if d <= Self.houseRadius, d < (best?.1 ?? .infinity) { best = (n, d, point) }
            }
        }
        // The street is the one nearest the house (house numbers carry no street name).
        let streetFrom = best?.2 ?? p
        var street: (name: String, distance: Double, lines: [[LatLon]])?
        for f in detail where f.layer == "transportation_name" {
            // Streets only: not ferry routes or railway lines.
            if case .string(let c)? = f.feature.property("class"), ["ferry", "rail", "transit"].contains(c) { continue }
            guard let name = Self.name(f.feature) else { continue }
            let d = f.lines.map { Self.distance(streetFrom, toLine: $0) }.min() ?? .infinity
            if d <= Self.streetRadius, d < (street?.distance ?? .infinity) { street = (name, d, f.lines) }
        }
        if let street {
            // Distances are reported from the asked point.
            let fromPoint = street.lines.map { Self.distance(p, toLine: $0) }.min() ?? street.distance
            address.street = .init(name: street.name, distanceMeters: fromPoint)
            if let best { address.housenumber = .init(name: best.0, distanceMeters: best.1) }
        }
        let coarse = detail + features(around: p, zoomBelowMax: 4, layers: ["place"], warnings: warnings)
        address.area = nearestPlace(coarse, p, classes: ["suburb", "quarter", "neighbourhood", "hamlet", "locality", "isolated_dwelling"], radius: Self.areaRadius)
        address.city = nearestPlace(coarse, p, classes: ["city", "town", "village"], radius: Self.cityRadius)
        return address
    }

    private func nearestPlace(_ features: [GeoFeature], _ p: LatLon, classes: Set<String>, radius: Double) -> Address.Part? {
        var best: Address.Part?
        for f in features where f.layer == "place" {
            guard case .string(let c)? = f.feature.property("class"), classes.contains(c), let name = Self.name(f.feature) else { continue }
            for point in f.points {
                let d = Self.meters(p, point)
                if d <= radius, d < (best?.distanceMeters ?? .infinity) { best = .init(name: name, distanceMeters: d) }
            }
        }
        return best
    }

    static func name(_ f: VectorTileFeature) -> String? {
        for key in ["name:latin", "name", "name_int"] {
            if case .string(let s)? = f.property(key), !s.isEmpty { return s }
        }
        return nil
    }

    /// A feature with its geometry in degrees.
    struct GeoFeature {
        let layer: String
        let feature: VectorTileFeature
        let points: [LatLon]
        let lines: [[LatLon]]
    }

    /// The features of `layers` in the tile around `p` and its eight neighbours, at the sources'
    /// max zoom minus `zoomBelowMax`.
    private func features(around p: LatLon, zoomBelowMax: Int, layers: [String], warnings: WarningLog) -> [GeoFeature] {
        var out: [GeoFeature] = []
        for source in sources {
            let z = max(source.minZoom, source.maxZoom - zoomBelowMax)
            let center = TileID(containing: p, z: z)
            let n = 1 << z
            for dy in -1...1 {
                for dx in -1...1 {
                    let y = center.y + dy
                    guard y >= 0, y < n else { continue }
                    let id = TileID(z: z, x: ((center.x + dx) % n + n) % n, y: y)
                    let tiles: [VectorTile]
                    do { tiles = try source.vectorTiles(id) } catch {
                        warnings.warn("\(error); the tile is skipped")
                        continue
                    }
                    for tile in tiles {
                        for name in layers {
                            let found: VectorTileLayer?
                            do { found = try tile.layer(named: name) } catch {
                                warnings.warn("\(tile.origin.map { "\($0): " } ?? "")tile \(id): layer '\(name)' is corrupt (\(error)); skipped")
                                continue
                            }
                            guard let layer = found else { continue }
                            let extent = Double(layer.extent)
                            try? layer.forEachFeature { f in
                                guard let parts = try? f.geometryParts() else { return }
                                let geo = parts.map { part in
                                    part.map { pt in
                                        WebMercator.unprojectUnit(Point(x: (Double(id.x) + Double(pt.x) / extent) / Double(n),
                                                                        y: (Double(id.y) + Double(pt.y) / extent) / Double(n)))
                                    }
                                }
                                out.append(GeoFeature(layer: name, feature: f,
                                                      points: f.geometryType == .point ? geo.flatMap { $0 } : [],
                                                      lines: f.geometryType == .lineString ? geo : []))
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Local flat-earth distance (exact enough within a few kilometres).
    static func meters(_ a: LatLon, _ b: LatLon) -> Double {
        let k = cos((a.latitude + b.latitude) / 2 * .pi / 180)
        let dx = (b.longitude - a.longitude) * 111_320 * k, dy = (b.latitude - a.latitude) * 110_574
        return (dx * dx + dy * dy).squareRoot()
    }

    static func distance(_ p: LatLon, toLine line: [LatLon]) -> Double {
        guard line.count > 1 else { return line.first.map { meters(p, $0) } ?? .infinity }
        let k = cos(p.latitude * .pi / 180)
        func xy(_ q: LatLon) -> (Double, Double) { ((q.longitude - p.longitude) * 111_320 * k, (q.latitude - p.latitude) * 110_574) }
        var best = Double.infinity
        let origin = Point(x: 0, y: 0)
        for i in 1..<line.count {
            let (ax, ay) = xy(line[i - 1]), (bx, by) = xy(line[i])
            best = min(best, origin.squaredDistance(toSegment: Point(x: ax, y: ay), Point(x: bx, y: by)).squareRoot())
        }
        return best
    }
}
