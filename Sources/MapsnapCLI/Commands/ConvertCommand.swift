import MapsnapKit

/// `mapsnap convert IN OUT`
struct ConvertInvocation: RequestContext {
    var request = MapRequest()
    var paths: [String] = []
}

enum ConvertCommand {
    static let command = Command<ConvertInvocation>(
        name: "convert",
        summary: "copy tiles between MBTiles, PMTiles and a z/x/y folder",
        usage: "mapsnap convert IN OUT",
        description: """
        Copies every tile of IN (a .mbtiles, a .pmtiles or a folder of z/x/y tiles) with its metadata
        into OUT, a new .mbtiles, .pmtiles (clustered, identical tiles stored once) or folder, chosen by
        its name. Vector and raster tiles alike; each tile's bytes as stored.
        """,
        groups: [GeneralOptions.helpOnly()],
        positional: ("IN OUT", "paths", { c, text in
            guard c.paths.count < 2 else { throw UsageError(option: text, message: "unexpected argument: give IN and OUT only") }
            c.paths.append(text)
        }),
        initial: ConvertInvocation(),
        finish: { c in
            guard c.paths.count == 2 else { throw UsageError(option: "", message: "give the input and the output: mapsnap convert IN OUT") }
        },
        run: { c, console in run(c, console) })

    static func run(_ c: ConvertInvocation, _ console: Console) -> ExitCode {
        // SIGTERM or SIGINT stops the copy between tiles and removes its partial output.
        TerminationSignals.catch()
        let code: ExitCode
        do {
            let s = try TileConvert.convert(c.paths[0], into: c.paths[1], warnings: console.warnings())
            console.info("convert: \(s.tiles) tiles → \(c.paths[1])")
            code = .success
        } catch {
            code = CommandErrors.report(error, command: command, console)
        }
        if let signal = TerminationSignals.pending { TerminationSignals.endBySignal(signal) }
        return code
    }
}
