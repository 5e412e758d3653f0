import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A large block of fresh memory that the system may back with 2 MiB huge pages
/// (`MADV_HUGEPAGE`): a mapping of its own, 2 MiB-aligned, zeroed, unmapped when the last
/// reference goes. Touching fresh memory costs a page fault per 4 KiB page (about 3 µs each
/// here, a fifth of a snapshot's time went to them); in huge pages an 8 MiB file or a 12 MiB
/// image takes four or six. For the few big buffers a process fills once (an image's pixels, an
/// input file's bytes), not for memory reused in a loop: there freed memory costs nothing.
public final class HugePageMemory: @unchecked Sendable {
    /// Below this, ordinary allocation is as good.
    public static let threshold = 2 << 20
    private static let hugePage = 2 << 20

    /// The start of the block: `count` writable bytes, zeroed.
    public let base: UnsafeMutableRawPointer
    public let count: Int
    private let mapping: UnsafeMutableRawPointer
    private let mappedLength: Int

    /// `count` bytes, or nil when the system refuses the mapping (or `count` is below the
    /// threshold or absurd): the caller then allocates as usual.
    public init?(count: Int) {
        guard count >= Self.threshold, count <= Int.max - 2 * Self.hugePage else { return nil }
        let length = count + Self.hugePage
        guard let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED else {
            return nil
        }
        mapping = mapped
        mappedLength = length
        base = UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: mapped) + Self.hugePage - 1) & ~(Self.hugePage - 1))!
        self.count = count
        _ = madvise(base, count, MADV_HUGEPAGE)
    }

    deinit { munmap(mapping, mappedLength) }

    /// Asks that the whole 2 MiB pieces of memory the caller owns at `start` be backed with huge
    /// pages (a hint: the system may decline).
    static func advise(_ start: UnsafeMutableRawPointer, count: Int) {
        let first = (Int(bitPattern: start) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: start) + count) & ~(hugePage - 1)
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, end - first, MADV_HUGEPAGE)
    }
}

extension Array {
    /// `reserveCapacity`, and for a large buffer a request that the system back it with huge
    /// pages (see `HugePageMemory`): for an array filled once with a few megabytes (a long
    /// track's fixes), whose pages would otherwise fault in one by one.
    public mutating func reserveCapacityInHugePages(_ minimumCapacity: Int) {
        reserveCapacity(minimumCapacity)
        let bytes = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !bytes.overflow, bytes.partialValue >= 2 * HugePageMemory.threshold else { return }
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            HugePageMemory.advise(UnsafeMutableRawPointer(base), count: bytes.partialValue)
        }
    }
}
