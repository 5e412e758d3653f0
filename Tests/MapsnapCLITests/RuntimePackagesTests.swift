import Foundation
import Testing
import MapsnapTestSupport

/// The container image's runtime stage installs `scripts/runtime-packages.sh` on a bare
/// debian:bookworm-slim. No registry is reachable here to build it, so the list is checked where
/// it can be: every library the binary loads must come from a listed package or their
/// dependencies (`ldd`, `dpkg -S`), and the Containerfile must run the shared scripts.
@Suite(.serialized, .tags(.installation))
struct RuntimePackagesTests {
    static let script = CLIRunner.repositoryRoot.appendingPathComponent("scripts/check-runtime-packages.sh").path

    /// The release binary the image ships (Swift's runtime linked in) needs only the listed packages.
    @Test func theReleaseBinaryNeedsOnlyTheListedPackages() throws {
        let release = CLIRunner.repositoryRoot.appendingPathComponent(".build/release/mapsnap").path
        // scripts/test.sh builds it as the image does.
        guard FileManager.default.isExecutableFile(atPath: release) else {
            try TestEnvironment.skip("no \(release) (scripts/test.sh, setup.sh and install.sh build it)")
        }
        let needed = try CLIRunner.run(["-d", release], executable: "/usr/bin/readelf")
        guard !needed.stdout.contains("[libswiftCore.so]") else {
            try TestEnvironment.skip("\(release) links Swift's runtime dynamically (built without --static-swift-stdlib, unlike the image's)")
        }
        let r = try CLIRunner.run([release], executable: Self.script)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("check-runtime-packages: "), "\(r.stdout)")
    }

    /// The check can fail: a debug build loads Swift's runtime from the toolchain, no Debian package.
    @Test func aBinaryThatNeedsUnlistedLibrariesFails() throws {
        let r = try CLIRunner.run([CLIRunner.binary.path], executable: Self.script)
        #expect(r.status == 1)
        #expect(r.stdout.contains("library libswiftCore.so ("), "\(r.stdout)")
        #expect(r.stdout.contains(") belongs to no Debian package"), "\(r.stdout)")
        #expect(r.stderr.contains("problem(s) with scripts/runtime-packages.sh"), "\(r.stderr)")
    }

    @Test func theListNamesEachPackageOnce() throws {
        let r = try CLIRunner.run([], executable: CLIRunner.repositoryRoot.appendingPathComponent("scripts/runtime-packages.sh").path)
        let names = r.stdout.split(separator: "\n").map(String.init)
        #expect(r.status == 0 && names.count == Set(names).count && names.contains("libcairo2") && names.contains("fonts-noto-core"), "\(names)")
        #expect(!names.contains { $0.hasSuffix("-dev") }, "runtime packages only")
    }

    /// Emoji and pictographs in titles and labels come from a colour emoji font the runtime list
    /// installs (without one, Pango draws them as boxes): fontconfig finds a font for U+1F355.
    @Test func theRuntimeFontsCoverEmoji() throws {
        let names = try CLIRunner.run([], executable: CLIRunner.repositoryRoot.appendingPathComponent("scripts/runtime-packages.sh").path).stdout
        #expect(names.split(separator: "\n").contains("fonts-noto-color-emoji"))
        let r = try CLIRunner.run(["fc-list", ":charset=1f355", "family"], executable: "/usr/bin/env")
        #expect(r.status == 0 && r.stdout.contains("Emoji"), "no font covers U+1F355: \(r.stdout)")
    }

    /// Both stages run the repository's scripts (so the check above covers the image), the server
    /// is the default command, bound for a container, as a non-root user, with a health check.
    @Test func theContainerfileUsesTheSharedSteps() throws {
        let text = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("Containerfile"), encoding: .utf8)
        for needle in ["scripts/install-deps.sh", "scripts/install.sh --prefix /opt/mapsnap", "scripts/check-runtime-packages.sh /opt/mapsnap/bin/mapsnap",
                       "FROM debian:bookworm-slim", "$(sh /tmp/runtime-packages.sh)", "USER mapsnap", "/health",
                       "ENTRYPOINT [\"mapsnap\"]", "CMD [\"serve\", \"--bind\", \"0.0.0.0\", \"--port\", \"8080\"]", "HEALTHCHECK"] {
            #expect(text.contains(needle), "Containerfile lacks \(needle)")
        }
    }
}
