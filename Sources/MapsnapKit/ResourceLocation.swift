import Foundation

/// A folder that may hold mapsnap's `styles/` and `data/`, and why it was looked at.
public struct ResourceLocation: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// `PREFIX/share/mapsnap` beside `PREFIX/bin/mapsnap`.
        case installed
        /// The package checkout whose `.build/` holds the executable.
        case checkout
        /// `$MAPSNAP_HOME`.
        case environment
        /// The mapsnap package checkout this library was compiled from: a program that uses
        /// MapsnapKit as a SwiftPM dependency (`.package(path:)`, or `.package(url:)` in
        /// `.build/checkouts/`) runs from its own `.build`, not mapsnap's.
        case packageSource

        public var summary: String {
            switch self {
            case .installed: "installed beside the executable"
            case .checkout: "the checkout whose .build holds the executable"
            case .environment: "MAPSNAP_HOME"
            case .packageSource: "the mapsnap package MapsnapKit was built from"
            }
        }
    }

    public let root: URL
    public let origin: Origin

    public init(root: URL, origin: Origin) {
        // One spelling per folder (no trailing slash, no `..`), so locations compare and print alike.
        self.root = URL(fileURLWithPath: root.standardizedFileURL.path)
        self.origin = origin
    }

    /// The default style is there (the other styles and the data are installed with it).
    var holdsBuiltInStyles: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("styles/light.json").path) }
}
