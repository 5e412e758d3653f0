import Foundation
import MapsnapKit

extension FuzzTarget {
    /// A batch manifest, JSON Lines or CSV (told apart as `mapsnap batch` does, by the first
    /// character), read by `BatchManifest`: every record becomes a `MapRequest` through
    /// `MapRequest(fields:)` over the defaults, and each item's request is validated and framed
    /// as a render would be. No item is rendered.
    static let manifest = FuzzTarget("manifest", "batch manifest (JSON Lines or CSV) into validated map requests") { data in
        ScratchFolder.with { folder in
            FuzzVerdict.of {
                let file = folder.appendingPathComponent("manifest.txt")
                try data.write(to: file)
                let (items, errors) = try BatchManifest.read(file.path, defaults: MapRequest())
                for item in items {
                    _ = (item.title, item.caption)
                    // As a render does: validate first; only a valid request is framed.
                    guard (try? item.request.validate()) != nil else { continue }
                    _ = item.request.framing
                }
                if items.isEmpty, let first = errors.first { throw ManifestRejected(message: first.message) }
            }
        }
    }
}

/// A manifest none of whose records became an item.
private struct ManifestRejected: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
