import Foundation
import MapsnapKit

/// `mapsnap [command] [options]`; `snapshot` is the default command.
let version = "0.1.0"
var words = Array(CommandLine.arguments.dropFirst())
if words.first == "snapshot" { words.removeFirst() }

if words.contains("-h") || words.contains("--help") {
    Console.out(SnapshotCommand.help)
    exit(ExitCode.success.rawValue)
}
if words.contains("--version") {
    Console.out("mapsnap \(version)")
    exit(ExitCode.success.rawValue)
}
var command = SnapshotCommand()
var arguments = ArgumentList(words)
do {
    try command.parse(&arguments)
} catch {
    Console.error(error.description)
    exit(ExitCode.badInput.rawValue)
}
exit(command.run().rawValue)
