import MapsnapFormats
import MapsnapGeo
import MapsnapOverlays

extension MapRequest {
    /// Checks every value against `InputLimits` and the rules between fields; the first problem
    /// found is thrown, naming its field. Front ends call this once after filling the request in;
    /// `Snapshotter` calls it again, so a library caller cannot skip it.
    public func validate() throws(RequestError) {
        try validateCamera()
        try validateImage()
        try validateOverlays()
    }

    private func validateCamera() throws(RequestError) {
        if let center { try Self.check(center, FieldPath("center")) }
        if let meters { try Self.checkFramingMeters(meters) }
        if let zoom, !(zoom.isFinite && InputLimits.zoom.contains(zoom)) {
            throw RequestError("zoom", "must be between 0 and 24, got \(MessageNumber.format(zoom))")
        }
        if meters != nil, zoom != nil {
            throw RequestError(conflictBetween: FieldPath("meters"), and: FieldPath("zoom"), at: FieldPath("zoom"))
        }
        if fit, zoom != nil {
            throw RequestError(conflictBetween: FieldPath("fit"), and: FieldPath("zoom"), at: FieldPath("fit"))
        }
        if let bounds {
            try Self.check(bounds, FieldPath("bounds"))
            for (name, given) in [("center", center != nil), ("zoom", zoom != nil), ("meters", meters != nil), ("fit", fit)] where given {
                throw RequestError(conflictBetween: FieldPath("bounds"), and: FieldPath(name), at: FieldPath("bounds"))
            }
        }
        if let padding, !(padding.isFinite && InputLimits.padding.contains(padding)) {
            throw RequestError("padding", "must be 0 to \(MessageNumber.format(InputLimits.padding.upperBound)) points, got \(MessageNumber.format(padding))")
        }
        guard bearing.isFinite else { throw RequestError("bearing", "must be a finite number of degrees") }
        // MapLibre Native's and the Mapbox Static API's range; the Static API refuses more, as this does.
        guard pitch.isFinite, InputLimits.pitch.contains(pitch) else {
            throw RequestError("pitch", "must be \(MessageNumber.format(InputLimits.pitch.lowerBound)) to \(MessageNumber.format(InputLimits.pitch.upperBound)) degrees, got \(MessageNumber.format(pitch))")
        }
    }

    private func validateEncoding() throws(RequestError) {
        if let vectorFormat { return try validateDocument(vectorFormat) }
        try encoding.validate()
        let format = encoding.effectiveFormat
        let longer = Double(max(size.width, size.height)) * pixelRatio
        if let limit = format.maxSide, longer > Double(limit) {
            throw RequestError.tooLarge("format", "\(format.displayName) images are at most \(limit) pixels a side; this one is \(MessageNumber.format(longer.rounded()))")
        }
    }

    /// Image options do not apply to a document; labels from glyph PBFs cannot be text in one.
    private func validateDocument(_ format: VectorFormat) throws(RequestError) {
        if encoding.quality != nil {
            throw RequestError("quality", "applies to webp and jpeg, not \(format.rawValue) (lines, fills and text are vectors)")
        }
        if encoding.palette { throw RequestError("png", "palette applies to PNG output, not \(format.rawValue)") }
        let longer = max(size.width, size.height)
        if format == .pdf, longer > InputLimits.maxPDFPageSide {
            throw RequestError.tooLarge("size", "a PDF page is at most \(InputLimits.maxPDFPageSide) points (200 inches) a side; this one is \(longer)")
        }
        if textEngine == .glyphs {
            throw RequestError("text-engine", "glyphs are distance fields drawn as pixels; \(format.rawValue) output draws labels as text with system fonts (auto or pango)")
        }
    }

    /// Tiles and the server's images are raster images: a request for a document is refused,
    /// naming `format`. `what` says who refuses (`tiles`).
    public func requireImageOutput(_ what: String) throws(RequestError) {
        guard let vectorFormat else { return }
        throw RequestError("format", "\(vectorFormat.rawValue) is a document for snapshots and batches; \(what) are png, webp or jpeg")
    }

