import Foundation
import MapsnapKit

/// This program's own executable, to start worker processes of it.
enum SelfExecutable {
    static var path: String? {
        if let exe = ResourceLocator.executable { return exe.path }
        let argv0 = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        return argv0.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
    }
}
