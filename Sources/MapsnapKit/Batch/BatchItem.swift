import Foundation

/// One picture of a report batch: its map request plus its caption and output name.
public struct BatchItem: Sendable {
    /// The output file's name without extension; letters, digits, `-`, `_`, `.`.
    public var id: String
    /// The manifest line the item starts on.
    public var line: Int
    public var request: MapRequest
    public var title: String?
    public var caption: String?
    /// Add the offline address to the caption.
    public var address: Bool

    public init(id: String, line: Int, request: MapRequest, title: String? = nil, caption: String? = nil, address: Bool = false) {
        self.id = id
        self.line = line
        self.request = request
        self.title = title
        self.caption = caption
        self.address = address
    }
}

/// A manifest record that could not become an item: recorded as a failed row, the batch goes on.
public struct BatchLineError: Sendable {
    public var id: String
    public var line: Int
    public var message: String
}

/// Why a whole batch cannot run (exit code 2): the manifest (`manifest`) or the output folder
/// (`output`), with the reason.
public typealias BatchError = RequestError