    private func validateImage() throws(RequestError) {
        let side = InputLimits.imageSide
        guard side.contains(size.width), side.contains(size.height) else {
            throw RequestError("size", "each side must be \(side.lowerBound) to \(side.upperBound) pixels, got \(size)")
        }
        guard pixelRatio.isFinite, InputLimits.pixelRatio.contains(pixelRatio) else {
            throw RequestError("scale", "must be between 1 and 4, got \(MessageNumber.format(pixelRatio))")
        }
        let longer = Double(max(size.width, size.height)) * pixelRatio
        guard longer <= Double(InputLimits.maxDeviceSide) else {
            throw RequestError.tooLarge("scale", "\(size) at scale \(MessageNumber.format(pixelRatio)) is \(MessageNumber.format(longer.rounded())) pixels across, over the \(InputLimits.maxDeviceSide) an image may have")
        }
        let pixels = Double(size.width) * pixelRatio * Double(size.height) * pixelRatio
        guard pixels <= Double(InputLimits.maxImagePixels) else {
            throw RequestError.tooLarge("scale", "\(size) at scale \(MessageNumber.format(pixelRatio)) is over 16384x16384 pixels")
        }
        try validateEncoding()
    }

    private func validateOverlays() throws(RequestError) {
        let o = overlays
        for (name, count) in [("markers", o.markers.count), ("circles", o.circles.count), ("polygons", o.polygons.count),
                              ("tracks", o.tracks.count)] where count > InputLimits.maxOverlaysPerKind {
            throw RequestError(name, "\(count) are more than the \(InputLimits.maxOverlaysPerKind) a request may draw")
        }
        for (name, count) in [("tracks", o.trackFiles.count), ("overlays", o.geoJSONFiles.count)] where count > InputLimits.maxOverlayFiles {
            throw RequestError(name, "\(count) files are more than the \(InputLimits.maxOverlayFiles) a request may read")
        }
        let points = o.tracks.reduce(0) { $0 + $1.pointCount } + o.polygons.reduce(0) { $0 + $1.rings.reduce(0) { $0 + $1.count } }
        if points > InputLimits.maxPoints {
            throw RequestError(o.tracks.isEmpty ? "polygons" : "tracks", "\(points) points are more than the \(InputLimits.maxPoints) a request may draw")
        }
        for (i, m) in o.markers.enumerated() {
            if let t = m.title { try Self.checkText(t, FieldPath("markers").appending(index: i).appending("title")) }
        }
        for (i, m) in overlays.markers.enumerated() {
            let path = FieldPath("markers").appending(index: i)
            try Self.check(m.coordinate, path)
            try Self.checkIconScale(m, path)
        }
        if let u = overlays.userLocation {
            try Self.check(u.coordinate, FieldPath("user"))
            if let a = u.accuracyMeters { try Self.checkMeters(a, FieldPath("user").appending("accuracy"), what: "accuracy") }
            if let h = u.headingDegrees, !h.isFinite { throw RequestError(FieldPath("user").appending("heading"), "must be a number of degrees") }
        }
        for (i, c) in overlays.circles.enumerated() {
            let path = FieldPath("circles").appending(index: i)
            try Self.check(c.center, path)
            try Self.checkMeters(c.radiusMeters, path.appending("radius"), what: "radius")
        }
        for (i, p) in overlays.polygons.enumerated() {
            for ring in p.rings { for c in ring { try Self.check(c, FieldPath("polygons").appending(index: i)) } }
        }
        for (i, t) in overlays.tracks.enumerated() {
            for segment in t.segments { for c in segment { try Self.check(c, FieldPath("tracks").appending(index: i)) } }
        }
        if let m = overlays.trackStyle.filter.maxAccuracyMeters { try Self.checkMeters(m, FieldPath("accuracy-limit"), what: "accuracy limit") }
        if let d = overlays.trackStyle.filter.minDistanceMeters { try Self.checkMinDistance(d, FieldPath("min-distance")) }
    }

