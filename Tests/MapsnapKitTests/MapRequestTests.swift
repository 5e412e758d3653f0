import MapsnapGeo
import MapsnapOverlays
import Testing
@testable import MapsnapKit

struct MapRequestTests {
    struct Case: Sendable, CustomStringConvertible {
        let change: @Sendable (inout MapRequest) -> Void
        let message: String
        var description: String { message }
    }

    /// Each problem names its field, in the request's own words (front ends reword the field).
    static let invalid: [Case] = [
        .init(change: { $0.meters = 0 }, message: "meters: must be greater than 0, got 0"),
        .init(change: { $0.meters = .nan }, message: "meters: must be greater than 0, got nan"),
        .init(change: { $0.zoom = 24.5 }, message: "zoom: must be between 0 and 24, got 24.5"),
        .init(change: { $0.meters = 500; $0.zoom = 15 }, message: "zoom: give either meters or zoom, not both"),
        .init(change: { $0.fit = true; $0.zoom = 15 }, message: "fit: give either fit or zoom, not both"),
        .init(change: { $0.bounds = BoundingBox(west: 7.4, south: 43.7, east: 7.5, north: 43.8); $0.center = LatLon(43.7, 7.4) },
              message: "bounds: give either bounds or center, not both"),
        .init(change: { $0.bounds = BoundingBox(west: 7.5, south: 43.7, east: 7.4, north: 43.8) },
              message: "bounds: west 7.5 is east of east 7.4 (to cross the antimeridian give west > 0 and east < 0, e.g. 170,-10,-170,10)"),
        .init(change: { $0.size = ImageSize(width: 0, height: 10) }, message: "size: each side must be 1 to 16384 pixels, got 0x10"),
        .init(change: { $0.pixelRatio = 0.5 }, message: "scale: must be between 1 and 4, got 0.5"),
        .init(change: { $0.encoding.quality = 80 }, message: "quality: applies to webp and jpeg (PNG is lossless; a palette PNG is smaller)"),
        .init(change: { $0.encoding.format = .jpeg; $0.encoding.palette = true }, message: "png: palette applies to PNG output, not jpeg"),
        .init(change: { $0.encoding.format = .webp; $0.size = ImageSize(width: 9000, height: 100); $0.pixelRatio = 2 },
              message: "format: WebP images are at most 16383 pixels a side; this one is 18000"),
        .init(change: { $0.encoding.format = .jpeg; $0.size = ImageSize(width: 8192, height: 100); $0.pixelRatio = 2 },
              message: "format: JPEG images are at most 16383 pixels a side; this one is 16384"),
        .init(change: { $0.size = ImageSize(width: 16384, height: 16384); $0.pixelRatio = 2 },
              message: "scale: 16384x16384 at scale 2 is 32768 pixels across, over the 32000 an image may have"),
        .init(change: { $0.size = ImageSize(width: 16384, height: 1); $0.pixelRatio = 4 },
              message: "scale: 16384x1 at scale 4 is 65536 pixels across, over the 32000 an image may have"),
        .init(change: { $0.size = ImageSize(width: 16000, height: 16000); $0.pixelRatio = 1.5 },
              message: "scale: 16000x16000 at scale 1.5 is over 16384x16384 pixels"),
        .init(change: { $0.meters = 1e-15 }, message: "meters: 1e-15 is below 0.01"),
        .init(change: { $0.meters = 1e30 }, message: "meters: 1e+30 is above 20000000 (half the Earth's circumference)"),
        .init(change: { $0.overlays.markers = [Marker(coordinate: LatLon(43, 7), title: String(repeating: "x", count: 1001))] },
              message: "markers[0].title: is longer than the 1000 characters a text may have"),
        .init(change: { $0.overlays.circles = Array(repeating: GeoCircle(center: LatLon(43, 7), radiusMeters: 5), count: 10_001) },
              message: "circles: 10001 are more than the 10000 a request may draw"),
        .init(change: { $0.bearing = .infinity }, message: "bearing: must be a finite number of degrees"),
        .init(change: { $0.pitch = 61 }, message: "pitch: must be 0 to 60 degrees, got 61"),
        .init(change: { $0.pitch = -.infinity }, message: "pitch: must be 0 to 60 degrees, got -inf"),
        .init(change: { $0.padding = -1 }, message: "padding: must be 0 to 4096 points, got -1"),
        .init(change: { $0.center = LatLon(95, 7) }, message: "center: latitude 95 is outside -90...90"),
        .init(change: { $0.overlays.markers = [Marker(coordinate: LatLon(43, 7)), Marker(coordinate: LatLon(43, 200))] },
              message: "markers[1]: longitude 200 is outside -180...180"),
        .init(change: { $0.overlays.circles = [GeoCircle(center: LatLon(43, 7), radiusMeters: -5)] },
              message: "circles[0].radius: radius must be greater than 0 and at most 20,000 km, got -5 m"),
        .init(change: { $0.overlays.markers = [Marker(coordinate: LatLon(43, 7), icon: MarkerIcon(path: "p.png", scale: 0))] },
              message: "markers[0].scale: must be between 0.01 and 16, got 0"),
    ]

