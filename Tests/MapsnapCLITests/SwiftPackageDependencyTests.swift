import Foundation
import Testing
import MapsnapTestSupport

/// MapsnapKit used from another SwiftPM package, as the README shows it: a fresh package that
/// depends on this checkout by path builds the README's example and runs it with an empty
/// environment (no MAPSNAP_HOME), from a folder with no `output/` (`write(to:)` makes it). It
/// finds the built-in styles and data in the package it was compiled from.
@Suite(.serialized)
struct SwiftPackageDependencyTests {
    /// The dependency snippet the documents show (docs/swift-api.md) names the product and package
    /// that the fresh package below depends on.
    @Test func theDocumentsShowTheDependencyThisTestUses() {
        let snippets = Documents.all.flatMap { $0.blocks(language: "swift") }.filter { $0.hasPrefix("// Package.swift") }
        #expect(!snippets.isEmpty, "no document shows the Package.swift dependency")
        for snippet in snippets {
            #expect(snippet.contains(#".product(name: "MapsnapKit", package: "mapsnap")"#), "\(snippet)")
            #expect(snippet.contains(".package(url: "), "\(snippet)")
        }
    }

    @Test func theREADMEExampleRunsFromAFreshPackage() throws {
        let scratch = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The dependency by path, under the name the README's snippet uses.
        try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("mapsnap"), withDestinationURL: CLIRunner.repositoryRoot)
        let app = scratch.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "app",
                dependencies: [.package(path: "../mapsnap")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "MapsnapKit", package: "mapsnap")])]
            )
            """.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: CLIRunner.repositoryRoot.appendingPathComponent("examples/swift-api/main.swift"),
                                         to: app.appendingPathComponent("Sources/App/main.swift"))
        let swift = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/opt/swift/usr/bin/swift"
        let build = try CLIRunner.run(["build", "--package-path", app.path], executable: swift)
        #expect(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        let run = try CLIRunner.run(["-i", app.appendingPathComponent(".build/debug/App").path], in: app, executable: "/usr/bin/env")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("marker at "), "\(run.stdout)")
        #expect(CLIRunner.pngSize(app.appendingPathComponent("output/swift-api.png"))?.width == 1200)
    }
}
