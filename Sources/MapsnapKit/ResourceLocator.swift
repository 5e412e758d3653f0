import Foundation
import Synchronization

/// Finds mapsnap's own files (the built-in `styles/` with their sprites, and the embedded `data/`)
/// from where the running executable really is: a binary copied to another machine must not
/// depend on the checkout it was built in.
///
/// In order: the install layout beside the executable (`PREFIX/bin/mapsnap` →
/// `PREFIX/share/mapsnap`, as `scripts/install.sh` lays it out), the package checkout a SwiftPM
/// build runs from (the binaries and test bundles under `.build/` or another `.build-*` build
/// path, whose parent is the checkout), then `$MAPSNAP_HOME` (for a binary copied somewhere
/// alone), and last, for programs that use MapsnapKit as a library, the mapsnap package it was
/// compiled from, when it is still there: a program that depends on MapsnapKit through SwiftPM
/// runs from its own `.build`, and the package's checkout (`.package(path:)`, or
/// `.build/checkouts/` for `.package(url:)`) holds the files. mapsnap's own command never looks
/// there (`commandLineOnly()`): an installed or copied `mapsnap` behaves the same on the machine
/// it was built on as on any other.
public enum ResourceLocator {
    private static let packageSourceAllowed = Mutex(true)

    /// For mapsnap's own executable, before anything is looked up: only places relative to the
    /// executable and `$MAPSNAP_HOME`, never the package's compiled-in checkout.
    public static func commandLineOnly() {
        packageSourceAllowed.withLock { $0 = false }
    }

    /// The running executable with every symlink resolved (`/proc/self/exe`). Not argv[0]: a bare
    /// name found on PATH would resolve against the working folder.
    public static var executable: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return URL(fileURLWithPath: path)
    }

    /// The folders looked in, in order, each with the layout it stands for.
    public static func candidates(executable: URL?, environment: [String: String],
                                  packageSource: URL? = packageSource) -> [ResourceLocation] {
        var out: [ResourceLocation] = []
        if let exe = executable {
            let bin = exe.deletingLastPathComponent()
            out.append(ResourceLocation(root: bin.deletingLastPathComponent().appendingPathComponent("share/mapsnap"), origin: .installed))
            var dir = bin
            while dir.path != "/" && !dir.path.isEmpty {
                if dir.lastPathComponent.hasPrefix(".build") {   // .build, or a --build-path such as .build-fuzz
                    out.append(ResourceLocation(root: dir.deletingLastPathComponent(), origin: .checkout))
                    break
                }
                dir = dir.deletingLastPathComponent()
            }
        }
        if let home = environment["MAPSNAP_HOME"], !home.isEmpty {
            out.append(ResourceLocation(root: URL(fileURLWithPath: home), origin: .environment))
        }
        if let packageSource, !out.contains(where: { $0.root.standardizedFileURL.path == packageSource.standardizedFileURL.path }) {
            out.append(ResourceLocation(root: packageSource, origin: .packageSource))
        }
        return out
    }

    /// The root of the mapsnap package this file was compiled in (`Sources/MapsnapKit/` is two
    /// folders below it).
    public static let packageSource: URL? = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first candidate that holds the default style, or nil.
    public static func locate(executable: URL?, environment: [String: String], packageSource: URL? = packageSource) -> ResourceLocation? {
        candidates(executable: executable, environment: environment, packageSource: packageSource).first { $0.holdsBuiltInStyles }
    }

    /// Where this process found its files (looked up once: neither the executable nor its
    /// environment's MAPSNAP_HOME changes while it runs).
    public static let location: ResourceLocation? = locate(executable: executable, environment: ProcessInfo.processInfo.environment,
                                                           packageSource: allowedPackageSource)

    /// Where this process looked, for messages when nothing was found.
    public static var searched: [ResourceLocation] {
        candidates(executable: executable, environment: ProcessInfo.processInfo.environment, packageSource: allowedPackageSource)
    }

    private static var allowedPackageSource: URL? { packageSourceAllowed.withLock { $0 } ? packageSource : nil }

    public static var root: URL? { location?.root }
    public static var stylesFolder: URL? { root?.appendingPathComponent("styles") }
    public static var dataFolder: URL? { root?.appendingPathComponent("data") }

    /// The names of the built-in styles (`light`, `dark`, …).
    public static var builtInStyles: [String] {
        guard let folder = stylesFolder,
              let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Why no built-in style can be loaded, naming the places looked in (for the `style` error).
    public static var notFoundReason: String {
        let places = searched.map { "\($0.root.path) (\($0.origin.summary))" }
        let env = ProcessInfo.processInfo.environment["MAPSNAP_HOME"].map { $0.isEmpty ? " (MAPSNAP_HOME is empty)" : "" } ?? " (MAPSNAP_HOME is not set)"
        return "mapsnap's styles/ and data/ are not installed beside it: looked in "
            + (places.isEmpty ? "no place" : places.joined(separator: ", ")) + env
            + "; install with scripts/install.sh, set MAPSNAP_HOME to the folder that holds styles/ and data/, or give a path to a style JSON file"
    }
}
