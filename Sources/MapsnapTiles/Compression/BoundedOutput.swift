import Foundation

/// The output buffer of a streaming decompressor with a size cap (the gzip-bomb guard, for brotli
/// and zstd as `inflate` has its own): it starts at a guess, doubles when full, and never holds
/// more than one byte past `limit`, which is how a stream that decompresses to more than the limit
/// is told from one that fills it exactly. `data()` hands the bytes over without a copy.
final class BoundedOutput {
    let limit: Int
    private(set) var base: UnsafeMutableRawPointer
    private(set) var capacity: Int
    /// Bytes written so far (the decompressor advances it).
    var count = 0
    private var handedOver = false

    /// `guess` is the first capacity (clamped to 64 … limit + 1).
    init(guess: Int, limit: Int) throws(InflateError) {
        self.limit = max(limit, 1)
        capacity = min(max(guess, 64), self.limit + 1)
        guard let memory = malloc(capacity) else { throw .outOfMemory }
        base = memory
    }

    deinit { if !handedOver { free(base) } }

    /// Where the next bytes go and how many fit, growing the buffer when it is full. Throws
    /// `tooLarge` once the buffer holds more than `limit` bytes and is full.
    func room() throws(InflateError) -> (UnsafeMutableRawPointer, Int) {
        if count == capacity {
            guard capacity <= limit else { throw .tooLarge(limit: limit) }
            let grown = capacity > (limit + 1) / 2 ? limit + 1 : capacity * 2
            guard let memory = realloc(base, grown) else { throw .outOfMemory }
            base = memory
            capacity = grown
        }
        return (base + count, capacity - count)
    }

    /// The bytes written, once the stream has ended. Throws `tooLarge` when they pass the limit.
    func data() throws(InflateError) -> Data {
        guard count <= limit else { throw .tooLarge(limit: limit) }
        if capacity - count > 4096, let shrunk = realloc(base, max(count, 1)) {
            base = shrunk
            capacity = max(count, 1)
        }
        handedOver = true
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }

    /// A first capacity for `inputCount` compressed bytes: four times as many, as `inflate` guesses.
    static func guess(forInput inputCount: Int) -> Int {
        inputCount.multipliedReportingOverflow(by: 4).overflow ? Int.max / 2 : inputCount * 4
    }
}
