@testable import MapsnapServe
import Synchronization
import Testing

struct ResponsePromiseTests {
    @Test func theFirstAnswerWinsWhicheverComesFirst() {
        let got = Mutex<[Int]>([])
        let early = ResponsePromise()
        #expect(early.fulfill(.text(200, "a")))
        #expect(!early.fulfill(.text(504, "late")))
        #expect(early.isFulfilled)
        early.attach { r in got.withLock { $0.append(r.status) } }

        let late = ResponsePromise()
        late.attach { r in got.withLock { $0.append(r.status) } }
        #expect(!late.isFulfilled)
        #expect(late.fulfill(.text(504, "time")))
        #expect(!late.fulfill(.text(200, "too late")))
        #expect(got.withLock { $0 } == [200, 504])
    }
}
