import Testing
import MapsnapFormats

struct ReusedBufferTests {
    @Test func refillsOverwrite() {
        var buffer = ReusedBuffer<Int>()
        #expect(buffer.isEmpty && buffer.last == nil)
        for k in 0..<5 { buffer.append(k) }
        buffer.removeAll()
        buffer.append(9)
        buffer.append(8)
        #expect(buffer.count == 2 && Array(buffer.elements) == [9, 8] && buffer[1] == 8 && buffer.last == 8)
        buffer.removeLast()
        #expect(Array(buffer.elements) == [9])
    }

    /// A copy kept across a refill keeps its own elements.
    @Test func copiesKeepTheirElements() {
        var buffer = ReusedBuffer<String>()
        buffer.append("a")
        buffer.append("b")
        let kept = buffer
        buffer.removeAll()
        buffer.append("c")
        #expect(Array(kept.elements) == ["a", "b"] && Array(buffer.elements) == ["c"])
    }
}
