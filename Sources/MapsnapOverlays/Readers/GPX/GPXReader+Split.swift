import Foundation
import MapsnapFormats

/// A long GPX file read on two threads: split before a `<trkpt` near the middle, the part before
/// is read as a document that stops inside `gpx/trk/trkseg`, the part after as one that starts
/// there, and the two are joined. Nothing is taken on trust: when the split is not where it
/// seems (inside a comment, a CDATA section or an element other than a segment), when the
/// element names on either side disagree, or when either part fails, the caller reads the file
/// whole on one thread, so the document and every error message are exactly the one-thread
/// ones. A 100,000-point track is read in a little over half the time.
extension GPXReader {
    /// Files below this are read on one thread: starting one costs more than it saves.
    static let splitSize = 2 << 20

    /// The document read in two parts, split at `split` (a byte offset; by default before the
    /// first `<trkpt` after the middle), or nil when the caller should read it whole.
    public static func readInTwo(_ data: Data, fileName: String, at split: Int? = nil) -> GPXDocument? {
        data.withUnsafeBytes { raw -> GPXDocument? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let split = split ?? splitPoint(bytes), split > 0, split < bytes.count else { return nil }
            var declaration = GPXBuilder(scanner: XMLScanner(bytes: bytes), fileName: fileName)
            guard let latin1 = try? declaration.declaresLatin1() else { return nil }
            let after = { () -> Part? in
                var builder = GPXBuilder.continuing(bytes, at: split, fileName: fileName, latin1: latin1)
                guard let document = try? builder.build() else { return nil }
                return Part(document: document, points: builder.pointCount, names: builder.closedAncestors,
                            namesContinuedTrack: builder.namesContinuedTrack)
            }
            let (second, first) = WorkerThread.alongside(after) { () -> Part? in
                var scanner = XMLScanner(bytes: UnsafeBufferPointer(rebasing: bytes[0..<split]))
                scanner.endsInside = true
                // Room in the segment buffer for the whole file's points: the part after joins it.
                var builder = GPXBuilder(scanner: scanner, fileName: fileName, expectedBytes: bytes.count)
                guard (try? builder.build()) != nil, builder.endsBetweenTrackPoints() else { return nil }
                return Part(document: builder.takeDocument(), points: builder.pointCount, names: builder.openNames)
            }
            guard var first, let second, first.points + second.points <= InputLimits.maxPoints else { return nil }
            // The part after closed the segment, track and root the part before opened, in turn.
            func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool { a.count == b.count && bytes[a].elementsEqual(bytes[b]) }
            guard second.names.count == first.names.count, zip(first.names.reversed(), second.names).allSatisfy(same) else { return nil }
            var document = first.document
            first.document = GPXDocument()   // the only reference: the join appends in place
            join(second.document, to: &document, namingTrack: second.namesContinuedTrack)
            return document
        }
    }

    /// A part's document and what the join checks: its points, and the names of the elements
    /// it leaves open (the part before) or closes that it did not open (the part after).
    private struct Part {
        var document: GPXDocument
        let points: Int
        let names: [Range<Int>]
        var namesContinuedTrack = false
    }

    /// Before the first `<trkpt` (followed by white space or `>`) in the middle half of the
    /// file, or nil when there is none.
    static func splitPoint(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let tag = Array("<trkpt".utf8)
        var i = bytes.count / 2
        let end = bytes.count * 3 / 4
        while i < end {
            guard let base = bytes.baseAddress,
                  let hit = memchr(base + i, 0x3C, end - i) else { return nil }
            i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if i + tag.count < bytes.count, (0..<tag.count).allSatisfy({ bytes[i + $0] == tag[$0] }) {
                let next = bytes[i + tag.count]
                if XMLScanner.isSpace(next) || next == 0x3E { return i }
            }
            i += 1
        }
        return nil
    }

    /// The part after continues the part before's last segment of its last track.
    private static func join(_ second: GPXDocument, to document: inout GPXDocument, namingTrack: Bool) {
        let t = document.tracks.count - 1, s = document.tracks[t].count - 1
        let continued = second.tracks[0]
        document.tracks[t][s] += continued[0]
        document.tracks[t] += continued.dropFirst()
        if namingTrack { document.trackNames[t] = second.trackNames[0] }
        document.tracks += second.tracks.dropFirst()
        document.trackNames += second.trackNames.dropFirst()
        document.routes += second.routes
        document.routeNames += second.routeNames
        document.waypoints += second.waypoints
    }
}
