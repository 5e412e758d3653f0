import Foundation
import Testing
@testable import MapsnapTiles

@Suite struct TileHashTests {
    @Test func equalBytesGiveEqualKeys() {
        #expect(TileHash.hex(Data("a tile".utf8)) == TileHash.hex(Data("a tile".utf8)))
    }

    /// One bit changed anywhere (in the eight-byte words or the tail) gives another key, and so
    /// does the same bytes' length.
    @Test func everySingleBitChangesTheKey() {
        let base = Data((0..<37).map { UInt8(truncatingIfNeeded: $0 &* 29) })
        var keys: Set<String> = [TileHash.hex(base)]
        for i in base.indices {
            for bit in 0..<8 {
                var changed = base
                changed[i] ^= UInt8(1) << UInt8(bit)
                keys.insert(TileHash.hex(changed))
            }
        }
        #expect(keys.count == 1 + base.count * 8)
        #expect(TileHash.hex(base) != TileHash.hex(base + [0]))
    }

    @Test func theKeyEndsWithTheLength() {
        #expect(TileHash.hex(Data(count: 1000)).hasSuffix("-1000"))
        #expect(TileHash.hex(Data()).hasSuffix("-0"))
    }
}
