import MapsnapGeo
import Testing
@testable import MapsnapCLI
@testable import MapsnapKit

/// The command line parsed in-process: arguments in, the request (or the error text) out.
struct ParsingTests {
    static func snapshot(_ words: [String]) throws -> SnapshotInvocation {
        try ArgumentParser(command: SnapshotCommand.command).parse(words)
    }

    static func errorText(_ words: [String]) -> String? {
        if case .usageError(let e) = MapsnapCLI.parse(words) { return e.description }
        return nil
    }

    static func helpText(_ words: [String]) -> String? {
        if case .text(let t) = MapsnapCLI.parse(words) { return t }
        return nil
    }

    @Test func optionsFillInTheRequest() throws {
        let c = try Self.snapshot(["--center", "43.7,7.4", "--meters=500", "--size", "600x400", "--scale", "2", "--bearing", "30",
                                   "--marker", "43.71,7.41,red,Home,A", "--circle", "43.72,7.42,150", "--user", "43.73,7.43,25,90",
                                   "--reduced-accuracy", "--track", "walk.gpx", "--overlay", "zones.geojson", "--style", "dark",
                                   "--tiles", "data/", "--source", "omt=x.mbtiles", "--sprite", "s/sprite", "--no-attribution",
                                   "--scale-bar", "--compass", "--poi", "none", "--coords", "gcj02", "--png", "fast", "-o", "out/m.png", "-q"])
        let r = c.request
        #expect(r.center == LatLon(43.7, 7.4) && r.meters == 500 && r.size == ImageSize(width: 600, height: 400))
        #expect(r.pixelRatio == 2 && r.bearing == 30)
        #expect(r.overlays.markers.map(\.title) == ["Home"] && r.overlays.markers[0].glyph == "A")
        #expect(r.overlays.circles.map(\.radiusMeters) == [150])
        #expect(r.overlays.userLocation?.headingDegrees == 90 && r.overlays.reducedAccuracy)
        #expect(r.overlays.trackFiles == ["walk.gpx"] && r.overlays.geoJSONFiles == ["zones.geojson"])
        #expect(r.style == StyleSelection(style: .named("dark"), tiles: ["data/"], sources: ["omt": "x.mbtiles"], sprite: "s/sprite"))
        #expect(!r.decorations.attribution && r.decorations.scaleBar == .metric && r.decorations.compass == .on)
        #expect(r.hidePointsOfInterest && r.coordinateSystem == .gcj02 && r.encoding == ImageEncoding(format: .png, pngCompression: .fast))
        #expect(c.output == "out/m.png" && c.quiet && !c.verbose)
    }

    @Test func repeatedOptionsKeepTheLastValueOrAddUp() throws {
        let c = try Self.snapshot(["--meters", "500", "--meters", "600", "--marker", "1,2", "--marker", "3,4", "--scale-bar", "imperial"])
        #expect(c.request.meters == 600)
        #expect(c.request.overlays.markers.map(\.coordinate) == [LatLon(1, 2), LatLon(3, 4)])
        #expect(c.request.decorations.scaleBar == .imperial)
    }

    @Test func markerIconsAreMarkersToo() throws {
        let c = try Self.snapshot(["--marker", "1,2", "--marker-icon", "43.7,7.4,pin.png,center,0.5"])
        let icon = try #require(c.request.overlays.markers.last?.icon)
        #expect(icon == MarkerIcon(path: "pin.png", anchor: .center, scale: 0.5))
    }

    struct Bad: Sendable, CustomStringConvertible {
        let words: [String]
        let message: String
        var description: String { words.joined(separator: " ") }
    }

