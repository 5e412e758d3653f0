import Foundation
import MapsnapFormats
import MapsnapGeo

/// A folder of `z/x/y.EXT` tiles (what `mapsnap tiles -o FOLDER` writes, and tile folders other
/// tools write), read as an archive for `mapsnap convert`. Its metadata comes from the folder's
/// `metadata.json` when there is one (mapsnap writes it), else from the tiles: the format from
/// their extension, the zoom range from the folders. Names that are not whole numbers in range
/// are not tiles and are skipped.
public final class DirectoryTileArchive: TileArchive {
    public let path: String
    public let metadata: MBTilesMetadata
    /// The tiles' file name extension (`png`, `webp`, `jpg`, `pbf`, `mvt`).
    public let fileExtension: String
    private let ids: [TileID]

    /// Tile file extensions and the MBTiles `format` each means.
    static let formats = ["png": "png", "webp": "webp", "jpg": "jpg", "jpeg": "jpg", "pbf": "pbf", "mvt": "pbf"]

    public init(path: String) throws(TileArchiveError) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noSuchFile(path: path) }
        guard isDirectory.boolValue else { throw .notTileFolder(path: path, reason: "it is a file") }
        var found: [TileID] = [], extensions: Set<String> = []
        let fm = FileManager.default
        for z in (try? fm.contentsOfDirectory(atPath: path)) ?? [] {
            guard let zoom = Self.number(z, below: InputLimits.archiveZoom.upperBound + 1) else { continue }
            let n = 1 << zoom
            for x in (try? fm.contentsOfDirectory(atPath: "\(path)/\(z)")) ?? [] {
                guard let column = Self.number(x, below: n) else { continue }
                for file in (try? fm.contentsOfDirectory(atPath: "\(path)/\(z)/\(x)")) ?? [] {
                    let parts = file.split(separator: ".", maxSplits: 1)
                    guard parts.count == 2, Self.formats[String(parts[1]).lowercased()] != nil,
                          let row = Self.number(String(parts[0]), below: n) else { continue }
                    extensions.insert(String(parts[1]))
                    found.append(TileID(z: zoom, x: column, y: row))
                }
            }
        }
        guard extensions.count <= 1 else {
            throw .notTileFolder(path: path, reason: "it holds tiles of several kinds (\(extensions.sorted().joined(separator: ", ")))")
        }
        guard let ext = extensions.first else {
            throw .notTileFolder(path: path, reason: "it holds no tile files named like 14/8529/5974.png (ZOOM/X/Y.png, .webp, .jpg, .pbf or .mvt)")
        }
        fileExtension = ext
        ids = found.sorted()
        var raw: [String: String] = [:]
        if let data = try? InputFile.read(path + "/metadata.json"), case .object(let o)? = try? JSONValue.parse(data) {
            for (k, v) in o { if let s = v.stringValue { raw[k] = s } }
        }
        raw["format"] = raw["format"] ?? Self.formats[ext.lowercased()]
        raw["minzoom"] = raw["minzoom"] ?? ids.first.map { String($0.z) }
        raw["maxzoom"] = raw["maxzoom"] ?? ids.last.map { String($0.z) }
        metadata = MBTilesMetadata(raw: raw)
    }

    /// A decimal number `0..<limit` written plainly (no sign, no leading zeros beyond "0").
    private static func number(_ text: String, below limit: Int) -> Int? {
        guard !text.isEmpty, text.count <= 10, text.allSatisfy({ ("0"..."9").contains($0) }),
              text == "0" || !text.hasPrefix("0"), let v = Int(text), v < limit else { return nil }
        return v
    }

    private func file(_ id: TileID) -> String { "\(path)/\(id.z)/\(id.x)/\(id.y).\(fileExtension)" }

    public func rawTileData(_ id: TileID) throws(TileArchiveError) -> Data? {
        guard FileManager.default.fileExists(atPath: file(id)) else { return nil }
        do { return try InputFile.read(file(id)) } catch {
            throw .readFailed(path: path, what: "tile \(id)", reason: error.description)
        }
    }

    public func tileData(_ id: TileID) throws(TileArchiveError) -> Data? {
        guard let raw = try rawTileData(id) else { return nil }
        guard isCompressed(raw) else { return raw }
        do { return try inflate(raw) } catch { throw .corruptTile(path: path, tile: id, reason: error) }
    }

    public func tileIDs(atZoom zoom: Int?) throws(TileArchiveError) -> [TileID] {
        zoom.map { z in ids.filter { $0.z == z } } ?? ids
    }
}