    /// A track's minimum distance between kept points: 0 to 20,000 km.
    static func checkMinDistance(_ d: Double, _ field: FieldPath) throws(RequestError) {
        guard d.isFinite, d >= 0, d <= InputLimits.maxRadiusMeters else {
            throw RequestError(field, "must be 0 or more meters and at most 20,000 km, got \(MessageNumber.format(d))")
        }
    }

    /// Ground meters across the image: at least 0.01, at most half the Earth's circumference.
    static func checkFramingMeters(_ m: Double) throws(RequestError) {
        guard !m.isNaN, m > 0 else { throw RequestError("meters", "must be greater than 0, got \(MessageNumber.format(m))") }
        let range = InputLimits.meters
        if m < range.lowerBound { throw RequestError("meters", "\(MessageNumber.format(m)) is below \(MessageNumber.format(range.lowerBound))") }
        if m > range.upperBound {
            throw RequestError("meters", "\(MessageNumber.format(m)) is above \(MessageNumber.format(range.upperBound)) (half the Earth's circumference)")
        }
    }

    /// A text drawn on the map (a title, a caption): at most `InputLimits.maxTextLength` characters.
    public static func checkText(_ text: String, _ field: FieldPath) throws(RequestError) {
        let limit = InputLimits.maxTextLength
        // Unicode scalars, not Characters: one letter with 100,000 combining marks is one Character
        // and takes minutes to shape. Counting only up to the limit (a 50 MB text).
        guard text.utf8.count > limit, text.unicodeScalars.prefix(limit + 1).count > limit else { return }
        throw RequestError(field, "is longer than the \(limit) characters a text may have")
    }

    static func checkIconScale(_ m: Marker, _ path: FieldPath) throws(RequestError) {
        if let icon = m.icon, !(icon.scale.isFinite && InputLimits.markerIconScale.contains(icon.scale)) {
            throw RequestError(path.appending("scale"), "must be between 0.01 and 16, got \(MessageNumber.format(icon.scale))")
        }
    }

    static func check(_ c: LatLon, _ field: FieldPath) throws(RequestError) {
        do { _ = try LatLon(validatingLatitude: c.latitude, longitude: c.longitude) } catch {
            throw RequestError(field, error.description)
        }
    }

    /// A distance > 0 and at most 20,000 km; `what` names it in the message ("radius").
    static func checkMeters(_ v: Double, _ field: FieldPath, what: String?) throws(RequestError) {
        guard v.isFinite, v > 0, v <= InputLimits.maxRadiusMeters else {
            if let what {
                throw RequestError(field, "\(what) must be greater than 0 and at most 20,000 km, got \(MessageNumber.format(v)) m")
            }
            throw RequestError(field, "must be greater than 0, got \(MessageNumber.format(v))")
        }
    }

    /// The rules for a box: latitudes in -90...90, longitudes in -180...180, south below north;
    /// west > east only to cross the antimeridian (west in the east, east in the west).
    static func check(_ b: BoundingBox, _ field: FieldPath) throws(RequestError) {
        for lat in [b.south, b.north] where !(lat.isFinite && abs(lat) <= 90) {
            throw RequestError(field, "latitude \(MessageNumber.format(lat)) is outside -90...90")
        }
        for lon in [b.west, b.east] where !(lon.isFinite && abs(lon) <= 180) {
            throw RequestError(field, "longitude \(MessageNumber.format(lon)) is outside -180...180")
        }
        guard b.south < b.north else {
            throw RequestError(field, "south \(MessageNumber.format(b.south)) must be below north \(MessageNumber.format(b.north))")
        }
        guard b.west != b.east else { throw RequestError(field, "west and east are equal (\(MessageNumber.format(b.west)))") }
        if b.west > b.east && !(b.west > 0 && b.east < 0) {
            throw RequestError(field, "west \(MessageNumber.format(b.west)) is east of east \(MessageNumber.format(b.east)) (to cross the antimeridian give west > 0 and east < 0, e.g. 170,-10,-170,10)")
        }
    }
}
