import MapsnapGeo
/// One feature of a vector tile layer. Creating it reads only the feature's header (id, type and
/// where its tags and geometry lie); `property(_:)`, `properties` and `geometryParts()` decode
/// from the tile's bytes each time they are called, so call them once and keep the result.
public struct VectorTileFeature: Feature, Sendable {
    public let geometryType: GeometryType
    /// `.number(Double(id))` when the feature has an `id` field, else nil.
    public let id: FeatureValue?
    let layer: LayerStorage
    let tags: Range<Int>
    let geometry: Range<Int>
    /// Its tile's place in the pyramid, when known.
    let tileID: TileID?

    init(layer: LayerStorage, range: Range<Int>, tileID: TileID? = nil) throws(MVTError) {
        self.tileID = tileID
        var cursor = layer.bytes.cursor(range)
        var id: FeatureValue?
        var type: UInt64 = 0
        var tags = range.lowerBound..<range.lowerBound
        var geometry = tags
        while !cursor.isAtEnd {
            let (field, wireType, at) = try cursor.fieldKey()
            switch field {
            case 1:
                try cursor.expect(wireType, 0, field: "Feature.id", at: at)
                id = .number(Double(try cursor.varint()))
            case 2:
                try cursor.expect(wireType, 2, field: "Feature.tags", at: at)
                tags = try cursor.lengthDelimited()
            case 3:
                try cursor.expect(wireType, 0, field: "Feature.type", at: at)
                type = try cursor.varint()
            case 4:
                try cursor.expect(wireType, 2, field: "Feature.geometry", at: at)
                geometry = try cursor.lengthDelimited()
            default:
                try cursor.skip(wireType: wireType, at: at)
            }
        }
        switch type {
        case 1: geometryType = .point
        case 2: geometryType = .lineString
        case 3: geometryType = .polygon
        default: geometryType = .unknown
        }
        self.id = id
        self.layer = layer
        self.tags = tags
        self.geometry = geometry
    }

    // MARK: properties

    /// The value of `key`, or nil when the feature does not have it. Looks the key up in the
    /// layer's key index, then scans the feature's tag pairs; malformed pairs read as absent
    /// (`validatedProperties()` reports them).
    public func property(_ key: String) -> FeatureValue? {
        guard !tags.isEmpty, let wanted = layer.keyIndex(of: key) else { return nil }
        defer { withExtendedLifetime(layer) {} }
        let values = layer.values
        let canonical = layer.canonicalKeyIndex
        var cursor = layer.bytes.cursor(tags)
        while !cursor.isAtEnd {
            guard let keyIndex = try? cursor.varint(), let valueIndex = try? cursor.varint() else { return nil }
            var matches = keyIndex == UInt64(wanted)
            if let canonical, !matches, keyIndex < UInt64(canonical.count) { matches = canonical[Int(keyIndex)] == wanted }
            if matches { return valueIndex < UInt64(values.count) ? values[Int(valueIndex)] : nil }
        }
        return nil
    }

    /// All properties. Malformed tag pairs are left out; a key given twice keeps its first value.
    public var properties: [String: FeatureValue] {
        var result: [String: FeatureValue] = [:]
        try? decodeTags(strict: false, into: &result)
        return result
    }

    /// All properties, throwing on the first broken rule of MVT 2.1 §4.4 (odd number of tag
    /// indices, key or value index out of range) instead of leaving it out.
    public func validatedProperties() throws(MVTError) -> [String: FeatureValue] {
        var result: [String: FeatureValue] = [:]
        try decodeTags(strict: true, into: &result)
        return result
    }

    private func decodeTags(strict: Bool, into result: inout [String: FeatureValue]) throws(MVTError) {
        defer { withExtendedLifetime(layer) {} }
        // Each tag index takes at least one byte: at most count / 2 pairs.
        result.reserveCapacity(tags.count / 2)
        let keys = layer.keys, values = layer.values
        var cursor = layer.bytes.cursor(tags)
        var read = 0
        while !cursor.isAtEnd {
            let keyIndex = try cursor.varint()
            read += 1
            guard !cursor.isAtEnd else {
                if strict { throw .oddTagCount(read) }
                return
            }
            let valueIndex = try cursor.varint()
            read += 1
            guard keyIndex < UInt64(keys.count) else {
                if strict { throw .tagKeyIndexOutOfRange(Int(clamping: keyIndex), keyCount: keys.count) }
                continue
            }
            guard valueIndex < UInt64(values.count) else {
                if strict { throw .tagValueIndexOutOfRange(Int(clamping: valueIndex), valueCount: values.count) }
                continue
            }
            // One hash per key; a key given twice (against §4.4) keeps its first value.
            let key = keys[Int(keyIndex)]
            if let first = result.updateValue(values[Int(valueIndex)], forKey: key) { result[key] = first }
        }
    }

    // MARK: geometry

    /// The geometry in world units of its tile's zoom (nil without a tile ID, or when corrupt).
    public func worldGeometry() -> WorldGeometry? {
        guard let tileID, tileID.z >= 0, tileID.z <= 30, layer.extent > 0, let parts = try? geometryParts() else { return nil }
        let scale = WorldGeometry.extent / Double(layer.extent)
        let x0 = Double(tileID.x) * WorldGeometry.extent, y0 = Double(tileID.y) * WorldGeometry.extent
        return WorldGeometry(type: geometryType,
                             parts: parts.map { $0.map { Point(x: x0 + Double($0.x) * scale, y: y0 + Double($0.y) * scale) } },
                             worldExtent: WorldGeometry.extent * Double(1 << tileID.z))
    }

