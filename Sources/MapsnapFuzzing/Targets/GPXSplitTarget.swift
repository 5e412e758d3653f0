import Foundation
import MapsnapOverlays

extension FuzzTarget {
    /// The GPX reader's shortcuts against its general path: read whole with the plain-point
    /// shortcut and without it, the same document or the same error; read in two parts (as long
    /// files are, on two threads) at the first `<` after its middle, the one-thread document, and
    /// none where the one-thread read fails. A difference is a bug: it traps.
    static let gpxSplit = FuzzTarget("gpx-split", "GPX reader shortcuts (plain points, two parts) against its general path") { data in
        let general = Result { () throws(OverlayError) in try GPXReader.readWhole(data, fileName: "fuzz.gpx", plainPointShortcut: false) }
        let whole = Result { () throws(OverlayError) in try GPXReader.readWhole(data, fileName: "fuzz.gpx") }
        switch (general, whole) {
        case (.success(let a), .success(let b)): precondition(a == b, "the plain-point shortcut reads another document")
        case (.failure(let a), .failure(let b)): precondition("\(a)" == "\(b)", "the plain-point shortcut reports another error")
        default: preconditionFailure("the plain-point shortcut and the general path disagree on whether the file is readable")
        }
        guard let split = data.indices.dropFirst(data.count / 2).first(where: { data[$0] == UInt8(ascii: "<") }),
              let joined = GPXReader.readInTwo(data, fileName: "fuzz.gpx", at: split) else {
            if case .failure(let error) = whole { return .rejected("\(error)") }
            return .rejected("not split")
        }
        guard case .success(let document) = whole else { preconditionFailure("a GPX read in two parts where the one-thread read fails") }
        precondition(document == joined, "the GPX read in two parts differs from the one-thread read")
        return .accepted
    }
}
