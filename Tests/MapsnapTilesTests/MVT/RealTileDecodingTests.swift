import Foundation
import Testing
import MapsnapTiles
import MapsnapGeo

/// Decoding the embedded OpenMapTiles archives. Expected numbers come from an independent
/// throwaway Python reader of the same files (gzip + a hand-written protobuf walk).
@Suite struct RealTileDecodingTests {
    static let monacoCenterTile = TileID(z: 14, x: 8529, y: 5974)

    static func monacoTile() throws -> VectorTile {
        let data = try #require(try MBTilesArchive(path: RepositoryData.monaco).tileData(monacoCenterTile))
        return try VectorTile(data: data)
    }

    @Test func listsTheLayersOfAMonacoTile() throws {
        let tile = try Self.monacoTile()
        let counts = [
            "place": 7, "boundary": 34, "poi": 394, "housenumber": 48, "transportation": 1066,
            "transportation_name": 962, "building": 1986, "water": 52, "aeroway": 9, "landuse": 17, "landcover": 13,
        ]
        #expect(tile.layerNames == ["place", "boundary", "poi", "housenumber", "transportation", "transportation_name",
                                    "building", "water", "aeroway", "landuse", "landcover"])
        for (name, count) in counts {
            let layer = try #require(try tile.layer(named: name))
            #expect(layer.featureCount == count, "\(name)")
            #expect((layer.extent, layer.version) == (4096, 2), "\(name)")
        }
        #expect(try tile.layer(named: "mountain_peak") == nil)
    }

    @Test func decodesRoadsAndNamesOfAMonacoTile() throws {
        let tile = try Self.monacoTile()
        let road = try #require(try tile.layer(named: "transportation")).feature(at: 0)
        #expect(road.geometryType == .lineString)
        #expect(road.id == nil)
        #expect(road.properties == ["brunnel": .string("tunnel"), "class": .string("minor"), "oneway": .number(1)])
        #expect(road.property("class") == .string("minor"))
        #expect(try road.geometryParts() == [points([(2978, 1971), (3116, 1910), (3189, 1873), (3241, 1836)])])

        let ferry = try #require(try tile.layer(named: "transportation_name")).feature(at: 0)
        #expect(ferry.properties == ["class": .string("ferry"), "name:latin": .string("Bateau Bus")])

        let suburb = try #require(try tile.layer(named: "place")).feature(at: 0)
        #expect(suburb.geometryType == .point)
        #expect(suburb.property("name:latin") == .string("La Condamine"))
        #expect(suburb.property("class") == .string("suburb"))

        let palace = try #require(try tile.layer(named: "poi")).feature(at: 0)
        #expect(palace.properties == ["class": .string("attraction"), "subclass": .string("attraction"),
                                      "name:latin": .string("Palais Princier de Monaco"), "rank": .number(4)])
    }

    @Test func decodesBuildingsAndPolygonsWithHoles() throws {
        let tile = try Self.monacoTile()
        let building = try #require(try tile.layer(named: "building")).feature(at: 0)
        #expect(building.geometryType == .polygon)
        #expect(building.properties == ["render_height": .number(Double(Float(3.66))), "render_min_height": .number(0)])
        #expect(try building.geometryParts() == [closedRing([(3829, 2248), (3811, 2225), (3838, 2204), (3863, 2185), (3878, 2204),
                                                              (3941, 2155), (3946, 2151), (3973, 2185), (3786, 2332), (3762, 2301)])])

        // Two exterior rings: a multipolygon.
        let twoParts = try #require(try tile.layer(named: "building")).feature(at: 1855).geometryParts()
        #expect(twoParts.map(\.count) == [4, 8])
        #expect(twoParts.map(doubledSignedArea) == [36, 31586])
        #expect(classifyRings(twoParts).map(\.count) == [1, 1])

        // An exterior ring and a hole: one polygon.
        let college = try #require(try tile.layer(named: "landuse")).feature(at: 0)
        #expect(college.property("class") == .string("college"))
        let rings = try college.geometryParts()
        #expect(rings.map(\.count) == [14, 5])
        #expect(rings.map(doubledSignedArea) == [33721, -3925])
        #expect(classifyRings(rings) == [rings])

        let ocean = try #require(try tile.layer(named: "water")).feature(at: 51)
        #expect(ocean.property("class") == .string("ocean"))
        #expect(try ocean.geometryParts().map(\.count) == [207, 103, 5, 66])
    }

    struct Totals: Equatable, CustomStringConvertible {
        var tiles = 0, features = 0, parts = 0, points = 0, properties = 0, latinNames = 0, polygons = 0
        var description: String {
            "\(tiles) tiles, \(features) features, \(parts) parts, \(points) points, \(properties) properties, "
                + "\(latinNames) name:latin, \(polygons) polygons"
        }
    }

    /// Every feature of every tile of each archive decodes, and the totals match the independent reader.
    @Test(arguments: [
        (RepositoryData.monaco, Totals(tiles: 53, features: 34424, parts: 38774, points: 339_065, properties: 72563, latinNames: 2987, polygons: 24937)),
        (RepositoryData.helsinki, Totals(tiles: 19, features: 10980, parts: 12396, points: 59139, properties: 23927, latinNames: 2616, polygons: 1306)),
        (RepositoryData.andorra, Totals(tiles: 331, features: 9008, parts: 12887, points: 220_388, properties: 20616, latinNames: 2192, polygons: 1893)),
    ])
    func decodesEveryFeatureOfEveryTile(path: String, expected: Totals) throws {
        let archive = try MBTilesArchive(path: path)
        var totals = Totals()
        for id in try archive.tileIDs() {
            let tile = try VectorTile(data: try #require(try archive.tileData(id)))
            totals.tiles += 1
            for name in tile.layerNames {
                let layer = try #require(try tile.layer(named: name))
                try layer.forEachFeature { feature in
                    totals.features += 1
                    let properties = try feature.validatedProperties()
                    totals.properties += properties.count
                    #expect(feature.properties == properties)
                    if feature.property("name:latin") != nil { totals.latinNames += 1 }
                    let parts = try feature.geometryParts()
                    totals.parts += parts.count
                    totals.points += parts.reduce(0) { $0 + $1.count }
                    if feature.geometryType == .polygon { totals.polygons += classifyRings(parts).count }
                }
            }
        }
        #expect(totals == expected)
    }
}
