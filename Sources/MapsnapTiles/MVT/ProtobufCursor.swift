/// Reads protobuf wire format (varints, fixed32/64, length-delimited fields) from a byte range of a
/// tile. Offsets are absolute within the tile's bytes, so errors point at the byte in the tile.
/// The caller keeps the bytes alive while the cursor is in use.
struct ProtobufCursor {
    let base: UnsafePointer<UInt8>
    var offset: Int
    let end: Int

    init(base: UnsafePointer<UInt8>, range: Range<Int>) {
        self.base = base
        self.offset = range.lowerBound
        self.end = range.upperBound
    }

    var isAtEnd: Bool { offset >= end }

    @inline(__always)
    mutating func varint() throws(MVTError) -> UInt64 {
        guard offset < end else { throw .truncatedVarint(offset: offset) }
        let first = base[offset]
        if first < 0x80 {
            offset += 1
            return UInt64(first)
        }
        return try varintSlow()
    }

    private mutating func varintSlow() throws(MVTError) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end else { throw .truncatedVarint(offset: start) }
            let byte = base[offset]
            offset += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return result }
            shift += 7
            if shift > 63 { throw .varintTooLong(offset: start) }
        }
    }

    /// A packed `uint32` element: protobuf keeps the low 32 bits of the varint.
    @inline(__always)
    mutating func uint32() throws(MVTError) -> UInt32 {
        UInt32(truncatingIfNeeded: try varint())
    }

    /// The next field's number and wire type, and the offset of its key.
    @inline(__always)
    mutating func fieldKey() throws(MVTError) -> (field: UInt64, wireType: Int, at: Int) {
        let at = offset
        let key = try varint()
        guard key >> 3 != 0 else { throw .invalidFieldNumber(offset: at) }
        return (key >> 3, Int(key & 7), at)
    }

    /// The byte range of a length-delimited field's payload (its length prefix already read here).
    mutating func lengthDelimited() throws(MVTError) -> Range<Int> {
        let at = offset
        let length = try varint()
        let available = end - offset
        guard length <= UInt64(available) else {
            throw .truncated(offset: at, needed: length > UInt64(Int.max) ? Int.max : Int(length), available: available)
        }
        let start = offset
        offset += Int(length)
        return start..<offset
    }

    mutating func fixed32() throws(MVTError) -> UInt32 {
        try require(4)
        let value = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self)
        offset += 4
        return UInt32(littleEndian: value)
    }

    mutating func fixed64() throws(MVTError) -> UInt64 {
        try require(8)
        let value = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
        offset += 8
        return UInt64(littleEndian: value)
    }

    private func require(_ count: Int) throws(MVTError) {
        guard end - offset >= count else { throw .truncated(offset: offset, needed: count, available: end - offset) }
    }

    /// Skips the payload of a field of an unknown (or unwanted) number, as protobuf requires.
    mutating func skip(wireType: Int, at: Int) throws(MVTError) {
        switch wireType {
        case 0: _ = try varint()
        case 1: try require(8); offset += 8
        case 2: _ = try lengthDelimited()
        case 5: try require(4); offset += 4
        default: throw .unsupportedWireType(wireType, offset: at)
        }
    }

    /// Throws unless a known field came with the wire type its schema declares.
    @inline(__always)
    func expect(_ wireType: Int, _ expected: Int, field: String, at: Int) throws(MVTError) {
        guard wireType == expected else {
            if wireType != 0 && wireType != 1 && wireType != 2 && wireType != 5 {
                throw .unsupportedWireType(wireType, offset: at)
            }
            throw .unexpectedWireType(wireType, field: field, offset: at)
        }
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }
}

/// Zigzag decoding (protobuf `sint`, MVT parameter integers): 0, -1, 1, -2 … from 0, 1, 2, 3 …
@inline(__always)
func zigzagDecode(_ n: UInt32) -> Int32 {
    Int32(bitPattern: (n >> 1) ^ (0 &- (n & 1)))
}

@inline(__always)
func zigzagDecode(_ n: UInt64) -> Int64 {
    Int64(bitPattern: (n >> 1) ^ (0 &- (n & 1)))
}

/// A tile's bytes, copied once out of the `Data` so that layers and features can read them through a
/// plain pointer for as long as any of them is alive. Immutable after init.
final class TileBytes: @unchecked Sendable {
    let base: UnsafePointer<UInt8>
    let count: Int

    init(copying buffer: UnsafeRawBufferPointer) {
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(buffer.count, 1))
        if let source = buffer.baseAddress, buffer.count > 0 {
            storage.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: buffer.count)
        }
        base = UnsafePointer(storage)
        count = buffer.count
    }

    deinit { UnsafeMutablePointer(mutating: base).deallocate() }

    func cursor(_ range: Range<Int>) -> ProtobufCursor { ProtobufCursor(base: base, range: range) }
}
