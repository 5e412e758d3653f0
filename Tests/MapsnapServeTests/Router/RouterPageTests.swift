import Foundation
import MapsnapFormats
@testable import MapsnapServe
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// In-process: the pages answered from memory: the style list, TileJSON, WMTS, the preview page
/// and Leaflet's files; their links follow the request's Host, else the address listened on.
struct RouterPageTests {
    @Test func theStyleListLinksThroughTheHostAsked() throws {
        let r = try InProcessServer.shared.get().send("/styles", headers: ["Host": "maps.example.org:9000"])
        #expect(r.status == 200 && r.header("Content-Type") == "application/json" && r.header("Cache-Control") == "no-store")
        #expect(r.header("Vary") == "Host, X-Forwarded-Host, X-Forwarded-Proto")
        guard case .array(let styles) = try JSONValue.parse(r.body), case .object(let light)? = styles.first else { Issue.record("not a list of styles: \(r.bodyText)"); return }
        #expect(styles.count == 1 && light["id"]?.stringValue == "light")
        #expect(light["tiles"]?.stringValue == "http://maps.example.org:9000/styles/light/{z}/{x}/{y}.png")
    }

    @Test func tileJSONAndWMTSLinkToTheAddressListenedOnWithoutAHost() throws {
        let server = try InProcessServer.shared.get()
        let tileJSON = server.send("/styles/light.json")
        #expect(tileJSON.status == 200 && tileJSON.header("Content-Type") == "application/json")
        #expect(tileJSON.header("ETag") == EntityTag.of(tileJSON.body) && tileJSON.header("Cache-Control") == "public, max-age=600")
        #expect(tileJSON.bodyText.contains("\"http://127.0.0.1:8080/styles/light/{z}/{x}/{y}.png\""), "\(tileJSON.bodyText)")
        let wmts = server.send("/styles/light/wmts.xml")
        #expect(wmts.status == 200 && wmts.header("Content-Type") == "application/xml; charset=utf-8")
        #expect(XMLParser(data: wmts.body).parse(), "WMTS is not well-formed XML")
        #expect(wmts.bodyText.contains("template=\"http://127.0.0.1:8080/styles/light/{TileMatrix}/{TileCol}/{TileRow}.png\""))
        for target in ["/styles/nope.json", "/styles/nope/wmts.xml"] {
            let r = server.send(target)
            #expect(r.status == 404 && r.bodyText == "style 'nope' is not served (styles: light)\n")
        }
    }

    @Test func thePreviewPageLoadsLeafletFromTheServer() throws {
        let server = try InProcessServer.shared.get()
        let page = server.send("/")
        #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8" && page.header("Cache-Control") == "public, max-age=60")
        #expect(page.bodyText.contains("<script src=\"leaflet/leaflet.js\"></script>"))
        for (name, contents, type) in [("leaflet.js", LeafletFixture.script, "text/javascript; charset=utf-8"),
                                       ("leaflet.css", LeafletFixture.stylesheet, "text/css; charset=utf-8")] {
            let r = server.send("/leaflet/" + name)
            #expect(r.status == 200 && r.bodyText == contents && r.header("Content-Type") == type && r.header("Cache-Control") == "public, max-age=600")
        }
        let missing = server.send("/leaflet/images/layers.png")   // a file Leaflet has, absent from the fixture
        #expect(missing.status == 404 && missing.bodyText == "no such file: /leaflet/images/layers.png\n")
    }
}
