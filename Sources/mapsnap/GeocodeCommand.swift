import Foundation
import MapsnapKit

/// `mapsnap geocode LAT,LON [--json]`: the address at a point, found offline in the tiles.
struct GeocodeCommand {
    var point: LatLon?
    var json = false
    var style = StyleReference.defaultStyle
    var tiles: [String] = []

    static let help = """
    Usage: mapsnap geocode LAT,LON [--json] [--tiles PATH.mbtiles] [--style NAME|PATH]

    Prints the address at a point (latitude first), found offline in the vector tiles: the
    nearest house number and its street, the area and the city, e.g.
    "Avenue de Monte-Carlo 12, Monte-Carlo, Monaco". --json gives the parts and their distances.
    """

    mutating func parse(_ args: inout ArgumentList) throws(UsageError) {
        while let word = args.next() {
            let (name, inline) = splitOption(word)
            switch name {
            case "--json": json = true
            case "--tiles": tiles.append(try args.value(for: name, inline: inline))
            case "--style": style = StyleReference(try args.value(for: name, inline: inline))
            default:
                guard point == nil, !ArgumentList.looksLikeOption(word) else {
                    throw UsageError(option: name, message: word.hasPrefix("-") ? "unknown option (see mapsnap geocode --help)" : "unexpected argument")
                }
                do { point = try LatLon(parsing: word) } catch { throw UsageError(option: "geocode", message: error.description) }
            }
        }
        guard point != nil else { throw UsageError(option: "geocode", message: "give the point as LAT,LON (latitude first)") }
    }

    func run() -> ExitCode {
        do {
            let geocoder = ReverseGeocoder(snapshotter: try Snapshotter(style: style, tiles: tiles))
            let address = geocoder.lookup(point!)
            if json {
                let data = try JSONSerialization.data(withJSONObject: address.json, options: [.prettyPrinted, .sortedKeys])
                Console.out(String(decoding: data, as: UTF8.self))
            } else {
                Console.out(address.formatted.isEmpty ? "(no address found near \(point!))" : address.formatted)
            }
            return .success
        } catch let e as SnapshotError {
            Console.error(e.description); return .badInput
        } catch {
            Console.error("\(error)"); return .failure
        }
    }
}
