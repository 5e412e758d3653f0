import Foundation
import Testing
@testable import MapsnapTiles

@Suite struct InflateTests {
    static let text = Array(String(repeating: "Monaco-Ville, La Condamine, Monte-Carlo. ", count: 200).utf8)

    @Test(arguments: [
        ([0x1f, 0x8b, 0x08, 0x00] as [UInt8], CompressionFormat.gzip as CompressionFormat?),
        ([0x78, 0x9c], .zlib), ([0x78, 0x01], .zlib), ([0x78, 0xda], .zlib), ([0x48, 0x89], .zlib),
        ([0x78, 0x9d], nil),           // header check fails
        ([0x1a, 0x05], nil),           // plain MVT: field 3, wire type 2
        ([0x89, 0x50, 0x4e, 0x47], nil), // PNG
        ([0x1f], nil), ([], nil),
    ])
    func detectsFormatFromHeader(bytes: [UInt8], expected: CompressionFormat?) {
        #expect(compressionFormat(of: Data(bytes)) == expected)
        #expect(isCompressed(Data(bytes)) == (expected != nil))
    }

    @Test(arguments: [CompressionFormat.gzip, .zlib])
    func roundTrips(format: CompressionFormat) throws {
        let compressed = format == .gzip ? gzipped(Self.text) : zlibbed(Self.text)
        #expect(compressed.count < Self.text.count / 10)
        #expect(try inflate(Data(compressed)) == Data(Self.text))
    }

    @Test func growsOutputPastTheFirstGuess() throws {
        // 1 MiB of zeros compresses ~1000×: far beyond the zlib guess of 4× the input.
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        #expect(try inflate(Data(zlibbed(zeros))) == Data(zeros))
        // A gzip trailer that understates the size makes the first guess too small (so the buffer
        // grows) and then fails zlib's own length check.
        var forged = gzipped(zeros)
        forged.replaceSubrange(forged.count - 4..<forged.count, with: [16, 0, 0, 0])
        #expect(throws: InflateError.corrupt(.gzip, reason: "incorrect length check")) { try inflate(Data(forged)) }
    }

    @Test func inflatesEmptyPayload() throws {
        #expect(try inflate(Data(gzipped([]))) == Data())
        #expect(try inflate(Data(zlibbed([]))) == Data())
    }

    @Test func inflatesConcatenatedGzipMembers() throws {
        let first = Array("first member, ".utf8), second = Array("second member".utf8)
        #expect(try inflate(Data(gzipped(first) + gzipped(second))) == Data(first + second))
    }

    @Test func ignoresBytesAfterTheStream() throws {
        #expect(try inflate(Data(gzipped(Self.text) + [0, 0, 0])) == Data(Self.text))
    }

    @Test func inflatesASlice() throws {
        // Data slices keep their parent's indices; inflate must not assume startIndex == 0.
        let padded = Data([0xaa, 0xbb] + gzipped(Self.text))
        #expect(try inflate(padded[2...]) == Data(Self.text))
    }

    @Test(arguments: [
        // (input, expected error, message)
        (Array("hello, world".utf8), InflateError.notCompressed, "not gzip or zlib data"),
        ([], .notCompressed, "not gzip or zlib data"),
        (Array(gzipped(text).prefix(40)), .truncated(.gzip), "gzip stream ended early"),
        (Array(gzipped(text).dropLast(4)), .truncated(.gzip), "gzip stream ended early"),
        (Array(zlibbed(text).prefix(2)), .truncated(.zlib), "zlib stream ended early"),
        ([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03, 0xff, 0xff, 0xff, 0xff],
         .corrupt(.gzip, reason: "invalid block type"), "gzip stream is corrupt: invalid block type"),
        ([0x1f, 0x8b, 0x07, 0x00, 0, 0, 0, 0, 0, 0x03, 0x03, 0x00],
         .corrupt(.gzip, reason: "unknown compression method"), "gzip stream is corrupt: unknown compression method"),
    ] as [([UInt8], InflateError, String)])
    func rejectsBadInput(input: [UInt8], expected: InflateError, message: String) {
        #expect(throws: expected) { try inflate(Data(input)) }
        #expect(expected.description == message)
    }

    @Test func rejectsWrongChecksum() {
        var gzip = gzipped(Self.text)
        gzip[gzip.count - 8] ^= 0xff // CRC-32 in the gzip trailer
        #expect(throws: InflateError.corrupt(.gzip, reason: "incorrect data check")) { try inflate(Data(gzip)) }
        var zlib = zlibbed(Self.text)
        zlib[zlib.count - 1] ^= 0xff // Adler-32 in the zlib trailer
        #expect(throws: InflateError.corrupt(.zlib, reason: "incorrect data check")) { try inflate(Data(zlib)) }
    }

    /// The cap is exact for both formats and for each way the first guess is made (a gzip
    /// trailer, or 4× the input): a stream that ends one byte past it stopped the output buffer
    /// exactly full and was let through (fuzz regression inflate/bomb-16mib-plus-one.gz).
    @Test(arguments: [CompressionFormat.gzip, .zlib], [1023, 1024, 1025, 5000])
    func capsTheOutputExactly(format: CompressionFormat, size: Int) throws {
        let zeros = [UInt8](repeating: 0, count: size)
        let compressed = Data(format == .gzip ? gzipped(zeros) : zlibbed(zeros))
        if size <= 1024 {
            #expect(try inflate(compressed, limit: 1024) == Data(zeros))
        } else {
            #expect(throws: InflateError.tooLarge(limit: 1024)) { try inflate(compressed, limit: 1024) }
        }
    }

    @Test func describesOutOfMemory() {
        #expect(InflateError.outOfMemory.description == "out of memory while decompressing")
    }
}
