import Foundation
import MapsnapGeo
import MapsnapRender
import Testing
@testable import MapsnapKit

/// `SnapshotJob`: the one way `mapsnap`, a batch item, the server and `Snapshotter.snapshot` read
/// a request's overlay files, on a thread of their own or in line.
@Suite(.serialized)
struct SnapshotJobTests {
    static let modes: [SnapshotJob.OverlayReading] = [.concurrent, .inLine]

    /// A GPX file in a fresh folder: one track of `points` fixes across the harbour, then tracks
    /// with no points (each a warning).
    static func gpx(_ name: String, points: Int = 20, emptyTracks: Int = 0) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-job-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var text = #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">"#
        if points > 0 {
            text += "<trk><trkseg>"
            for i in 0..<points {
                text += String(format: #"<trkpt lat="%.6f" lon="%.6f"></trkpt>"#, 43.7330 + Double(i) * 0.0002, 7.4200 + Double(i) * 0.0003)
            }
            text += "</trkseg></trk>"
        }
        text += String(repeating: "<trk><trkseg></trkseg></trk>", count: emptyTracks) + "</gpx>"
        let path = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func request(tracks: [String], center: Bool = true) -> MapRequest {
        var r = MapRequest()
        if center { r.center = LatLon(43.7360, 7.4260); r.meters = 900 }
        r.size = ImageSize(width: 160, height: 120)
        r.overlays.trackFiles = tracks
        return r
    }

    static let brokenStyle = RequestError("style", "no such style")

    /// When the style cannot be loaded and a file cannot be read, the file's error is the one
    /// thrown, whether the files were read alongside or in line, for an image or a document.
    @Test(arguments: modes, [false, true])
    func anOverlayFilesErrorComesBeforeTheStyles(_ mode: SnapshotJob.OverlayReading, _ document: Bool) throws {
        var r = Self.request(tracks: [try Self.gpx("fine.gpx"), "/nonexistent/mapsnap-missing.gpx"])
        r.vectorFormat = document ? .svg : nil
        let job = SnapshotJob(r, overlayFiles: mode)
        var loaded = false
        do {
            _ = try job.loading { () throws(RequestError) in loaded = true; throw Self.brokenStyle }
            Issue.record("no error")
        } catch {
            guard case .request(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.field.description == "tracks[1]", "\(e)")
        }
        #expect(loaded)
        // Asked again, the same error: the files are not read twice.
        #expect(throws: SnapshotError.self) { try job.overlays() }
        #expect(job.warnings.messages.isEmpty)
    }

    /// Readable files and a style that fails: the style's error is handed back, to be thrown.
    @Test(arguments: modes)
    func aStyleErrorIsHandedBackWhenTheFilesAreFine(_ mode: SnapshotJob.OverlayReading) throws {
        let job = SnapshotJob(Self.request(tracks: [try Self.gpx("fine.gpx")]), overlayFiles: mode)
        let opened = try job.loading { () throws(RequestError) in throw Self.brokenStyle }
        #expect(throws: Self.brokenStyle) { try opened.get() }
    }

    /// The files' warnings are said once each, in the order of the files, when the overlays are
    /// first needed: after the drawing's when the map was drawn while they were read, before the
    /// style's (said by the caller after `loading`) when the view is fitted to them. Their reports
    /// are heard once.
    @Test(arguments: modes, [false, true])
    func warningsAreSaidOnceInOrder(_ mode: SnapshotJob.OverlayReading, _ fitted: Bool) throws {
        let a = try Self.gpx("a.gpx", emptyTracks: 1), b = try Self.gpx("b.gpx", points: 0)
        let said = Said()
        let log = WarningLog(sink: { said.append($0) })
        let job = SnapshotJob(Self.request(tracks: [a, b], center: !fitted), overlayFiles: mode, warnings: log,
                              reports: { said.append("report: " + $0) })
        let snapshotter = try job.loading { () throws(RequestError) in try Snapshotter(StyleSelection()) }.get()
        log.warn("style loaded")
        let snapshot = try job.snapshot(with: snapshotter)
        _ = try job.overlays()
        let files = ["\(a): track 2 has no points", "\(b): no track, route or waypoint"]
        #expect(said.lines.filter { $0.hasPrefix("report: ") }.count == 1)
        let warned = said.lines.filter { !$0.hasPrefix("report: ") }
        // In line, the files are read once the style is loaded, before anything is drawn.
        #expect(warned == (fitted || mode == .inLine ? files + ["style loaded"] : ["style loaded"] + files))
        #expect(log.messages == warned)
        #expect(snapshot.camera.size == ImageSize(width: 160, height: 120))
    }

    /// A view fitted to a track read alongside shows all of it, and the bytes are those of the
    /// same request read in line (`Snapshotter.snapshot`); so are those of a view drawn while its
    /// files are read.
    @Test(arguments: [true, false])
    func readingAlongsideDrawsWhatReadingInLineDraws(_ fitted: Bool) throws {
        let r = Self.request(tracks: [try Self.gpx("fit.gpx")], center: !fitted)
        let snapshotter = try Snapshotter(StyleSelection())
        let job = SnapshotJob(r, overlayFiles: .concurrent)
        let snapshot = try job.snapshot(with: try job.loading { () throws(RequestError) in snapshotter }.get())
        if fitted {
            for i in [0, 19] {
                let p = snapshot.point(for: LatLon(43.7330 + Double(i) * 0.0002, 7.4200 + Double(i) * 0.0003))
                #expect(p.x > 0 && p.x < 160 && p.y > 0 && p.y < 120, "fix \(i) at \(p)")
            }
        }
        #expect(try snapshot.encoded() == snapshotter.snapshot(r).encoded())
    }
}

/// What a sink heard, in order.
private final class Said: @unchecked Sendable {
    private let lock = NSLock()
    private var said: [String] = []
    func append(_ s: String) { lock.withLock { said.append(s) } }
    var lines: [String] { lock.withLock { said } }
}
