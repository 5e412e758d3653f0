import Foundation
import MapsnapKit

/// `mapsnap [snapshot|tiles|merge] [options]`; `snapshot` is the default command.
let version = "0.2.0"
var words = Array(CommandLine.arguments.dropFirst())
let arguments: [String]
let commandName = ["snapshot", "tiles", "merge", "geocode", "batch"].contains(words.first ?? "") ? words.removeFirst() : "snapshot"

if words.contains("-h") || words.contains("--help") {
    switch commandName {
    case "tiles": Console.out(TilesCommand.help)
    case "merge": Console.out(MergeCommand.help)
    case "batch":
    exit(parsed(BatchCommand()) { (c: inout BatchCommand, a: inout ArgumentList) throws(UsageError) in try c.parse(&a) }.run().rawValue)
case "geocode": Console.out(GeocodeCommand.help)
    case "batch": Console.out(BatchCommand.help)
    default: Console.out(SnapshotCommand.help)
    }
    exit(ExitCode.success.rawValue)
}
arguments = words
if words.contains("--version") {
    Console.out("mapsnap \(version)")
    exit(ExitCode.success.rawValue)
}

/// Parses with `parse`, or exits 2 with the usage error.
func parsed<C>(_ command: C, _ parse: (inout C, inout ArgumentList) throws(UsageError) -> Void) -> C {
    var c = command
    var arguments = ArgumentList(arguments)
    do { try parse(&c, &arguments) } catch {
        Console.error(error.description)
        exit(ExitCode.badInput.rawValue)
    }
    return c
}

switch commandName {
case "tiles":
    exit(parsed(TilesCommand()) { (c: inout TilesCommand, a: inout ArgumentList) throws(UsageError) in try c.parse(&a) }.run().rawValue)
case "merge":
    exit(parsed(MergeCommand()) { (c: inout MergeCommand, a: inout ArgumentList) throws(UsageError) in try c.parse(&a) }.run().rawValue)
case "batch":
    exit(parsed(BatchCommand()) { (c: inout BatchCommand, a: inout ArgumentList) throws(UsageError) in try c.parse(&a) }.run().rawValue)
case "geocode":
    exit(parsed(GeocodeCommand()) { (c: inout GeocodeCommand, a: inout ArgumentList) throws(UsageError) in try c.parse(&a) }.run().rawValue)
default:
    var command = parsed(SnapshotCommand()) { (c: inout SnapshotCommand, a: inout ArgumentList) throws(UsageError) in try c.parse(&a) }
    exit(command.run().rawValue)
}