    /// The geometry in tile coordinates (0...extent across the tile; the buffer lies outside).
    /// Each MoveTo point starts a new part: points give one one-element part per point, lines one
    /// part per LineString, polygons one part per ring, each ring explicitly closed (its first
    /// point repeated at the end). Group rings into polygons with `classifyRings(_:)`.
    public func geometryParts() throws(MVTError) -> [[TilePoint]] {
        defer { withExtendedLifetime(layer) {} }
        let type = geometryType
        var cursor = layer.bytes.cursor(geometry)
        var parts: [[TilePoint]] = []
        var part: [TilePoint] = []
        var open = false
        var x: Int32 = 0
        var y: Int32 = 0

        while !cursor.isAtEnd {
            let command = try cursor.uint32()
            let count = Int(command >> 3)
            // Every parameter integer takes at least one byte: this bounds capacities on bad input.
            let maxPoints = (cursor.end - cursor.offset) / 2
            switch command & 7 {
            case 1: // MoveTo
                switch type {
                case .point where count == 0, .lineString where count != 1, .polygon where count != 1:
                    throw .invalidCommandCount(.moveTo, count: count, in: type)
                default: break
                }
                if open {
                    if type == .polygon { throw .ringNotClosed }
                    parts.append(part)
                    open = false
                }
                if type == .point { parts.reserveCapacity(parts.count + min(count, maxPoints)) }
                for index in 0..<count {
                    x &+= try parameter(&cursor, .moveTo, count: count, index: 2 * index)
                    y &+= try parameter(&cursor, .moveTo, count: count, index: 2 * index + 1)
                    let point = TilePoint(x: x, y: y)
                    if type == .point {
                        parts.append([point])
                        continue
                    }
                    if open { parts.append(part) }
                    part = []
                    part.reserveCapacity(LineToPeek.capacity(after: cursor, polygon: type == .polygon))
                    part.append(point)
                    open = true
                }
            case 2: // LineTo
                if type == .point { throw .commandNotAllowed(.lineTo, in: type) }
                guard open else { throw .lineToWithoutMoveTo }
                part.reserveCapacity(part.count + min(count, maxPoints) + (type == .polygon ? 1 : 0))
                for index in 0..<count {
                    x &+= try parameter(&cursor, .lineTo, count: count, index: 2 * index)
                    y &+= try parameter(&cursor, .lineTo, count: count, index: 2 * index + 1)
                    part.append(TilePoint(x: x, y: y))
                }
            case 7: // ClosePath: closes the ring; the cursor stays where it is (MVT 2.1 §4.3.3.3).
                if type == .point || type == .lineString { throw .commandNotAllowed(.closePath, in: type) }
                guard count == 1 else { throw .invalidCommandCount(.closePath, count: count, in: type) }
                guard open else { throw .closePathWithoutMoveTo }
                part.append(part[0])
                parts.append(part)
                part = []
                open = false
            default:
                throw .unknownCommand(Int(command & 7))
            }
        }
        if open {
            if type == .polygon { throw .ringNotClosed }
            parts.append(part)
        }
        return parts
    }

    /// The bounding box of every point of the geometry, read without building it (no allocation),
    /// so that a renderer can skip features outside its view before decoding them. nil when the
    /// geometry is empty or malformed (`geometryParts()` then says what is wrong).
    public func geometryBounds() -> (minX: Int32, minY: Int32, maxX: Int32, maxY: Int32)? {
        defer { withExtendedLifetime(layer) {} }
        var cursor = layer.bytes.cursor(geometry)
        var x: Int32 = 0, y: Int32 = 0
        var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min
        while !cursor.isAtEnd {
            guard let command = try? cursor.uint32() else { return nil }
            let id = command & 7
            if id == 7 { continue }
            guard id == 1 || id == 2 else { return nil }
            for _ in 0..<Int(command >> 3) {
                guard let dx = try? cursor.uint32(), let dy = try? cursor.uint32() else { return nil }
                x &+= zigzagDecode(dx)
                y &+= zigzagDecode(dy)
                if x < minX { minX = x }
                if x > maxX { maxX = x }
                if y < minY { minY = y }
                if y > maxY { maxY = y }
            }
        }
        return minX <= maxX ? (minX, minY, maxX, maxY) : nil
    }

    @inline(__always)
    private func parameter(_ cursor: inout ProtobufCursor, _ command: GeometryCommand, count: Int, index: Int) throws(MVTError) -> Int32 {
        guard !cursor.isAtEnd else { throw .geometryTruncated(command, parameters: 2 * count, available: index) }
        return zigzagDecode(try cursor.uint32())
    }
}

/// Looks one command ahead after a MoveTo so the new part's array is allocated once.
private enum LineToPeek {
    @inline(__always)
    static func capacity(after cursor: ProtobufCursor, polygon: Bool) -> Int {
        var peek = cursor
        guard let next = try? peek.uint32(), next & 7 == 2 else { return 1 }
        let count = min(Int(next >> 3), (peek.end - peek.offset) / 2)
        return 1 + count + (polygon ? 1 : 0)
    }
}
