import Foundation
import MapsnapCLI
import MapsnapServe

exit(MapsnapCLI.main(Array(CommandLine.arguments.dropFirst()), commands: MapsnapCLI.builtInCommands + [AnyCommand(ServeCommand.command)]))
