/// A list refilled again and again (a CSV record's fields, an XML tag's attributes, the open
/// elements): `removeAll()` only forgets the count and `append` overwrites, so once it has grown
/// a refill allocates nothing and skips `Array.removeAll(keepingCapacity:)`'s generic path, which
/// cost more than the scanning around it.
///
/// A copy shares the storage until either side writes (copy-on-write, as Array).
public struct ReusedBuffer<Element> {
    @usableFromInline var storage: [Element] = []
    @usableFromInline var used = 0

    @inlinable public init() {}

    @inlinable public var count: Int { used }
    @inlinable public var isEmpty: Bool { used == 0 }

    @inlinable @inline(__always) public subscript(index: Int) -> Element {
        precondition(index >= 0 && index < used, "ReusedBuffer: index \(index) of \(used)")
        return storage[index]
    }

    @inlinable public var last: Element? { used > 0 ? storage[used - 1] : nil }

    /// The elements, for loops where speed does not matter.
    @inlinable public var elements: ArraySlice<Element> { storage[..<used] }

    @inlinable @inline(__always) public mutating func append(_ element: Element) {
        if used < storage.count {
            storage[used] = element
        } else {
            storage.append(element)
        }
        used += 1
    }

    @inlinable public mutating func removeLast() {
        precondition(used > 0, "ReusedBuffer: removeLast on an empty buffer")
        used -= 1
    }

    @inlinable public mutating func removeAll() { used = 0 }
}
