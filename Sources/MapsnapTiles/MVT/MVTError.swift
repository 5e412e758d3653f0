import MapsnapGeo
/// Why a vector tile (or one of its layers or features) could not be decoded. Each case carries the
/// bad value and where it was found (byte offsets count from the start of the decompressed tile)
/// and names the protobuf or MVT 2.1 rule it breaks, so a message alone is enough to find the fault.
public enum MVTError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: protobuf wire format
    /// The input ended inside a varint that starts at `offset`.
    case truncatedVarint(offset: Int)
    /// A varint starting at `offset` runs past the 10 bytes a 64-bit value can take.
    case varintTooLong(offset: Int)
    /// A length-delimited or fixed-size field at `offset` needs `needed` bytes but only `available` remain.
    case truncated(offset: Int, needed: Int, available: Int)
    /// Wire types 3 and 4 (groups) and 6, 7 (undefined) cannot be skipped.
    case unsupportedWireType(Int, offset: Int)
    /// Field number 0 is reserved in protobuf.
    case invalidFieldNumber(offset: Int)
    /// A known field came with the wrong wire type, e.g. `Layer.name` as a varint.
    case unexpectedWireType(Int, field: String, offset: Int)

    // MARK: layers (MVT 2.1 §4.1)
    /// A layer without its required `name` field; `offset` is where the layer's bytes start.
    case layerWithoutName(offset: Int)
    /// A layer version other than 1 or 2.
    case unsupportedVersion(Int, layer: String)
    /// An extent of 0 (or too large to be a coordinate range).
    case invalidExtent(Int, layer: String)
    /// A `Value` message that holds none of the seven value fields.
    case valueWithoutType(index: Int, layer: String)

    // MARK: feature attributes (MVT 2.1 §4.4)
    case oddTagCount(Int)
    case tagKeyIndexOutOfRange(Int, keyCount: Int)
    case tagValueIndexOutOfRange(Int, valueCount: Int)

    // MARK: geometry (MVT 2.1 §4.3)
    /// A command id other than 1 (MoveTo), 2 (LineTo) or 7 (ClosePath).
    case unknownCommand(Int)
    /// A LineTo before any MoveTo, or right after a ClosePath.
    case lineToWithoutMoveTo
    /// A ClosePath before any MoveTo, or right after another ClosePath.
    case closePathWithoutMoveTo
    /// A command the geometry type does not allow (LineTo or ClosePath in points, ClosePath in lines).
    case commandNotAllowed(GeometryCommand, in: GeometryType)
    /// A command count the geometry type does not allow (MoveTo ≠ 1 in lines and polygons,
    /// MoveTo 0 in points, ClosePath ≠ 1).
    case invalidCommandCount(GeometryCommand, count: Int, in: GeometryType)
    /// A MoveTo or LineTo whose parameter integers run past the end of the geometry.
    case geometryTruncated(GeometryCommand, parameters: Int, available: Int)
    /// A polygon ring followed by a MoveTo or the end of the geometry instead of a ClosePath.
    case ringNotClosed

    public var description: String {
        switch self {
        case .truncatedVarint(let offset):
            return "truncated varint at byte \(offset)"
        case .varintTooLong(let offset):
            return "varint longer than 10 bytes at byte \(offset)"
        case .truncated(let offset, let needed, let available):
            return "truncated field at byte \(offset): needs \(needed) bytes, \(available) left"
        case .unsupportedWireType(let type, let offset):
            return "unsupported wire type \(type) at byte \(offset)"
        case .invalidFieldNumber(let offset):
            return "invalid field number 0 at byte \(offset)"
        case .unexpectedWireType(let type, let field, let offset):
            return "unexpected wire type \(type) for \(field) at byte \(offset)"
        case .layerWithoutName(let offset):
            return "layer at byte \(offset) has no name (MVT 2.1 §4.1)"
        case .unsupportedVersion(let version, let layer):
            return "layer '\(layer)' has unsupported version \(version) (MVT 2.1 §4.1)"
        case .invalidExtent(let extent, let layer):
            return "layer '\(layer)' has invalid extent \(extent) (MVT 2.1 §4.1)"
        case .valueWithoutType(let index, let layer):
            return "value \(index) of layer '\(layer)' holds no value (MVT 2.1 §4.1)"
        case .oddTagCount(let count):
            return "odd number of tag indices (\(count)) (MVT 2.1 §4.4)"
        case .tagKeyIndexOutOfRange(let index, let keyCount):
            return "tag key index \(index) out of range (layer has \(keyCount) keys) (MVT 2.1 §4.4)"
        case .tagValueIndexOutOfRange(let index, let valueCount):
            return "tag value index \(index) out of range (layer has \(valueCount) values) (MVT 2.1 §4.4)"
        case .unknownCommand(let id):
            return "unknown geometry command \(id) (MVT 2.1 §4.3.1)"
        case .lineToWithoutMoveTo:
            return "LineTo with no preceding MoveTo (MVT 2.1 §4.3.4)"
        case .closePathWithoutMoveTo:
            return "ClosePath with no preceding MoveTo (MVT 2.1 §4.3.4.4)"
        case .commandNotAllowed(let command, let type):
            return "\(command) in a \(type.rawValue) geometry (MVT 2.1 \(MVTError.section(type)))"
        case .invalidCommandCount(let command, let count, let type):
            let section = command == .closePath ? "§4.3.3.3" : MVTError.section(type)
            return "\(command) with count \(count) in a \(type.rawValue) geometry (MVT 2.1 \(section))"
        case .geometryTruncated(let command, let parameters, let available):
            return "\(command) needs \(parameters) parameter integers, the geometry has \(available) left (MVT 2.1 §4.3.2)"
        case .ringNotClosed:
            return "polygon ring not closed by ClosePath (MVT 2.1 §4.3.4.4)"
        }
    }

    private static func section(_ type: GeometryType) -> String {
        switch type {
        case .point: return "§4.3.4.2"
        case .lineString: return "§4.3.4.3"
        case .polygon: return "§4.3.4.4"
        case .unknown: return "§4.3.4.1"
        }
    }
}

/// The three geometry commands of MVT 2.1 §4.3.3, named as the spec names them.
public enum GeometryCommand: Int, Sendable, Hashable, CustomStringConvertible {
    case moveTo = 1
    case lineTo = 2
    case closePath = 7

    public var description: String {
        switch self {
        case .moveTo: return "MoveTo"
        case .lineTo: return "LineTo"
        case .closePath: return "ClosePath"
        }
    }
}