    @Test(arguments: invalid)
    func invalidValuesNameTheirField(_ c: Case) {
        var r = MapRequest()
        c.change(&r)
        #expect(throws: RequestError.self) { try r.validate() }
        do { try r.validate() } catch { #expect(error.description == c.message) }
    }

    /// Images over a size limit are marked as such (the server answers them 413); wrong values are not.
    @Test func imagesOverASizeLimitAreMarked() {
        func error(_ change: (inout MapRequest) -> Void) -> RequestError? {
            var r = MapRequest()
            change(&r)
            do { try r.validate(); return nil } catch { return error }
        }
        #expect(error { $0.encoding.format = .jpeg; $0.size = ImageSize(width: 16384, height: 10) }?.exceedsLimit == true)
        #expect(error { $0.encoding.format = .webp; $0.size = ImageSize(width: 9000, height: 10); $0.pixelRatio = 2 }?.exceedsLimit == true)
        #expect(error { $0.size = ImageSize(width: 16384, height: 1); $0.pixelRatio = 4 }?.exceedsLimit == true)
        #expect(error { $0.size = ImageSize(width: 0, height: 10) }?.exceedsLimit == false)
        #expect(error { $0.pitch = 61 }?.exceedsLimit == false)
        #expect(error { $0.encoding.format = .png; $0.size = ImageSize(width: 16384, height: 10) } == nil, "PNG has no limit of its own")
    }

    @Test func defaultsAreValid() throws {
        let r = MapRequest()
        try r.validate()
        #expect(r.size == ImageSize(width: 1024, height: 768))
        #expect(r.framing == .meters(800))
        #expect(r.style.style == .named("light"))
    }

    /// Overlays without a center mean "fit" (with meters for a lone point); a zoom or a center
    /// keeps the camera where it was asked to be.
    @Test func framingIsDerivedOnce() {
        var r = MapRequest()
        r.overlays.markers = [Marker(coordinate: LatLon(43.7, 7.4))]
        #expect(r.framing == .fit(padding: 40, fallbackMeters: 800))
        r.meters = 300
        #expect(r.framing == .fit(padding: 40, fallbackMeters: 300))
        r.center = LatLon(43.7, 7.4)
        #expect(r.framing == .meters(300))
        r.fit = true
        r.padding = 10
        #expect(r.framing == .fit(padding: 10, fallbackMeters: 300))
        var z = MapRequest()
        z.overlays.trackFiles = ["walk.gpx"]
        z.zoom = 15
        #expect(z.framing == .zoom(15))
        var b = MapRequest()
        let box = BoundingBox(west: 7.4, south: 43.7, east: 7.45, north: 43.75)
        b.bounds = box
        #expect(b.framing == .bounds(box, padding: 40))
    }

    @Test func styleReferenceTellsNamesFromPaths() {
        #expect(StyleReference("dark") == .named("dark"))
        #expect(StyleReference("my.json") == .file("my.json"))
        #expect(StyleReference("styles/x") == .file("styles/x"))
    }
}

struct RequestErrorTests {
    @Test func pathsReadAsManifestFields() {
        #expect(FieldPath("markers").appending(index: 2).appending("lat").description == "markers[2].lat")
        #expect(FieldPath("markers").appending(index: 2).suffix == "[2]")
        #expect(FieldPath("sources").appending("omt").root == "sources")
        #expect(RequestError("lat", "is required").nested(under: FieldPath("markers").appending(index: 1)).description == "markers[1].lat: is required")
    }

