import Foundation
import MapsnapFormats
import MapsnapTiles

/// What a pyramid's tiles depend on beyond its options: the style file's contents and each vector
/// archive it reads. Recorded in the plan, so that shards rendered on machines with another copy
/// of the style or the data (or a resume after the data was replaced) are told apart from
/// shards of one pyramid, even when every path is the same.
struct PyramidFingerprints: Sendable, Equatable {
    /// A hash of the style file's bytes.
    var style = ""
    /// `source=file:bytes:metadata-hash` for each archive, by source name: the file's name and size
    /// and a hash of its metadata rows, which stay the same when the file is copied (an mtime would not).
    var data = ""

    static let none = PyramidFingerprints()

    init() {}

    init(_ main: Snapshotter) {
        if let url = try? main.selection.style.fileURL(), let bytes = try? InputFile.read(url.path) {
            style = TileHash.hex(bytes)
        }
        var archives: [String] = []
        for (source, list) in main.archivesBySource.sorted(by: { $0.key < $1.key }) {
            for archive in list {
                archives.append("\(source)=\(Self.fingerprint(archive))")
            }
        }
        data = archives.joined(separator: ",")
    }

    static func fingerprint(_ archive: any TileArchive) -> String {
        let name = URL(fileURLWithPath: archive.path).lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int) ?? nil
        let rows = archive.metadata.raw.keys.sorted().map { "\($0)=\(archive.metadata.raw[$0]!)" }.joined(separator: "\n")
        return "\(name):\(size.map(String.init) ?? "?"):\(TileHash.hex(Data(rows.utf8)))"
    }
}
