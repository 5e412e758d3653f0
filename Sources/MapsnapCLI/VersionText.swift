import Foundation
import MapsnapKit

/// `mapsnap --version` and, with `-v`, where this binary is and where it found its built-in
/// styles and data (the first thing to check when an installed copy says a style is unknown).
enum VersionText {
    static func text(version: String, verbose: Bool) -> String {
        var lines = ["mapsnap \(version)"]
        guard verbose else { return lines[0] }
        lines.append("executable: \(ResourceLocator.executable?.path ?? "unknown (no /proc/self/exe)")")
        if let found = ResourceLocator.location {
            lines.append("files: \(found.root.path) (\(found.origin.summary))")
            lines.append("styles: \(ResourceLocator.builtInStyles.joined(separator: ", "))")
            let data = (try? FileManager.default.contentsOfDirectory(atPath: found.root.appendingPathComponent("data").path)) ?? []
            lines.append("data: \(data.filter { $0.hasSuffix(".mbtiles") || $0.hasSuffix(".pmtiles") }.sorted().joined(separator: ", "))")
        } else {
            lines.append("files: not found; \(ResourceLocator.notFoundReason)")
        }
        return lines.joined(separator: "\n")
    }
}
