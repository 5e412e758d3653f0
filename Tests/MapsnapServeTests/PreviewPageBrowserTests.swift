import Foundation
import MapsnapFormats
import MapsnapKit
import Testing
import MapsnapTestSupport

/// The preview page in a real browser: headless Chromium (Debian's chromium and chromium-driver,
/// Selenium from PyPI in `.build/browser-venv`, which scripts/test.sh installs) opens it, waits for
/// the tiles and submits the static-image form; the test checks that every tile loaded, the
/// console is clean, the form's image came back and the screenshot is a map. Without a browser
/// the test is skipped (`TestEnvironment.skip`).
@Suite(.serialized, .tags(.browser))
struct PreviewPageBrowserTests {
    static let python: String? = {
        let candidates = [ProcessInfo.processInfo.environment["MAPSNAP_BROWSER_PYTHON"],
                          ServerProcess.repositoryRoot.appendingPathComponent(".build/browser-venv/bin/python").path].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
    static let browserInstalled = ["/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func thePreviewPageShowsEveryStyleAsAMap() throws {
        guard Self.browserInstalled else { try TestEnvironment.skip("chromium or chromedriver is not installed (Debian packages chromium, chromium-driver)") }
        guard let python = Self.python else { try TestEnvironment.skip("no Python with Selenium (scripts/test.sh makes .build/browser-venv)") }
        let dir = try ServerProcess.scratch()
        let server = try ServerProcess(["--style", "light", "--style", "dark", "--metatile", "4", "--jobs", "2"])
        let shot = dir.appendingPathComponent("preview.png").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [ServerProcess.repositoryRoot.appendingPathComponent("Tests/MapsnapServeTests/Browser/preview_page.py").path,
                       "--url", "http://127.0.0.1:\(server.port)/", "--screenshot", shot]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(errors)")
        guard case .object(let seen) = try JSONValue.parse(data) else { Issue.record("no result: \(errors)"); return }
        #expect(seen["maps"]?.integerValue == 2, "\(seen)")
        #expect((seen["tiles"]?.integerValue ?? 0) >= 8, "\(seen)")
        #expect(seen["loaded"] == seen["tiles"] && seen["broken"]?.integerValue == 0, "\(seen)")
        #expect(seen["errors"] == .array([]), "console errors: \(seen)")
        #expect(seen["staticWidth"]?.integerValue == 400 && seen["staticHeight"]?.integerValue == 300, "\(seen)")
        #expect(seen["staticURL"]?.stringValue?.hasPrefix("static?style=light&center=") == true, "\(seen)")

        // A map, not a blank page: many colours in the first map's area of the screenshot.
        let image = try RasterImage(pngFile: shot)
        var colours: Set<UInt32> = []
        for y in stride(from: 0, to: min(image.pixelHeight, 900), by: 7) {
            for x in stride(from: 0, to: image.pixelWidth, by: 7) {
                let c = image.rgba(x: x, y: y)
                colours.insert(UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))
            }
        }
        #expect(colours.count > 200, "only \(colours.count) colours in \(shot)")
        let kept = ServerProcess.repositoryRoot.appendingPathComponent(".build/preview-screenshot.png").path   // to look at
        try? FileManager.default.removeItem(atPath: kept)
        try? FileManager.default.copyItem(atPath: shot, toPath: kept)
        #expect(server.stop() == 0)
    }
}
