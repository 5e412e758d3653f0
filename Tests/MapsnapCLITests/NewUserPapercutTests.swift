import Foundation
import Testing
@testable import MapsnapCLI
@testable import MapsnapKit
import MapsnapRender

/// What a new user hits first, each tried as they would (issue 29's papercuts).
@Suite(.serialized)
struct NewUserPapercutTests {
    /// Run from anywhere, `mapsnap` writes `map.png` in the working folder.
    @Test func theDefaultOutputIsMapPNGInTheWorkingFolder() throws {
        let dir = try CLIRunner.scratch()
        let r = try CLIRunner.run(["--size", "120x90"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CLIRunner.pngSize(dir.appendingPathComponent("map.png"))?.width == 120)
        let help = try CLIRunner.run(["--help"])
        #expect(help.stdout.contains("default map.png in the working folder"), "\(help.stdout)")
    }

    /// `--compass auto|on|off`, a bare `--compass`, and the same words (or booleans) in manifests
    /// and query strings.
    @Test func compassWords() throws {
        for (words, mode) in [(["--compass"], Decorations.CompassMode.on), (["--compass", "on"], .on), (["--compass", "off"], .off),
                              (["--compass", "auto"], .auto), ([], .auto),] {
            let parsed = try ParsingTests.snapshot(words + ["--size", "10x10"])
            #expect(parsed.request.decorations.compass == mode, "\(words)")
        }
        // Manifests and query strings also take the older words and booleans.
        for (text, mode) in [("always", Decorations.CompassMode.on), ("never", .off), ("true", .on), ("false", .off)] {
            var r = MapRequest()
            try RequestField.named("compass")!.apply(text, to: &r)
            #expect(r.decorations.compass == mode, "\(text)")
        }
    }

    @Test func switchesTakeBooleansInManifestsAndQueries() throws {
        for (text, scaleBar) in [("true", ScaleBarUnits.metric), ("1", .metric), ("imperial", .imperial)] {
            var r = MapRequest()
            try RequestField.named("scale-bar")!.apply(text, to: &r)
            #expect(r.decorations.scaleBar == scaleBar, "\(text)")
        }
        var r = MapRequest()
        try RequestField.named("scale-bar")!.apply("false", to: &r)
        try RequestField.named("compass")!.apply("0", to: &r)
        try RequestField.named("collision-boxes")!.apply("true", to: &r)
        try RequestField.named("poi")!.apply("false", to: &r)
        #expect(r.decorations.scaleBar == nil && r.decorations.compass == .off && r.decorations.collisionBoxes && r.hidePointsOfInterest)
        // A manifest item with JSON booleans renders (it failed the item before).
        let dir = try CLIRunner.scratch()
        let manifest = dir.appendingPathComponent("m.jsonl")
        try Data(#"{"id": "s", "center": [43.7360, 7.4260], "size": [100, 80], "scale-bar": true, "compass": false, "attribution": false}"#.utf8)
            .write(to: manifest)
        let batch = try CLIRunner.run(["batch", manifest.path, "-o", dir.appendingPathComponent("out").path, "-q"])
        #expect(batch.status == 0, "\(batch.stderr)")
    }

    /// A single snapshot takes a title and a caption, in a band under the map, as batch items do.
    @Test func aSnapshotTakesATitleAndACaption() throws {
        let dir = try CLIRunner.scratch()
        let plain = dir.appendingPathComponent("plain.png"), titled = dir.appendingPathComponent("titled.png")
        #expect(try CLIRunner.run(["--size", "200x150", "-o", plain.path]).status == 0)
        let r = try CLIRunner.run(["--size", "200x150", "--title", "Visit 12", "--caption", "Port Hercule, 09:40", "-o", titled.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CLIRunner.pngSize(plain)?.height == 150)
        #expect((CLIRunner.pngSize(titled)?.height ?? 0) > 150, "the band is under the map")
        let pdf = dir.appendingPathComponent("titled.pdf")
        #expect(try CLIRunner.run(["--size", "200x150", "--title", "Visit 12", "-o", pdf.path]).status == 0)
        let tooLong = try CLIRunner.run(["--title", String(repeating: "x", count: 1001), "-o", dir.appendingPathComponent("x.png").path])
        #expect(tooLong.status == 2 && tooLong.stderr == "mapsnap: error: --title: is longer than the 1000 characters a text may have\n", "\(tooLong.stderr)")
    }
}
