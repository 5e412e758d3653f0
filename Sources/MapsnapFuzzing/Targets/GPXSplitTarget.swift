import Foundation
import MapsnapOverlays

extension FuzzTarget {
    /// A GPX file read in two parts (as long files are, on two threads) at the first `<` after
    /// its middle: the joined document must be the one-thread one, and there must be none where
    /// the one-thread read fails. A difference is a bug: it traps.
    static let gpxSplit = FuzzTarget("gpx-split", "GPX read in two parts, against the one-thread read") { data in
        guard let split = data.indices.dropFirst(data.count / 2).first(where: { data[$0] == UInt8(ascii: "<") }),
              let joined = GPXReader.readInTwo(data, fileName: "fuzz.gpx", at: split) else { return .rejected("not split") }
        do {
            let whole = try GPXReader.readWhole(data, fileName: "fuzz.gpx")
            precondition(whole == joined, "the GPX read in two parts differs from the one-thread read")
        } catch {
            preconditionFailure("a GPX read in two parts where the one-thread read fails: \(error)")
        }
        return .accepted
    }
}
