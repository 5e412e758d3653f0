import Foundation
import MapsnapFormats
import MapsnapCLI
import MapsnapServe

Trace.mark("main")
let code = MapsnapCLI.main(Array(CommandLine.arguments.dropFirst()), commands: MapsnapCLI.builtInCommands + [AnyCommand(ServeCommand.command)])
Trace.mark("returned")
exit(code)
