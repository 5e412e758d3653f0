import Foundation

/// Finds mapsnap's own files (the built-in `styles/` and the embedded `data/`): in
/// `$MAPSNAP_HOME`, next to the executable's package checkout (`.build/<config>/mapsnap`), or in
/// the source checkout this binary was built from.
public enum ResourceLocator {
    public static var root: URL? {
        var candidates: [URL] = []
        if let home = ProcessInfo.processInfo.environment["MAPSNAP_HOME"], !home.isEmpty {
            candidates.append(URL(fileURLWithPath: home))
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir)
            dir = dir.deletingLastPathComponent()
        }
        // Sources/MapsnapKit/ResourceLocator.swift → the checkout's root.
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent())
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("styles/light.json").path) }
    }

    public static var stylesFolder: URL? { root?.appendingPathComponent("styles") }
    public static var dataFolder: URL? { root?.appendingPathComponent("data") }

    /// The names of the built-in styles (`light`, `dark`, …).
    public static var builtInStyles: [String] {
        guard let folder = stylesFolder,
              let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }
}
