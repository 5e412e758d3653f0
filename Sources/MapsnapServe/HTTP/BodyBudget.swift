import Synchronization

/// The bytes of request bodies the server holds at once (`--body-memory`), across every
/// connection. Each body is bounded by `--max-body` alone, which bounds nothing once many
/// connections send one: 200 connections each sending most of 8 MiB took the server from 42 MB
/// to 1.67 GB, and 300 killed it. A body's bytes are reserved when its head arrives, before any
/// of it is read (its `Content-Length`, or `--max-body` for a chunked one), and given back when
/// its request ends; a body that does not fit is answered 503 with `Retry-After` and not read.
final class BodyBudget: Sendable {
    let capacity: Int
    private let reserved = Atomic<Int>(0)

    init(capacity: Int) { self.capacity = capacity }

    /// Bytes reserved now.
    var bytes: Int { reserved.load(ordering: .relaxed) }

    /// Reserves `count` bytes; false (nothing reserved) when they do not fit.
    func reserve(_ count: Int) -> Bool {
        while true {
            let now = reserved.load(ordering: .relaxed)
            guard count <= capacity - now else { return false }
            if reserved.compareExchange(expected: now, desired: now + count, ordering: .acquiringAndReleasing).exchanged { return true }
        }
    }

    func release(_ count: Int) {
        reserved.subtract(count, ordering: .relaxed)
    }
}
