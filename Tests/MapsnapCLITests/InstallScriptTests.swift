import Foundation
import Testing
import MapsnapTestSupport

/// `scripts/install.sh`: an installed mapsnap finds its styles and data relative to itself, with
/// no checkout around it, no environment and a bare name on PATH (as on a compute node or in a
/// container image).
@Suite(.serialized, .tags(.installation))
struct InstallScriptTests {
    /// Installs the built binary into a scratch prefix and moves the tree elsewhere, so that
    /// neither the checkout nor the prefix it was installed to is left to find.
    func installedElsewhere() throws -> (root: URL, scratch: URL) {
        let scratch = try CLIRunner.scratch()
        let prefix = scratch.appendingPathComponent("prefix")
        let install = try CLIRunner.run(["--prefix", prefix.path, "--binary", CLIRunner.binary.path],
                                        executable: CLIRunner.repositoryRoot.appendingPathComponent("scripts/install.sh").path)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("installed \(prefix.path)/bin/mapsnap and \(prefix.path)/share/mapsnap"), "\(install.stdout)")
        let moved = scratch.appendingPathComponent("elsewhere/opt")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: prefix, to: moved)
        #expect(!moved.path.hasPrefix(CLIRunner.repositoryRoot.path + "/"), "the checkout must not be an ancestor")
        return (moved, scratch)
    }

    /// Runs `mapsnap` by bare name with nothing but PATH (and `extra`) in its environment.
    func runClean(_ arguments: [String], path: String, extra: [String] = [], in dir: URL, name: String = "mapsnap") throws -> CLIRunner.Result {
        try CLIRunner.run(["-i", "PATH=\(path):/usr/bin:/bin"] + extra + [name] + arguments, in: dir, executable: "/usr/bin/env")
    }

    @Test func theInstalledTreeRendersAwayFromTheCheckout() throws {
        let (root, scratch) = try installedElsewhere()
        let bin = root.appendingPathComponent("bin").path
        let share = root.appendingPathComponent("share/mapsnap")
        for file in ["styles/light.json", "styles/dark.json", "styles/sprite/mapsnap.png", "data/monaco.mbtiles"] {
            #expect(FileManager.default.fileExists(atPath: share.appendingPathComponent(file).path), "\(file) is installed")
        }
        #expect(!FileManager.default.fileExists(atPath: share.appendingPathComponent("styles/source").path), "the style generators are not")

        let version = try runClean(["--version", "-v"], path: bin, in: scratch)
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.contains("executable: \(bin)/mapsnap\n"), "\(version.stdout)")
        #expect(version.stdout.contains("files: \(share.path) (installed beside the executable)\n"), "\(version.stdout)")
        #expect(version.stdout.contains("styles: bright, dark, light\n"), "\(version.stdout)")

        let out = scratch.appendingPathComponent("map.png")
        let render = try runClean(["--size", "200x150", "-o", out.path], path: bin, in: scratch)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(CLIRunner.pngSize(out)?.width == 200)
        let dark = try runClean(["--style", "dark", "--size", "200x150", "-o", out.path], path: bin, in: URL(fileURLWithPath: "/"))
        #expect(dark.status == 0, "\(dark.stderr)")
    }

    /// A binary copied alone names where it looked; MAPSNAP_HOME points it at the files.
    @Test func aBinaryWithoutItsFilesSaysWhereItLooked() throws {
        let (root, scratch) = try installedElsewhere()
        let alone = scratch.appendingPathComponent("alone/bin")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("bin/mapsnap"), to: alone.appendingPathComponent("mapsnap"))
        let out = scratch.appendingPathComponent("map.png")
        let lost = try runClean(["--size", "200x150", "-o", out.path], path: alone.path, in: scratch)
        #expect(lost.status == 2)
        #expect(lost.stderr == "mapsnap: error: --style: cannot load the built-in style 'light': mapsnap's styles/ and data/ are not installed beside it: looked in \(scratch.path)/alone/share/mapsnap (installed beside the executable) (MAPSNAP_HOME is not set); install with scripts/install.sh, set MAPSNAP_HOME to the folder that holds styles/ and data/, or give a path to a style JSON file\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let home = try runClean(["--size", "200x150", "-o", out.path], path: alone.path,
                                extra: ["MAPSNAP_HOME=\(root.path)/share/mapsnap"], in: scratch)
        #expect(home.status == 0, "\(home.stderr)")
        #expect(CLIRunner.pngSize(out)?.width == 200)
    }

    @Test func badArgumentsExitTwo() throws {
        let script = CLIRunner.repositoryRoot.appendingPathComponent("scripts/install.sh").path
        let unknown = try CLIRunner.run(["--prefx", "/tmp/x"], executable: script)
        #expect(unknown.status == 2 && unknown.stderr == "install: unknown argument '--prefx' (see --help)\n", "\(unknown.stderr)")
        let scratch = try CLIRunner.scratch()
        let missing = try CLIRunner.run(["--prefix", scratch.path, "--binary", scratch.appendingPathComponent("nope").path], executable: script)
        #expect(missing.status == 2 && missing.stderr == "install: --binary: \(scratch.path)/nope is not an executable file\n", "\(missing.stderr)")
    }
}
