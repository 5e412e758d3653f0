/// Shorthands the case tables share.
enum Cmd {
    /// A small snapshot to {out}/map.png; the case's arguments come after the defaults, and the
    /// last value of an option wins.
    static func snap(_ arguments: String...) -> [String] { ["--size", "256x256"] + arguments + ["-o", "{out}/map.png"] }
    static func snap(_ arguments: [String]) -> [String] { ["--size", "256x256"] + arguments + ["-o", "{out}/map.png"] }

    /// Monaco's harbour, one zoom level: a handful of tiles.
    static let harbour = "7.415,43.728,7.432,43.740"

    /// A small pyramid to {out}/t.mbtiles (the case's arguments override the defaults).
    static func tiles(_ arguments: String...) -> [String] { tiles(into: "{out}/t.mbtiles", arguments) }
    static func tiles(into output: String, _ arguments: [String] = []) -> [String] {
        ["tiles", "--bbox", harbour, "--zoom", "15", "--jobs", "2"] + arguments + ["-o", output]
    }

    /// A batch of the manifest {in}/NAME into {out}.
    static func batch(_ manifest: String, _ arguments: String...) -> [String] {
        ["batch", "{in}/\(manifest)", "--size", "128x128", "--jobs", "2"] + arguments + ["-o", "{out}"]
    }

    static let map = HostileCase.Expect.fine(outputs: ["map.png"])
    static let archive = HostileCase.Expect.fine(outputs: ["t.mbtiles"])
}

extension HostileCase.Expect {
    /// Taken (and drawn) or refused naming the option: both keep the contract.
    static func mapOrBadInput(_ mentions: [String]) -> Self { .either(.fine(outputs: ["map.png"]), .badInput(mentions)) }
}
