import Foundation
import MapsnapGeo
import MapsnapKit

/// `mapsnap geocode LAT,LON [--json]`: the address at a point, found offline in the tiles.
struct GeocodeInvocation: RequestContext {
    var request = MapRequest()
    var point: LatLon?
    var json = false
}

enum GeocodeCommand {
    static let command = Command<GeocodeInvocation>(
        name: "geocode",
        summary: "the address at a point, found offline in the vector tiles",
        usage: "mapsnap geocode LAT,LON [--json] [--tiles PATH.mbtiles] [--style NAME|PATH]",
        description: """
        Prints the address at a point (latitude first), found offline in the vector tiles: the
        nearest house number and its street, the area and the city, e.g.
        "Avenue de Monte-Carlo 12, Monte-Carlo, Monaco". --json gives the parts and their distances.
        A point outside every region of the data is an error (exit code 2) naming the regions.
        """,
        groups: [
            OptionGroup("Output", [Option(["--json"], help: "the address's parts and their distances as JSON") { c, _ in c.json = true }]),
            StyleAndDataOptions.group(),
            GeneralOptions.helpOnly(),
        ],
        positional: ("LAT,LON", "point", { c, text in
            guard c.point == nil else { throw UsageError(option: text, message: "unexpected argument: the point is \(c.point!)") }
            c.point = try FieldText.latLon(text, FieldPath("point"))
        }),
        initial: GeocodeInvocation(),
        finish: { c in
            guard c.point != nil else { throw UsageError(option: "", message: "give the point as LAT,LON (latitude first)") }
        },
        run: { c, console in run(c, console) })

    static func run(_ c: GeocodeInvocation, _ console: Console) -> ExitCode {
        do {
            let point = c.point!
            let geocoder = try SnapshotterCache().geocoder(for: c.request.style)
            // An archive of images given as the data is refused when it is opened, naming it.
            guard geocoder.hasVectorTiles else { throw RequestError("style", geocoder.noVectorTiles) }
            guard geocoder.coverage.covers(point) else {
                throw UsageError(option: "", message: "\(point) is outside the data, which covers \(geocoder.coverage.summary) (W,S,E,N)")
            }
            let address = geocoder.lookup(point, warnings: console.warnings())
            if c.json {
                console.out(address.json.prettyPrinted)
            } else {
                console.out(address.formatted.isEmpty ? "(no address found near \(point))" : address.formatted)
            }
            return .success
        } catch {
            return CommandErrors.report(error, command: command, console)
        }
    }
}
