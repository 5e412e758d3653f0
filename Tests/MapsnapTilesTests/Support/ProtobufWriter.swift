/// A tiny protobuf encoder for building test tiles by hand, field by field.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func key(_ field: Int, _ wireType: Int) { varint(UInt64(field) << 3 | UInt64(wireType)) }

    mutating func varintField(_ field: Int, _ value: UInt64) {
        key(field, 0)
        varint(value)
    }

    mutating func fixed64Field(_ field: Int, _ value: UInt64) {
        key(field, 1)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func fixed32Field(_ field: Int, _ value: UInt32) {
        key(field, 5)
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func bytesField(_ field: Int, _ payload: [UInt8]) {
        key(field, 2)
        varint(UInt64(payload.count))
        bytes += payload
    }

    mutating func stringField(_ field: Int, _ text: String) { bytesField(field, Array(text.utf8)) }

    mutating func packedField(_ field: Int, _ values: [UInt32]) {
        var payload = ProtobufWriter()
        for value in values { payload.varint(UInt64(value)) }
        bytesField(field, payload.bytes)
    }

    mutating func raw(_ more: [UInt8]) { bytes += more }
}

/// One field of every wire type protobuf readers must skip (0, 1, 2, 5), under a field number
/// (99) no MVT message defines.
let unknownFieldsOfEveryWireType: [UInt8] = {
    var writer = ProtobufWriter()
    writer.varintField(99, 300)
    writer.fixed64Field(99, 0x0102_0304_0506_0708)
    writer.stringField(99, "ignore me")
    writer.fixed32Field(99, 0xdead_beef)
    return writer.bytes
}()