    static let bad: [Bad] = [
        .init(words: ["--meters"], message: "--meters: needs a value"),
        .init(words: ["--meters", "-o", "x.png"], message: "--meters: needs a value"),
        .init(words: ["--meters", "nan"], message: "--meters: 'nan' is not a number"),
        .init(words: ["--meters", "-50"], message: "--meters: must be greater than 0, got -50"),
        .init(words: ["--meters", "500", "--zoom", "15"], message: "--zoom: give either --meters or --zoom, not both"),
        .init(words: ["--fit", "--zoom", "15"], message: "--fit: give either --fit or --zoom, not both"),
        .init(words: ["--pitch", "75"], message: "--pitch: must be 0 to 60 degrees, got 75"),
        .init(words: ["--frobnicate"], message: "--frobnicate: unknown option (see mapsnap --help)"),
        .init(words: ["stray"], message: "stray: unexpected argument (see mapsnap --help)"),
        .init(words: ["--fit=yes"], message: "--fit: takes no value, got 'yes'"),
        .init(words: ["--marker", "95,7"], message: "--marker: latitude 95 is outside -90...90"),
        .init(words: ["--marker", "1,2,3,4,5,6"], message: "--marker: '1,2,3,4,5,6' is not LAT,LON[,COLOR[,TITLE[,GLYPH]]] (a title with commas needs --overlay)"),
        .init(words: ["--marker-icon", "1,2,pin.png,middle"], message: "--marker-icon: 'middle' is not one of center, left, right, top, bottom, top-left, top-right, bottom-left, bottom-right"),
        .init(words: ["--marker-icon", "1,2,pin.png,center,99"], message: "--marker-icon: must be between 0.01 and 16, got 99"),
        .init(words: ["--circle", "1,2,-5"], message: "--circle: radius must be greater than 0 and at most 20,000 km, got -5 m"),
        .init(words: ["--source", "x.mbtiles"], message: "--source: 'x.mbtiles' is not NAME=PATH.mbtiles"),
        .init(words: ["--coords", "utm"], message: "--coords: 'utm' is not one of wgs84, gcj02"),
        .init(words: ["-o", "map.gif"], message: "-o: 'map.gif' must end in .png, .webp, .jpg, .jpeg, .pdf or .svg"),
        .init(words: ["tiles", "-o", "x.mbtiles"], message: "--zoom: is required, e.g. --zoom 12-16"),
        .init(words: ["tiles", "--zoom", "12", "--jobs", "0", "-o", "x"], message: "--jobs: must be a whole number from 1 to 256, got 0"),
        .init(words: ["tiles", "--zoom", "12", "--meters", "5", "-o", "x"], message: "--meters: unknown option (see mapsnap tiles --help)"),
        .init(words: ["tiles", "--zoom", "12", "--bbox", "7.4,43.7,7.5,95", "-o", "x"], message: "--bbox: latitude 95 is outside -90...90"),
        .init(words: ["batch"], message: "give the manifest file (JSON Lines or CSV)"),
        .init(words: ["batch", "a.jsonl", "b.jsonl"], message: "b.jsonl: unexpected argument: the manifest is a.jsonl"),
        .init(words: ["batch", "a.jsonl", "--size", "big"], message: "--size: 'big' is not WIDTHxHEIGHT (e.g. 1024x768)"),
        .init(words: ["geocode"], message: "give the point as LAT,LON (latitude first)"),
        .init(words: ["geocode", "95,7"], message: "95,7: latitude 95 is outside -90...90"),
        .init(words: ["merge", "a.mbtiles"], message: "--output: is required: the merged .mbtiles or .pmtiles file"),
        .init(words: ["merge", "-o", "all.mbtiles"], message: "give the .mbtiles or .pmtiles files to merge"),
    ]

    @Test(arguments: bad)
    func badCommandLinesAreNamed(_ c: Bad) {
        #expect(Self.errorText(c.words) == c.message)
    }

    /// `-h`/`--help` anywhere prints that command's help; `--version` the version.
    @Test(arguments: [
        (["--help"], "Usage: mapsnap [COMMAND] [options]"),
        (["-h"], "Commands:"),
        (["snapshot", "--help"], "Usage: mapsnap [snapshot] [options]"),
        (["--center", "1,2", "-h"], "Usage: mapsnap [COMMAND] [options]"),
        (["tiles", "-h"], "Usage: mapsnap tiles --zoom Z1-Z2"),
        (["tiles", "--zoom", "bogus", "--help"], "Usage: mapsnap tiles"),
        (["batch", "--help"], "Usage: mapsnap batch MANIFEST"),
        (["batch", "x.jsonl", "-h"], "Usage: mapsnap batch MANIFEST"),
        (["geocode", "--help"], "Usage: mapsnap geocode LAT,LON"),
        (["merge", "--help"], "Usage: mapsnap merge SHARD.mbtiles"),
        (["--version"], "mapsnap 0.3.0"),
        (["batch", "--version"], "mapsnap 0.3.0"),
    ])
    func helpAndVersion(words: [String], start: String) {
        let text = Self.helpText(words)
        #expect(text?.contains(start) == true, "\(words): \(text ?? "nil")")
    }

    /// The help is generated from the declarations: every option of every command is in it.
    @Test func helpListsEveryDeclaredOption() {
        for c in MapsnapCLI.builtInCommands {
            let text = c.help
            #expect(text.contains("Usage: mapsnap"))
            let command = MapsnapCLI.parse([c.name, "--help"])
            guard case .text(let t) = command else { Issue.record("\(c.name): no help"); continue }
            #expect(t == text)
        }
        let help = SnapshotCommand.command
        for option in help.options { #expect(AnyCommand(help).help.contains(option.synopsis), "\(option.synopsis)") }
    }

    @Test func tilesTakesTheSharedStyleAndDataOptions() throws {
        let c = try ArgumentParser(command: TilesCommand.command).parse(["--zoom", "12-14", "-o", "x.mbtiles", "--style", "dark",
                                                                          "--tiles", "data/andorra.mbtiles", "--png", "small", "--scale", "2"])
        #expect(c.pyramid.style == StyleSelection(style: .named("dark"), tiles: ["data/andorra.mbtiles"]))
        #expect(c.pyramid.zooms == 12...14 && c.pyramid.encoding.pngCompression == .small && c.pyramid.scale == 2)
    }

    /// Batch options are every item's defaults, the same options as a snapshot's.
    @Test func batchOptionsAreItemDefaults() throws {
        let c = try ArgumentParser(command: BatchCommand.command).parse(["m.jsonl", "--size", "800x600", "--source", "omt=x.mbtiles",
                                                                          "--sprite", "sp", "--scale-bar", "--jobs", "3"])
        #expect(c.batch.manifest == "m.jsonl" && c.batch.jobs == 3)
        #expect(c.batch.defaults.size == ImageSize(width: 800, height: 600))
        #expect(c.batch.defaults.style.sources == ["omt": "x.mbtiles"] && c.batch.defaults.style.sprite == "sp")
        #expect(c.batch.defaults.decorations.scaleBar == .metric)
    }
}
