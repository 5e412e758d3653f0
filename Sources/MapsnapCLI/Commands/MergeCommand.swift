import MapsnapKit

/// `mapsnap merge A.mbtiles B.pmtiles … -o ALL.mbtiles|ALL.pmtiles`
struct MergeInvocation: RequestContext {
    var request = MapRequest()
    var inputs: [String] = []
    var output: String?
    var force = false
}

enum MergeCommand {
    static let command = Command<MergeInvocation>(
        name: "merge",
        summary: "join the MBTiles or PMTiles of pyramid shards into one",
        usage: "mapsnap merge SHARD.mbtiles|pmtiles ... -o ALL.mbtiles|ALL.pmtiles",
        description: """
        Joins the MBTiles or PMTiles written by `mapsnap tiles --shard K/N` into one file (a new file; identical
        tiles stored once; bounds and zoom range the union of the inputs'). Shards must be exactly shards 0 to N-1
        of one plan (the same options, style and data), each finished: a missing, doubled, unfinished or foreign
        shard is refused and named. Archives that are not shards are joined as they are.
        """,
        groups: [
            OptionGroup("Output", [
                Option(["-o", "--output"], .required("ALL.mbtiles"), help: "the merged archive, .mbtiles or .pmtiles (must not exist yet, unless --force)", field: "output") { c, text in
                    c.output = text
                },
                Option(["--force"], help: "replace an existing output (in one rename, once the merge is written)", field: "force") { c, _ in c.force = true },
            ]),
            GeneralOptions.helpOnly(),
        ],
        positional: ("SHARD.mbtiles|pmtiles", "inputs", { c, text in c.inputs.append(text) }),
        initial: MergeInvocation(),
        finish: { c in
            guard c.output != nil else { throw UsageError(option: "--output", message: "is required: the merged .mbtiles or .pmtiles file") }
            guard !c.inputs.isEmpty else { throw UsageError(option: "", message: "give the .mbtiles or .pmtiles files to merge") }
        },
        run: { c, console in run(c, console) })

    static func run(_ c: MergeInvocation, _ console: Console) -> ExitCode {
        // SIGTERM or SIGINT stops the copy between tiles and removes its partial output.
        TerminationSignals.catch()
        let code: ExitCode
        do {
            let s = try TileMerge.merge(c.inputs, into: c.output!, replacing: c.force)
            console.info("merge: \(s.tiles) tiles from \(s.inputs) files → \(c.output!)")
            code = .success
        } catch {
            code = CommandErrors.report(error, command: command, console)
        }
        if let signal = TerminationSignals.pending { TerminationSignals.endBySignal(signal) }
        return code
    }
}
