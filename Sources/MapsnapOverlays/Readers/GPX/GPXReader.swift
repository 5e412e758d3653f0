import Foundation
import MapsnapFormats
import MapsnapGeo

/// Reads GPX 1.1 and 1.0 (the elements used here are the same in both): `trk/trkseg/trkpt`,
/// `rte/rtept` and `wpt`, each point's `lat`/`lon` attributes and `<time>`, and the `<name>` of
/// tracks, routes and waypoints. Namespace prefixes are ignored; `<ele>` and everything else is
/// skipped. A `trkpt` outside any `trkseg` opens a segment of its own.
///
/// Accuracy: GPX has no element for it. `<hdop>` is a dilution of precision, a unitless factor, not
/// meters, so it is not used. A point's accuracy is read only from an extension that gives meters:
/// an element named `hacc` (the TrackPointExtras and trails.io extensions) or `accuracy`, anywhere
/// inside the point's `<extensions>`. Otherwise it is nil.
///
/// Errors name the line: malformed XML, a root other than `<gpx>`, a point without `lat` or `lon`,
/// coordinates that are not numbers or out of range, a `<time>` that is not ISO 8601, an accuracy
/// that is not a number. The text is UTF-8 (ISO 8859-1 when the XML declaration says so).
///
/// It parses with `XMLScanner` rather than FoundationXML's `XMLParser`, which was too slow for
/// 100,000-point tracks (see there); a 13 MB file of 115,000 points with `ele` and `time` takes
/// about 35 ms in a release build (`bench/readers.sh`).
public enum GPXReader {
    public static func read(_ data: Data, fileName: String) throws(OverlayError) -> GPXDocument {
        if data.count >= splitSize, ProcessInfo.processInfo.activeProcessorCount > 1,
           let document = readInTwo(data, fileName: fileName) {
            return document
        }
        return try readWhole(data, fileName: fileName)
    }

