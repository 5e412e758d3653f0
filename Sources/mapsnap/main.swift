import Foundation
import MapsnapCLI

exit(MapsnapCLI.main(Array(CommandLine.arguments.dropFirst())))
