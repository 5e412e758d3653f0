import MapsnapKit

/// `mapsnap merge A.mbtiles B.mbtiles … -o ALL.mbtiles`
struct MergeInvocation: RequestContext {
    var request = MapRequest()
    var inputs: [String] = []
    var output: String?
}

enum MergeCommand {
    static let command = Command<MergeInvocation>(
        name: "merge",
        summary: "join the MBTiles of pyramid shards into one",
        usage: "mapsnap merge SHARD.mbtiles ... -o ALL.mbtiles",
        description: """
        Joins the MBTiles written by `mapsnap tiles --shard K/N` into one file (a new file; identical
        tiles stored once; bounds and zoom range the union of the inputs').
        """,
        groups: [
            OptionGroup("Output", [
                Option(["-o", "--output"], .required("ALL.mbtiles"), help: "the merged archive (must not exist yet)", field: "output") { c, text in
                    c.output = text
                },
            ]),
            GeneralOptions.helpOnly(),
        ],
        positional: ("SHARD.mbtiles", "inputs", { c, text in c.inputs.append(text) }),
        initial: MergeInvocation(),
        finish: { c in
            guard c.output != nil else { throw UsageError(option: "--output", message: "is required: the merged .mbtiles file") }
            guard !c.inputs.isEmpty else { throw UsageError(option: "", message: "give the .mbtiles files to merge") }
        },
        run: { c, console in run(c, console) })

    static func run(_ c: MergeInvocation, _ console: Console) -> ExitCode {
        do {
            let s = try TileMerge.merge(c.inputs, into: c.output!)
            console.info("merge: \(s.tiles) tiles from \(s.inputs) files → \(c.output!)")
            return .success
        } catch {
            return CommandErrors.report(error, command: command, console)
        }
    }
}