    /// The document read on this thread, start to end.
    /// `plainPointShortcut` false reads every point through the scanner's events (to check the
    /// shortcut against: `GPXBuilder.readPlainTrackPoint`).
    public static func readWhole(_ data: Data, fileName: String, plainPointShortcut: Bool = true) throws(OverlayError) -> GPXDocument {
        let result: Result<GPXDocument, OverlayError> = data.withUnsafeBytes { raw in
            var builder = GPXBuilder(scanner: XMLScanner(bytes: raw.bindMemory(to: UInt8.self)), fileName: fileName)
            builder.plainPointShortcut = plainPointShortcut
            do throws(OverlayError) {
                return .success(try builder.build())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// Walks the scanner's events and collects the document.
struct GPXBuilder {
    var scanner: XMLScanner
    let fileName: String
    var document = GPXDocument()
    /// Points read so far (track, route and waypoints).
    var pointCount = 0
    var latin1 = false

    private enum Container { case none, track, route }
    private enum PointKind { case trackPoint, routePoint, waypoint }
    private enum Capture { case none, time, name, accuracy, trackName, routeName }

    private var depth = 0
    private var container = Container.none
    private var pointKind: PointKind?
    private var pointDepth = 0
    private var point = Fix(coordinate: LatLon(0, 0))
    private var pointName: String?
    private var extensionsDepth: Int?
    private var capture = Capture.none
    private var captureDepth = 0
    private var captureOffset = 0
    private var captureElement = 0..<0
    private var captured = ReusedBuffer<(range: Range<Int>, decode: Bool)>()
    private var segment: [Fix] = []

    /// Reads the part of a document after a split inside `gpx/trk/trkseg` (`GPXReader.readInTwo`):
    /// its first track and segment continue the part before's last ones.
    static func continuing(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, fileName: String, latin1: Bool) -> GPXBuilder {
        var builder = GPXBuilder(scanner: XMLScanner(bytes: bytes, resumingAt: offset, openAncestors: 3), fileName: fileName)
        builder.latin1 = latin1
        builder.depth = 3
        builder.container = .track
        builder.document.tracks = [[[]]]
        builder.document.trackNames = [nil]
        builder.continuing = true
        return builder
    }

    /// Whether plain track points are read straight from the bytes (`readPlainTrackPoint`).
    var plainPointShortcut = true
    /// A continuing part sets its first track's name (the part before's last track).
    private(set) var namesContinuedTrack = false
    private var continuing = false

    /// After the part before a split: whether it ends between the points of a track segment,
    /// directly inside `gpx/trk/trkseg` (the state the part after starts from). Its buffered
    /// points are in the document.
    mutating func endsBetweenTrackPoints() -> Bool {
        flushSegment()
        let names = scanner.openNames.map(scanner.localPart)
        return names.count == 3 && scanner.equals(names[0], "gpx") && scanner.equals(names[1], "trk") && scanner.equals(names[2], "trkseg")
            && depth == 3 && container == .track && pointKind == nil && capture == .none && extensionsDepth == nil
            && document.tracks.last?.isEmpty == false
    }

    /// The qualified names of the elements still open, outermost first (the part before a split).
    var openNames: [Range<Int>] { scanner.openNames }
    /// The names of the elements the continuing part closed that the part before opened.
    var closedAncestors: [Range<Int>] { scanner.closedAncestors }

    /// Whether `encoding` declares ISO 8859-1; throws as `build` would for an unsupported one.
    mutating func declaresLatin1() throws(OverlayError) -> Bool {
        try checkEncoding()
        return latin1
    }

    /// The document read so far, leaving an empty one.
    mutating func takeDocument() -> GPXDocument {
        defer { document = GPXDocument() }
        return document
    }

    /// `expectedBytes`: the size of the whole file when the scanner sees a part of it.
    init(scanner: XMLScanner, fileName: String, expectedBytes: Int? = nil) {
        self.scanner = scanner
        self.fileName = fileName
        // Room for a track of points 64 bytes apart (real ones are 100 to 200), at most 4 million
        // up front: growing the buffer copied 5 MB for a 13 MB file, and pages never written cost
        // nothing.
        segment.reserveCapacityInHugePages(min((expectedBytes ?? scanner.bytes.count) / 64, 1 << 22))
    }

    mutating func build() throws(OverlayError) -> GPXDocument {
        if !continuing { try checkEncoding() }
        while true {
            // Most of a long track: plain points, read straight from the bytes.
            if plainPointShortcut, pointKind == nil, capture == .none, extensionsDepth == nil, container == .track,
               document.tracks.last?.isEmpty == false, readPlainTrackPoint() { continue }
            guard let event = try nextEvent() else { break }
            switch event {
            case .start(let name):
                depth += 1
                try start(name)
                // Most elements hold one text (<ele>, <time>): take it and the end tag at once.
                if let text = scanner.textContent() {
                    if capture != .none, !text.range.isEmpty { captured.append((text.range, text.hasEntities)) }
                    try end()
                    depth -= 1
                }
            case .end:
                try end()
                depth -= 1
            case .text(let range, let hasEntities):
                if capture != .none { captured.append((range, hasEntities)) }
            case .cdata(let range):
                if capture != .none { captured.append((range, false)) }
            }
        }
        return document
    }

    /// A plain track point — `<trkpt lat="…" lon="…">` (either order) holding nothing but
    /// `<ele>` and `<time>` elements of plain text, or self-closing — read straight from the
    /// bytes, without the scanner's events: most of a long track, in half the time. It accepts
    /// only what the general path reads the same way; anything else (another element or
    /// attribute, an entity, a bad number or time, the point limit) leaves the scanner where it
    /// was and returns false, and the general path reads it and reports what is wrong.
    private mutating func readPlainTrackPoint() -> Bool {
        guard let from = scanner.resumableOffset else { return false }
        let bytes = scanner.bytes, n = bytes.count
        var p = from
        while p < n, XMLScanner.isSpace(bytes[p]) { p += 1 }
        let start = p
        func skip(_ literal: PlainLiteral) -> Bool {
            guard literal.matches(bytes, at: p) else { return false }
            p += literal.count
            return true
        }
        func skipSpaces() { while p < n, XMLScanner.isSpace(bytes[p]) { p += 1 } }
        // Up to a value's closing quote, or up to the `<` after an element's text; nil at an `&`
        // (or a `<` in a value), or at the end.
        func text(until stop: UInt8) -> Range<Int>? {
            let begin = p
            p = ByteScan.firstIndex(in: bytes, from: p, marked: { word in
                ByteScan.marks(word, equalTo: stop) | ByteScan.marks(word, equalTo: 0x26) | ByteScan.marks(word, equalTo: 0x3C)
            }, matches: { $0 == stop || $0 == 0x26 || $0 == 0x3C })
            return p < n && bytes[p] == stop ? begin..<p : nil
        }
        guard skip(.trackPointStart), p < n, XMLScanner.isSpace(bytes[p]) else { return false }
        var latitude: Double?, longitude: Double?
        var selfClosing = false
        while true {
            skipSpaces()
            guard p < n else { return false }
            if bytes[p] == 0x3E { p += 1; break }
            if skip(.emptyEnd) { selfClosing = true; break }
            let isLatitude: Bool
            if skip(.latitude) { isLatitude = true } else if skip(.longitude) { isLatitude = false } else { return false }
            guard let range = text(until: 0x22), let value = number(range), !value.isNaN else { return false }
            p += 1
            let limit = isLatitude ? 90.0 : 180.0
            guard value >= -limit, value <= limit, (isLatitude ? latitude : longitude) == nil else { return false }
            if isLatitude { latitude = value } else { longitude = value }
        }
        guard let latitude, let longitude else { return false }
        var fix = Fix(coordinate: LatLon(latitude, longitude))
        while !selfClosing {
            skipSpaces()
            if skip(.trackPointEnd) {
                skipSpaces()
                guard p < n, bytes[p] == 0x3E else { return false }
                p += 1
                break
            }
            let isTime: Bool
            if skip(.timeStart) { isTime = true } else if skip(.elevationStart) { isTime = false } else { return false }
            guard let range = text(until: 0x3C), skip(isTime ? .timeEnd : .elevationEnd) else { return false }
            skipSpaces()
            guard p < n, bytes[p] == 0x3E else { return false }
            p += 1
            if isTime {
                guard !range.isEmpty, let date = ISO8601Time.parse(trimming: UnsafeBufferPointer(rebasing: bytes[range])) else { return false }
                fix.time = date
            }
        }
        guard pointCount < InputLimits.maxPoints else { return false }
        pointCount += 1
        segment.append(fix)
        scanner.resume(after: start..<p)
        return true
    }

    private mutating func nextEvent() throws(OverlayError) -> XMLScanner.Event? {
        do {
            // Text matters only inside an element being captured (time, name, accuracy).
            return try scanner.next(reportingText: capture != .none)
        } catch {
            throw malformed(error)
        }
    }

    private func malformed(_ failure: XMLScanner.Failure) -> OverlayError {
        .malformedXML(InputLocation(file: fileName, line: scanner.line(at: failure.offset)), reason: failure.reason)
    }

    private func here() -> InputLocation {
        InputLocation(file: fileName, line: scanner.line(at: scanner.tagOffset))
    }

    /// UTF-16 is refused up front; an ISO 8859-1 declaration switches how names are decoded.
    private mutating func checkEncoding() throws(OverlayError) {
        let bytes = scanner.bytes
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw .malformedXML(InputLocation(file: fileName, line: 1),
                                reason: "UTF-16 text is not supported (save the file as UTF-8)")
        }
        guard bytes.starts(with: Array("<?xml".utf8)),
              let end = (0..<min(bytes.count, 200)).first(where: { bytes[$0] == 0x3F && $0 + 1 < bytes.count && bytes[$0 + 1] == 0x3E })
        else { return }
        let declaration = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
        let value = rest.dropFirst().prefix { $0 != quote }.lowercased()
        switch value {
        case "utf-8", "utf8", "us-ascii", "ascii": break
        case "iso-8859-1", "latin1", "iso_8859-1", "latin-1": latin1 = true
        default:
            throw .malformedXML(InputLocation(file: fileName, line: 1),
                                reason: "the encoding \"\(value)\" is not supported (save the file as UTF-8)")
        }
    }

    // MARK: elements

    private mutating func start(_ qualifiedName: Range<Int>) throws(OverlayError) {
        let name = scanner.localPart(qualifiedName)
        if depth == 1 {
            guard scanner.equals(name, "gpx") else {
                throw .notGPX(here(), rootElement: scanner.string(qualifiedName))
            }
            return
        }
        if pointKind != nil {
            startInsidePoint(name)
            return
        }
        if depth == 2 && scanner.equals(name, "trk") {
            container = .track
            document.tracks.append([])
            document.trackNames.append(nil)
        } else if container == .track && depth == 3 && scanner.equals(name, "trkseg") {
            flushSegment()
            document.tracks[document.tracks.count - 1].append([])
        } else if container == .track && scanner.equals(name, "trkpt") {
            if document.tracks[document.tracks.count - 1].isEmpty {
                document.tracks[document.tracks.count - 1].append([])
            }
            try startPoint(.trackPoint, qualifiedName)
        } else if depth == 2 && scanner.equals(name, "rte") {
            container = .route
            document.routes.append([])
            document.routeNames.append(nil)
        } else if container == .route && scanner.equals(name, "rtept") {
            try startPoint(.routePoint, qualifiedName)
        } else if depth == 2 && scanner.equals(name, "wpt") {
            try startPoint(.waypoint, qualifiedName)
        } else if depth == 3 && container != .none && scanner.equals(name, "name") {
            startCapture(container == .track ? .trackName : .routeName, name)
        }
    }

    private mutating func startPoint(_ kind: PointKind, _ name: Range<Int>) throws(OverlayError) {
        var latitude: Double?, longitude: Double?
        for index in 0..<scanner.attributeCount {
            let attribute = scanner.attribute(index)
            if scanner.equals(attribute.name, "lat") {
                latitude = try coordinate(attribute, element: name, limit: 90)
            } else if scanner.equals(attribute.name, "lon") {
                longitude = try coordinate(attribute, element: name, limit: 180)
            }
        }
        guard let latitude else { throw .missingAttribute(here(), element: scanner.string(name), attribute: "lat") }
        guard let longitude else { throw .missingAttribute(here(), element: scanner.string(name), attribute: "lon") }
        pointKind = kind
        pointDepth = depth
        point = Fix(coordinate: LatLon(latitude, longitude))
        pointName = nil
        extensionsDepth = nil
    }

    private func coordinate(_ attribute: XMLScanner.Attribute, element: Range<Int>, limit: Double) throws(OverlayError) -> Double {
        let value = attribute.hasEntities ? nil : number(attribute.value)
        guard let value, !value.isNaN, value >= -limit, value <= limit else {
            let text = try string(attribute.value, decode: attribute.hasEntities)
            let problem: OverlayError.ValueProblem = (value == nil || value!.isNaN)
                ? .notANumber : .outside("-\(MessageNumber.format(limit))...\(MessageNumber.format(limit))")
            throw .badAttribute(here(), element: scanner.string(element), attribute: scanner.string(attribute.name),
                                value: text, problem: problem)
        }
        return value
    }

    /// The number in `range`, white space around it ignored; nil when it is not one.
    private func number(_ range: Range<Int>) -> Double? {
        var start = range.lowerBound, end = range.upperBound
        while start < end, XMLScanner.isSpace(scanner.bytes[start]) { start += 1 }
        while end > start, XMLScanner.isSpace(scanner.bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        return DecimalNumber.parse(UnsafeBufferPointer(rebasing: scanner.bytes[start..<end]))
    }

    private mutating func startInsidePoint(_ name: Range<Int>) {
        if let extensionsDepth {
            if depth > extensionsDepth, scanner.equals(name, "hacc") || scanner.equals(name, "accuracy") {
                startCapture(.accuracy, name)
            }
            return
        }
        guard depth == pointDepth + 1 else { return }
        if scanner.equals(name, "time") {
            startCapture(.time, name)
        } else if scanner.equals(name, "name") {
            startCapture(.name, name)
        } else if scanner.equals(name, "extensions") {
            extensionsDepth = depth
        }
    }

    private mutating func startCapture(_ what: Capture, _ name: Range<Int>) {
        capture = what
        captureDepth = depth
        captureOffset = scanner.tagOffset
        captureElement = name
        captured.removeAll()
    }

    private mutating func end() throws(OverlayError) {
        if capture != .none, depth == captureDepth {
            try endCapture()
            capture = .none
        }
        if let extensionsDepth, depth == extensionsDepth { self.extensionsDepth = nil }
        if let kind = pointKind, depth == pointDepth {
            pointKind = nil
            // Stop reading at the limit rather than reading a whole oversized file first.
            pointCount += 1
            guard pointCount <= InputLimits.maxPoints else { throw .tooManyPoints(here()) }
            switch kind {
            case .trackPoint:
                segment.append(point)
            case .routePoint:
                document.routes[document.routes.count - 1].append(point)
            case .waypoint:
                document.waypoints.append(Marker(coordinate: point.coordinate, title: pointName))
            }
        }
        if container == .track && (depth == 2 || depth == 3) { flushSegment() }
        if depth == 2 { container = .none }
    }

    /// Moves the buffered track points into the track's last segment (appending to the nested
    /// array point by point costs more than the rest of the parse).
    private mutating func flushSegment() {
        guard !segment.isEmpty else { return }
        let t = document.tracks.count - 1, s = document.tracks[t].count - 1
        if document.tracks[t][s].isEmpty {
            // The usual case: move the buffer in rather than copy it.
            swap(&document.tracks[t][s], &segment)
        } else {
            document.tracks[t][s].append(contentsOf: segment)
            segment.removeAll(keepingCapacity: true)
        }
    }

    private mutating func endCapture() throws(OverlayError) {
        // Counting lines is a pass over the file so far: only done for a message.
        func at() -> InputLocation { InputLocation(file: fileName, line: scanner.line(at: captureOffset)) }
        switch capture {
        case .none:
            break
        case .time:
            // The common case, one plain text run, is parsed straight from the bytes.
            if captured.count == 1, !captured[0].decode,
               let date = ISO8601Time.parse(trimming: UnsafeBufferPointer(rebasing: scanner.bytes[captured[0].range])) {
                point.time = date
                return
            }
            let value = try capturedText()
            guard let date = ISO8601Time.parse(value) else {
                throw .badElement(at(), element: scanner.localNameString(captureElement), value: value, problem: .notATime)
            }
            point.time = date
        case .accuracy:
            if captured.count == 1, !captured[0].decode, let meters = number(captured[0].range), meters.isFinite {
                point.accuracyMeters = meters
                return
            }
            let value = try capturedText()
            guard let meters = Double(value), meters.isFinite else {
                throw .badElement(at(), element: scanner.localNameString(captureElement), value: value, problem: .notANumber)
            }
            point.accuracyMeters = meters
        case .name:
            let value = try capturedText()
            pointName = value.isEmpty ? nil : value
        case .trackName:
            let value = try capturedText()
            document.trackNames[document.trackNames.count - 1] = value.isEmpty ? nil : value
            if continuing && document.trackNames.count == 1 { namesContinuedTrack = true }
        case .routeName:
            let value = try capturedText()
            document.routeNames[document.routeNames.count - 1] = value.isEmpty ? nil : value
        }
    }

    private func capturedText() throws(OverlayError) -> String {
        var text = ""
        for piece in captured.elements { text += try string(piece.range, decode: piece.decode) }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func string(_ range: Range<Int>, decode: Bool) throws(OverlayError) -> String {
        if latin1 {
            let raw = String(bytes: scanner.bytes[range], encoding: .isoLatin1) ?? ""
            guard decode else { return raw }
            // Entities are ASCII, so decode them on the UTF-8 form of the Latin-1 text.
            let utf8 = Array(raw.utf8)
            let decoded: Result<String, XMLScanner.Failure> = utf8.withUnsafeBufferPointer { buffer in
                do throws(XMLScanner.Failure) {
                    return .success(try XMLScanner(bytes: buffer).decodedString(0..<buffer.count))
                } catch {
                    return .failure(XMLScanner.Failure(offset: range.lowerBound, reason: error.reason))
                }
            }
            switch decoded {
            case .success(let text): return text
            case .failure(let failure): throw malformed(failure)
            }
        }
        guard decode else { return scanner.string(range) }
        do {
            return try scanner.decodedString(range)
        } catch {
            throw malformed(error)
        }
    }
}

/// A piece of markup the plain-point reader looks for (`GPXBuilder.readPlainTrackPoint`), up to
/// eight bytes, compared as one word where eight bytes are left.
struct PlainLiteral {
    let word: UInt64, mask: UInt64, count: Int

    init(_ text: StaticString) {
        precondition(text.utf8CodeUnitCount <= 8)
        count = text.utf8CodeUnitCount
        var word: UInt64 = 0
        for k in 0..<count { word |= UInt64(text.utf8Start[k]) << (8 * k) }
        self.word = word
        mask = count == 8 ? ~0 : (1 << (8 * UInt64(count))) - 1
    }

    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int) -> Bool {
        guard let base = bytes.baseAddress, p >= 0 else { return false }
        if p + 8 <= bytes.count {
            return UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self).littleEndian & mask == word
        }
        guard p + count <= bytes.count else { return false }
        for k in 0..<count where UInt64(bytes[p + k]) != (word >> (8 * UInt64(k))) & 0xFF { return false }
        return true
    }

    static let trackPointStart = PlainLiteral("<trkpt")
    static let trackPointEnd = PlainLiteral("</trkpt")
    static let emptyEnd = PlainLiteral("/>")
    static let latitude = PlainLiteral("lat=\"")
    static let longitude = PlainLiteral("lon=\"")
    static let timeStart = PlainLiteral("<time>")
    static let timeEnd = PlainLiteral("</time")
    static let elevationStart = PlainLiteral("<ele>")
    static let elevationEnd = PlainLiteral("</ele")
}
