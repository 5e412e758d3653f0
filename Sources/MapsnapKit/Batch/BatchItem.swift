import Foundation

/// One picture of a report batch: snapshot options plus its caption and output name.
public struct BatchItem: Sendable {
    public var id: String
    public var line: Int
    public var options: SnapshotOptions
    public var title: String?
    public var caption: String?
    public var address: Bool
    /// Track files (relative to the manifest's folder), loaded when the item renders so that a
    /// missing file fails this item only.
    public var trackFiles: [String]
}

/// A manifest line that could not become an item: recorded as a failed row, the batch goes on.
public struct BatchLineError: Sendable {
    public var id: String
    public var line: Int
    public var message: String
}

/// Why a whole batch cannot run (exit code 2); names the file and line.
public enum BatchError: Error, CustomStringConvertible, Sendable {
    case manifest(String)
    case output(String)
    public var description: String {
        switch self {
        case .manifest(let m): return m
        case .output(let m): return "--output: \(m)"
        }
    }
}
