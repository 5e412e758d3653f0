import Foundation
import MapsnapStyle

/// The fixtures' URLs as upstream's runner serves them (`test/integration/lib/localize-urls.ts`):
/// the assets folder is served at `http://localhost:2900/`, which `local://` also names, and
/// `mapbox://` URLs stand for the copies of Mapbox's sprites, fonts, tiles and tilesets there.
enum FixtureURLs {
    static let server = "http://localhost:2900/"

    /// The file an asset URL names (its query dropped), or nil for URLs outside the fixtures.
    static func file(_ url: String, assets: URL) -> URL? {
        let path: Substring
        if url.hasPrefix("local://") {
            path = url.dropFirst("local://".count)
        } else if url.hasPrefix(server) {
            path = url.dropFirst(server.count)
        } else {
            return nil
        }
        return assets.appendingPathComponent(String(path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]))
    }

    /// The style with its `mapbox://` sprite, glyph, tile and tileset URLs pointing at the fixtures.
    static func localize(style: StyleValue) -> StyleValue {
        guard case .object(var root) = style else { return style }
        if case .object(let sources)? = root["sources"] {
            root["sources"] = .object(sources.mapValues(localize(source:)))
        }
        switch root["sprite"] {
        case .string(let url)?:
            root["sprite"] = .string(replacingPrefix("mapbox://", with: "local://", in: url))
        case .array(let sprites)?:
            root["sprite"] = .array(sprites.map { sprite in
                guard case .object(var entry) = sprite, case .string(let url)? = entry["url"] else { return sprite }
                entry["url"] = .string(replacingPrefix("mapbox://", with: "local://", in: url))
                return .object(entry)
            })
        default:
            break
        }
        if case .string(let url)? = root["glyphs"] {
            root["glyphs"] = .string(replacingPrefix("mapbox://fonts", with: "local://glyphs", in: url))
        }
        return .object(root)
    }

    /// A source with its `mapbox://` tiles and TileJSON URLs pointing at the fixtures.
    static func localize(source: StyleValue) -> StyleValue {
        guard case .object(var object) = source else { return source }
        if case .array(let tiles)? = object["tiles"] {
            object["tiles"] = .array(tiles.map { $0.stringValue.map { .string(replacingPrefix("mapbox://", with: "local://tiles/", in: $0)) } ?? $0 })
        }
        if case .string(let url)? = object["url"] {
            object["url"] = .string(replacingPrefix("mapbox://", with: "local://tilesets/", in: url))
        }
        return .object(object)
    }

    /// The operations with the styles and sources they bring localized the same way.
    static func localize(operations: [[StyleValue]]) -> [[StyleValue]] {
        operations.map { operation in
            guard case .string(let name)? = operation.first, operation.count > 1 else { return operation }
            var changed = operation
            switch name {
            case "setStyle" where operation[1].objectValue != nil: changed[1] = localize(style: operation[1])
            case "addSource" where operation.count > 2: changed[2] = localize(source: operation[2])
            default: break
            }
            return changed
        }
    }

    private static func replacingPrefix(_ prefix: String, with replacement: String, in url: String) -> String {
        url.hasPrefix(prefix) ? replacement + url.dropFirst(prefix.count) : url
    }
}
