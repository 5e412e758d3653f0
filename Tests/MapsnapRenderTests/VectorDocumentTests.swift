import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles
import Testing
@testable import MapsnapRender

/// PDF and SVG documents through Cairo's vector surfaces: pages, text that stays text, errors.
struct VectorDocumentTests {
    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// A page with a fill, a stroke and a label drawn the way painters draw them.
    func drawSample(on canvas: Canvas, engine: TextEngine) {
        canvas.paint(Color(r: 0.9, g: 0.9, b: 0.85, a: 1))
        canvas.withSavedState {
            canvas.newPath()
            canvas.appendPolyline([Point(x: 10, y: 10), Point(x: 190, y: 90)])
            cairo_set_line_width(canvas.cr, 4)
            canvas.setColor(Color(r: 1, g: 0.5, b: 0, a: 1))
            cairo_stroke(canvas.cr)
            let label = engine.shape("Harbour", font: ["Noto Sans Regular"], size: 14)
            canvas.appendText(label, at: Point(x: 20, y: 40))
            canvas.setColor(Color(r: 0, g: 0, b: 0, a: 1))
            canvas.fillText()
        }
    }

    @Test func aPDFCanvasDrawsVectorsAndText() throws {
        let (document, bytes) = VectorDocument.inMemory(.pdf)
        let engine = TextEngine()
        try document.page(width: 200, height: 100, pixelRatio: 1) { canvas in
            #expect(canvas.isVector && canvas.width == 200 && canvas.height == 100)
            drawSample(on: canvas, engine: engine)
        }
        try document.finish()
        let pdf = text(bytes())
        #expect(pdf.hasPrefix("%PDF-"))
        #expect(pdf.contains("/MediaBox [ 0 0 200 100 ]") && pdf.contains("/Count 1"))
        #expect(pdf.contains("/Type /Font"), "the label is text, with its font embedded")
        #expect(!pdf.contains("/Subtype /Image"), "nothing was drawn as a bitmap")
    }

    @Test func everyPageHasItsOwnSizeAndLabel() throws {
        let (document, bytes) = VectorDocument.inMemory(.pdf)
        for (w, h, label) in [(200.0, 100.0, "one"), (300.0, 250.0, "two")] {
            try document.page(width: w, height: h, mapHeight: h - 50, pixelRatio: 2, label: label) { canvas in
                #expect(canvas.height == h - 50 && canvas.pixelWidth == Int(w) * 2)
                canvas.paint(Color(r: 1, g: 1, b: 1, a: 1))
            }
        }
        #expect(document.pageCount == 2)
        try document.finish()
        let pdf = text(bytes())
        #expect(pdf.contains("/MediaBox [ 0 0 200 100 ]") && pdf.contains("/MediaBox [ 0 0 300 250 ]") && pdf.contains("/Count 2"))
        #expect(pdf.contains("/Title (one)") && pdf.contains("/Title (two)"), "each page is in the outline")
    }

    @Test func anSVGIsXMLWithPathsAndHasOnePage() throws {
        let (document, bytes) = VectorDocument.inMemory(.svg)
        let engine = TextEngine()
        try document.page(width: 200, height: 100, pixelRatio: 1) { drawSample(on: $0, engine: engine) }
        #expect(throws: RenderError.vectorOutputFailed(format: "svg", reason: "an SVG document has one page")) {
            try document.page(width: 200, height: 100, pixelRatio: 1) { _ in }
        }
        try document.finish()
        let svg = text(bytes())
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<svg") && svg.contains(#"width="200""#) && svg.contains("<path"))
        #expect(!svg.contains("<image"))
    }

    @Test func theSinksErrorFailsTheDocument() {
        let document = VectorDocument(format: .pdf) { _ throws(RenderError) in throw .cannotWrite(path: "r.pdf", reason: "No space left on device") }
        #expect(throws: RenderError.cannotWrite(path: "r.pdf", reason: "No space left on device")) {
            try document.page(width: 10, height: 10, pixelRatio: 1) { $0.paint(Color(r: 1, g: 0, b: 0, a: 1)) }
            try document.finish()
        }
    }

    @Test func aDocumentWithoutPagesIsAnError() {
        let (document, _) = VectorDocument.inMemory(.pdf)
        #expect(throws: RenderError.vectorOutputFailed(format: "pdf", reason: "the document has no page")) { try document.finish() }
    }
}