    /// A front end words the field and every field the reason refers to.
    @Test func frontEndsWordTheFields() {
        let e = RequestError(conflictBetween: FieldPath("meters"), and: FieldPath("zoom"), at: FieldPath("zoom"))
        #expect(e.message(naming: { "--" + $0.root }) == "--zoom: give either --meters or --zoom, not both")
        #expect(e.description == "zoom: give either meters or zoom, not both")
    }

    @Test func encodingFieldsReadTheirTextForms() throws {
        var r = MapRequest()
        for (name, value) in [("format", "JPG"), ("quality", "70")] { try RequestField.named(name)!.apply(value, to: &r) }
        #expect(r.encoding == ImageEncoding(format: .jpeg, quality: 70) && r.encoding.fileExtension == "jpg")
        try RequestField.named("png")!.apply("palette,small", to: &r)
        #expect(r.encoding.palette && r.encoding.pngCompression == .small)
        try RequestField.named("png")!.apply("fast", to: &r)
        #expect(!r.encoding.palette && r.encoding.pngCompression == .fast)
        for (name, value, message) in [("format", "gif", "format: 'gif' is not one of png, webp, jpeg, pdf, svg"),
                                       ("quality", "0", "quality: must be a whole number from 1 to 100, got '0'"),
                                       ("quality", "80.5", "quality: must be a whole number from 1 to 100, got '80.5'"),
                                       ("png", "palette,tiny", "png: 'tiny' is not one of fast, balanced, small, palette")] {
            #expect(throws: RequestError.self) { try RequestField.named(name)!.apply(value, to: &r) }
            do { try RequestField.named(name)!.apply(value, to: &r) } catch { #expect(error.description == message) }
        }
    }

    /// `format` names an image format or a vector document; the last one given wins.
    @Test func formatFieldChoosesADocumentOrAnImage() throws {
        var r = MapRequest()
        try RequestField.named("format")!.apply("PDF", to: &r)
        #expect(r.vectorFormat == .pdf && r.encoding.format == nil)
        try RequestField.named("format")!.apply("webp", to: &r)
        #expect(r.vectorFormat == nil && r.encoding.format == .webp)
        try RequestField.named("format")!.apply("svg", to: &r)
        #expect(r.vectorFormat == .svg && r.encoding.format == nil)
        #expect(VectorFormat(fileName: "a/b.PDF") == .pdf && VectorFormat(fileName: "x.svg") == .svg && VectorFormat(fileName: "x.png") == nil)
        #expect(VectorFormat.pdf.contentType == "application/pdf" && VectorFormat.svg.contentType == "image/svg+xml")
    }

    /// Image options do not apply to a document; raster-only front ends refuse one.
    @Test func documentsRefuseImageOptions() throws {
        var r = MapRequest()
        r.vectorFormat = .pdf
        try r.validate()
        for (change, message) in [
            ({ (r: inout MapRequest) in r.encoding.quality = 80 }, "quality: applies to webp and jpeg, not pdf (lines, fills and text are vectors)"),
            ({ (r: inout MapRequest) in r.encoding.palette = true }, "png: palette applies to PNG output, not pdf"),
            ({ (r: inout MapRequest) in r.size = ImageSize(width: 16000, height: 100) },
             "size: a PDF page is at most 14400 points (200 inches) a side; this one is 16000"),
            ({ (r: inout MapRequest) in r.textEngine = .glyphs },
             "text-engine: glyphs are distance fields drawn as pixels; pdf output draws labels as text with system fonts (auto or pango)"),
        ] as [((inout MapRequest) -> Void, String)] {
            var bad = r
            change(&bad)
            #expect(throws: RequestError.self) { try bad.validate() }
            do { try bad.validate() } catch { #expect(error.description == message) }
        }
        do { try r.requireImageOutput("tiles"); Issue.record("a document reached a raster front end") } catch {
            #expect(error.description == "format: pdf is a document for snapshots and batches; tiles are png, webp or jpeg")
        }
        try MapRequest().requireImageOutput("tiles")
    }

    @Test func formatsComeFromFileNames() {
        #expect(ImageEncoding.Format(fileName: "a/b.PNG") == .png && ImageEncoding.Format(fileName: "x.jpeg") == .jpeg)
        #expect(ImageEncoding.Format(fileName: "x.webp") == .webp && ImageEncoding.Format(fileName: "x.gif") == nil)
        #expect(ImageEncoding.Format.jpeg.contentType == "image/jpeg" && ImageEncoding.Format.webp.fileExtension == "webp")
    }
}
