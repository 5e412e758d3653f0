import Foundation
@testable import MapsnapServe
import Testing

struct EntityTagTests {
    @Test func aTagIsTheBytes() {
        let a = EntityTag.of(Data("tile".utf8)), b = EntityTag.of(Data("tile".utf8)), c = EntityTag.of(Data("other".utf8))
        #expect(a == b && a != c)
        #expect(a.hasPrefix("\"") && a.hasSuffix("-4\""))
    }

    @Test func ifNoneMatchComparesWeakly() {
        let tag = "\"abc-3\""
        #expect(EntityTag.matches("\"abc-3\"", tag))
        #expect(EntityTag.matches("W/\"abc-3\"", tag))
        #expect(EntityTag.matches("\"x\", \"abc-3\"", tag))
        #expect(EntityTag.matches("*", tag))
        #expect(!EntityTag.matches("\"abc\"", tag))
        #expect(!EntityTag.matches("abc-3", tag))   // not quoted: malformed, nothing matches
        #expect(EntityTag.parseList("\"a,b\" , W/\"c\"") == ["\"a,b\"", "\"c\""])
        #expect(EntityTag.parseList("\"a\" \"b\"") == [])
        #expect(EntityTag.parseList("* x") == [])
    }
}
