import Foundation
import MapsnapFormats
import MapsnapKit
import MapsnapCLI

Trace.mark("main")
// An installed or copied mapsnap finds its files relative to itself, never in the checkout it was built from.
ResourceLocator.commandLineOnly()
let code = MapsnapCLI.main(Array(CommandLine.arguments.dropFirst()), commands: MapsnapCLI.builtInCommands + [AnyCommand(ServeCommand.command)])
Trace.mark("returned")
exit(code)
