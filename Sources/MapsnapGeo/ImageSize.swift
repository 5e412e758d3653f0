/// An image size in points (logical pixels). The bitmap is `pixelRatio` times larger.
public struct ImageSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}
