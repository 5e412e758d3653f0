import Foundation

/// What a PNG's first 24 bytes (signature and IHDR chunk) say, read before anything is decoded:
/// a small file can declare an image of gigabytes, and its size is checked first.
public enum PNGHeader {
    /// Width and height from the IHDR chunk; nil when the bytes do not start as a PNG.
    public static func size(_ data: Data) -> (width: Int, height: Int)? {
        let head = [UInt8](data.prefix(24))
        guard head.count == 24, head.prefix(8) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] else { return nil }
        func be32(_ o: Int) -> Int { head[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}
