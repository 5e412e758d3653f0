import Foundation
import MapsnapRender

/// The tests' image comparer: pixel by pixel, a pixel differs when any channel (premultiplied ARGB,
/// as Cairo stores it) differs by more than `channelTolerance`. Golden tests and the server's
/// tests use it; `rows` limits it to the top rows (leaving out the attribution line, say). (The
/// conformance runner judges as upstream does, with `Pixelmatch`.)
public struct ImageComparison {
    public let differentPixels: Int
    public let totalPixels: Int
    public let sizeMatches: Bool
    /// Red where pixels differ, the expected image faded elsewhere.
    public let diff: RasterImage?

    public var differentFraction: Double { totalPixels == 0 ? 1 : Double(differentPixels) / Double(totalPixels) }

    public init(actual: RasterImage, expected: RasterImage, channelTolerance: Int, rows: Int? = nil) throws(RenderError) {
        guard actual.pixelWidth == expected.pixelWidth, actual.pixelHeight == expected.pixelHeight else {
            sizeMatches = false; differentPixels = 0; totalPixels = 0; diff = nil
            return
        }
        sizeMatches = true
        let w = actual.pixelWidth, h = min(actual.pixelHeight, max(0, rows ?? actual.pixelHeight))
        totalPixels = w * h
        let diffImage = try RasterImage(pixelWidth: w, pixelHeight: max(h, 1))
        var count = 0
        actual.withPixels { a, aStride in
            expected.withPixels { e, eStride in
                diffImage.withPixels { d, dStride in
                    let out = UnsafeMutablePointer(mutating: d)
                    for y in 0..<h {
                        for x in 0..<w {
                            let pa = UnsafeRawPointer(a + y * aStride + x * 4).loadUnaligned(as: UInt32.self)
                            let pe = UnsafeRawPointer(e + y * eStride + x * 4).loadUnaligned(as: UInt32.self)
                            var worst = 0
                            for shift in stride(from: 0, to: 32, by: 8) {
                                worst = max(worst, abs(Int((pa >> UInt32(shift)) & 0xff) - Int((pe >> UInt32(shift)) & 0xff)))
                            }
                            let pixel: UInt32
                            if worst > channelTolerance {
                                count += 1
                                pixel = 0xffff_0000
                            } else {
                                let g = UInt32(0xc0 + ((pe >> 8) & 0xff) / 4)
                                pixel = 0xff00_0000 | (g << 16) | (g << 8) | g
                            }
                            UnsafeMutableRawPointer(out + y * dStride + x * 4).storeBytes(of: pixel, as: UInt32.self)
                        }
                    }
                }
            }
        }
        differentPixels = count
        diff = diffImage
    }
}
