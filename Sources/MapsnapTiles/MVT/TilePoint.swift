/// A vertex in tile coordinates: x to the right, y down, 0...extent across the tile (values outside
/// lie in the buffer around it).
public struct TilePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Int32
    public var y: Int32

    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x),\(y))" }
}
