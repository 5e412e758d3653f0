import Foundation

/// The width a PNG's header (IHDR) declares, without decoding the image.
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func width(_ data: Data) -> Int? {
        guard data.count >= 24, data.prefix(8).elementsEqual(signature) else { return nil }
        let b = data.dropFirst(16).prefix(4)
        return b.reduce(0) { $0 << 8 | Int($1) }
    }
}
