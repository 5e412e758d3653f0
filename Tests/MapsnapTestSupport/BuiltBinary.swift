import Foundation

/// Where the end-to-end test suites (CLI, server, hostile input) find the repository and the
/// `mapsnap` binary that `swift build` made: beside the test bundle, else `.build/debug`.
public enum BuiltBinary {
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    public static var mapsnap: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("mapsnap"),
            Bundle.main.bundleURL.appendingPathComponent("mapsnap"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("mapsnap"),
            repositoryRoot.appendingPathComponent(".build/debug/mapsnap"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }
}
