import Foundation

/// This program's own executable, to start worker processes of it.
enum SelfExecutable {
    static var path: String? {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return link }
        let argv0 = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        return argv0.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
    }
}
