import Foundation
import MapsnapKit
import Testing

/// Where mapsnap looks for its styles and data: beside the executable, in the checkout whose
/// `.build` holds it, then `$MAPSNAP_HOME`, and last the package MapsnapKit was compiled from
/// (for programs that depend on it through SwiftPM).
struct ResourceLocatorTests {
    struct Case: Sendable, CustomStringConvertible {
        let executable: String?
        let home: String?
        let expected: [ResourceLocation]
        var description: String { executable ?? "no executable" }
    }

    static func at(_ path: String, _ origin: ResourceLocation.Origin) -> ResourceLocation {
        ResourceLocation(root: URL(fileURLWithPath: path), origin: origin)
    }

    static let cases: [Case] = [
        .init(executable: "/usr/local/bin/mapsnap", home: nil, expected: [at("/usr/local/share/mapsnap", .installed)]),
        .init(executable: "/opt/m/bin/mapsnap", home: "/srv/mapsnap", expected: [at("/opt/m/share/mapsnap", .installed), at("/srv/mapsnap", .environment)]),
        .init(executable: "/src/repo/.build/x86_64-unknown-linux-gnu/release/mapsnap", home: nil,
              expected: [at("/src/repo/.build/x86_64-unknown-linux-gnu/share/mapsnap", .installed), at("/src/repo", .checkout)]),
        .init(executable: "/src/repo/.build/debug/mapsnapPackageTests.xctest", home: "",
              expected: [at("/src/repo/.build/share/mapsnap", .installed), at("/src/repo", .checkout)]),
        .init(executable: "/src/repo/.build-fuzz/release/mapsnap-fuzz", home: nil,
              expected: [at("/src/repo/.build-fuzz/share/mapsnap", .installed), at("/src/repo", .checkout)]),
        .init(executable: nil, home: "/srv/mapsnap/../m", expected: [at("/srv/m", .environment)]),
    ]

    @Test(arguments: cases)
    func candidatesInOrder(_ c: Case) {
        let env = c.home.map { ["MAPSNAP_HOME": $0] } ?? [:]
        #expect(ResourceLocator.candidates(executable: c.executable.map { URL(fileURLWithPath: $0) }, environment: env, packageSource: nil) == c.expected)
        // The package this library was compiled from comes last, once.
        let source = URL(fileURLWithPath: "/deps/mapsnap")
        #expect(ResourceLocator.candidates(executable: c.executable.map { URL(fileURLWithPath: $0) }, environment: env, packageSource: source)
                == c.expected + [Self.at("/deps/mapsnap", .packageSource)])
    }

    /// A program built against MapsnapKit as a dependency finds the package's files.
    @Test func aDependentProgramFindsThePackage() {
        #expect(ResourceLocator.packageSource?.appendingPathComponent("styles/light.json").path
                == URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("styles/light.json").standardizedFileURL.path)
        let elsewhere = URL(fileURLWithPath: "/srv/app/.build/debug/App")
        #expect(ResourceLocator.locate(executable: elsewhere, environment: [:])?.origin == .packageSource)
    }

    @Test func theFirstFolderThatHoldsTheStylesWins() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-locator-\(UUID().uuidString)")
        let installed = scratch.appendingPathComponent("share/mapsnap/styles"), home = scratch.appendingPathComponent("home/styles")
        for folder in [installed, home] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: folder.appendingPathComponent("light.json"))
        }
        let exe = scratch.appendingPathComponent("bin/mapsnap")
        let env = ["MAPSNAP_HOME": scratch.appendingPathComponent("home").path]
        #expect(ResourceLocator.locate(executable: exe, environment: env, packageSource: nil)?.origin == .installed)
        try FileManager.default.removeItem(at: installed)
        #expect(ResourceLocator.locate(executable: exe, environment: env, packageSource: nil)?.origin == .environment)
        #expect(ResourceLocator.locate(executable: exe, environment: [:], packageSource: nil) == nil)
    }

    /// The test bundle runs from `.build/`: the checkout around it holds the styles.
    @Test func theTestsFindTheCheckout() {
        #expect(ResourceLocator.location?.origin == .checkout)
        #expect(ResourceLocator.builtInStyles == ["bright", "dark", "light"])
    }
}
