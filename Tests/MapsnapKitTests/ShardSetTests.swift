import Foundation
import Testing
@testable import MapsnapKit

/// `merge` takes exactly shards 0…N−1 of one plan, each finished, and names what is not.
struct ShardSetTests {
    static func plan(zoom: String = "12-16", shard: String, data: String = "openmaptiles=monaco.mbtiles:1:ab-2") -> String {
        PyramidPlanRecord(parts: [("style", "light"), ("zoom", zoom), ("shard", shard), ("style-file", "cd-3"), ("data", data)]).text
    }

    static func input(_ name: String, _ plan: String?, complete: Bool = true) -> ShardSet.Input {
        var rows = ["format": "png"]
        if let plan { rows[PyramidPlanRecord.planKey] = plan; rows[PyramidPlanRecord.completeKey] = complete ? "true" : "false" }
        return ShardSet.Input(path: name, metadata: rows)
    }

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let inputs: [ShardSet.Input]
        /// The error's text, or nil when the set merges.
        let error: String?
    }

    static let cases: [Case] = [
        .init(description: "all four", inputs: (0..<4).map { input("s\($0)", plan(shard: "\($0)/4")) }, error: nil),
        .init(description: "no shards", inputs: [input("a", plan(shard: "")), input("b", nil)], error: nil),
        .init(description: "half of eight", inputs: (0..<4).map { input("s\($0)", plan(shard: "\($0)/8")) },
              error: "inputs: shards 4-7 of 8 are missing (given: 0-3): merge all 8 shards of the pyramid"),
        .init(description: "one missing", inputs: [0, 1, 3].map { input("s\($0)", plan(shard: "\($0)/4")) },
              error: "inputs: shard 2 of 4 is missing (given: 0, 1, 3): merge all 4 shards of the pyramid"),
        .init(description: "twice", inputs: [input("s0", plan(shard: "0/2")), input("t0", plan(shard: "0/2"))],
              error: "inputs[1]: t0 is shard 0/2 again (so is s0): give each shard once"),
        .init(description: "other count", inputs: [input("s0", plan(shard: "0/2")), input("s1", plan(shard: "1/4"))],
              error: "inputs[1]: s1 is shard 1/4, but s0 (shard 0/2) is one of 2: merge the shards of one pyramid"),
        .init(description: "other zooms", inputs: [input("s0", plan(shard: "0/2")), input("s1", plan(zoom: "12-15", shard: "1/2"))],
              error: "inputs[1]: s1 was made with zoom 12-15, s0 (shard 0/2) with zoom 12-16: merge the shards of one pyramid"),
        .init(description: "other data", inputs: [input("s0", plan(shard: "0/2")), input("s1", plan(shard: "1/2", data: "openmaptiles=monaco.mbtiles:9:ef-2"))],
              error: "inputs[1]: s1 was made with the data openmaptiles=monaco.mbtiles:9:ef-2, s0 (shard 0/2) with the data openmaptiles=monaco.mbtiles:1:ab-2: merge the shards of one pyramid"),
        .init(description: "a whole pyramid among shards", inputs: [input("a", nil), input("s0", plan(shard: "0/1"))],
              error: "inputs[0]: a is not a shard, but s0 (shard 0/1) is: merge the shards of one pyramid"),
        .init(description: "unfinished", inputs: [input("s0", plan(shard: "0/2")), input("s1", plan(shard: "1/2"), complete: false)],
              error: "inputs[1]: s1 is an unfinished shard 1/2: finish it (the same mapsnap tiles command with --resume) before merging"),
    ]

    @Test(arguments: cases)
    func check(_ c: Case) {
        do {
            let whole = try ShardSet.check(c.inputs)
            #expect(c.error == nil, "merged, expected \(c.error ?? "")")
            if c.inputs.contains(where: { $0.metadata[PyramidPlanRecord.planKey].flatMap(PyramidPlanRecord.init(text:))?.shard != nil }) {
                #expect(whole?.shard == nil && whole?.text.contains("|shard=|") == true, "the merged plan is the whole pyramid's")
            } else {
                #expect(whole == nil)
            }
        } catch {
            #expect(error.description == c.error)
        }
    }

    @Test func rangesReadAsRuns() {
        #expect(ShardSet.ranges([0, 1, 2, 3, 5, 7, 8, 10, 11, 12]) == "0-3, 5, 7, 8, 10-12")
        #expect(ShardSet.ranges([]) == "")
    }
}