/// A style drawn on a vector page: lines, fills, circles and labels as vectors and text; only
/// what MapLibre shades per pixel (a line pattern) is an embedded image.
struct VectorMapTests {
    static let geometry = #"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"name": "Quai"}, "geometry": {"type": "LineString", "coordinates": [[-0.01, -0.01], [0.01, 0.005]]}},
          {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[-0.01, 0], [0, 0.01], [0.01, 0], [-0.01, 0]]]}},
          {"type": "Feature", "properties": {"name": "Port"}, "geometry": {"type": "Point", "coordinates": [0.002, -0.004]}}]}
        """#

    func renderer(extraLayers: String = "") throws -> MapRenderer {
        let style = try StyleDocument.parse(Data(#"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": \#(Self.geometry)}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#eee"}},
                        {"id": "f", "type": "fill", "source": "g", "filter": ["==", "$type", "Polygon"], "paint": {"fill-color": "#9cf", "fill-outline-color": "#036"}},
                        {"id": "l", "type": "line", "source": "g", "filter": ["==", "$type", "LineString"],
                         "paint": {"line-color": "#c60", "line-width": 6, "line-dasharray": [2, 1], "line-offset": 3}},
                        {"id": "c", "type": "circle", "source": "g", "paint": {"circle-radius": 5, "circle-color": "rgba(255,0,0,0.5)", "circle-stroke-width": 2}},
                        {"id": "t", "type": "symbol", "source": "g", "layout": {"text-field": "{name}", "text-font": ["Noto Sans Regular"]}}\#(extraLayers)]}
            """#.utf8), baseURL: nil, fileName: "test.json")
        guard case .geojson(let definition)? = style.sources["g"] else { throw CocoaError(.featureUnsupported) }
        let sprite = try SpriteFixture.sheet(name: "stripe", size: 8) { x, _ in x < 4 ? 0xff00_80ff : 0xffff_ffff }
        return MapRenderer(style: style, sources: ["g": try GeoJSONVectorSource(definition: definition)], sprites: [sprite])
    }

    func document(_ format: VectorFormat, _ renderer: MapRenderer) throws -> String {
        let camera = Camera(center: LatLon(0, 0), zoom: 14, size: ImageSize(width: 300, height: 200))
        let (document, bytes) = VectorDocument.inMemory(format)
        try document.page(width: 300, height: 200, pixelRatio: 1) { (canvas) throws(RenderError) in try renderer.draw(camera, on: canvas) }
        try document.finish()
        return String(decoding: bytes(), as: UTF8.self)
    }

    @Test func aMapPageIsVectorsAndText() throws {
        let pdf = try document(.pdf, try renderer())
        #expect(pdf.hasPrefix("%PDF-") && pdf.contains("/Type /Font"))
        #expect(!pdf.contains("/Subtype /Image"), "lines, fills, circles and labels are vectors")
        let svg = try document(.svg, try renderer())
        #expect(svg.contains("<path") && !svg.contains("<image"))
    }

    @Test func aLinePatternIsAnEmbeddedImage() throws {
        let pattern = #", {"id": "p", "type": "line", "source": "g", "filter": ["==", "$type", "LineString"], "paint": {"line-pattern": "stripe", "line-width": 8}}"#
        let pdf = try document(.pdf, try renderer(extraLayers: pattern))
        #expect(pdf.contains("/Subtype /Image"))
    }
}
