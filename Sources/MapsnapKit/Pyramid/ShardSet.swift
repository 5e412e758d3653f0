import Foundation

/// The shards given to `mapsnap merge`, checked to be exactly shards 0…N−1 of one plan, each
/// finished: a merge of some of the shards (a `--array` that ran 4 of 8 tasks), of shards of two
/// pyramids (a rerun with other zooms into the same folder) or of an unfinished shard would
/// otherwise write a short or mixed archive without a word. Inputs that are not shards (whole
/// pyramids, archives of other tools) merge as before.
enum ShardSet {
    struct Input {
        let path: String
        /// The archive's metadata rows (the plan and completeness `mapsnap tiles` records).
        let metadata: [String: String]
    }

    /// The plan of the whole pyramid the shards make up (their plan without `--shard`), or nil
    /// when no input is a shard.
    static func check(_ inputs: [Input]) throws(PyramidError) -> PyramidPlanRecord? {
        let plans = inputs.map { $0.metadata[PyramidPlanRecord.planKey].flatMap(PyramidPlanRecord.init(text:)) }
        guard let first = plans.indices.first(where: { plans[$0]?.shard != nil }), let reference = plans[first],
              let (_, count) = reference.shard else { return nil }
        func error(_ i: Int, _ segments: [RequestError.Segment]) -> PyramidError {
            .request(RequestError(FieldPath("inputs").appending(index: i), segments: segments))
        }
        let named = "\(inputs[first].path) (shard \(reference.shard!.index)/\(count))"
        var seen: [Int: Int] = [:]
        for (i, plan) in plans.enumerated() {
            let path = inputs[i].path
            guard let plan, let (k, n) = plan.shard else {
                throw error(i, [.text("\(path) is not a shard, but \(named) is: merge the shards of one pyramid")])
            }
            guard n == count else {
                throw error(i, [.text("\(path) is shard \(k)/\(n), but \(named) is one of \(count): merge the shards of one pyramid")])
            }
            if let d = plan.withShard("").firstDifference(from: reference.withShard("")) {
                throw error(i, [.text("\(path) was made with ")] + PyramidPlanRecord.worded(d.field, d.mine)
                            + [.text(", \(named) with ")] + PyramidPlanRecord.worded(d.field, d.theirs)
                            + [.text(": merge the shards of one pyramid")])
            }
            if plan.parts.count != reference.parts.count {
                throw error(i, [.text("\(path) was made by another version of mapsnap than \(named): render the shards with one version")])
            }
            if let j = seen[k] {
                throw error(i, [.text("\(path) is shard \(k)/\(n) again (so is \(inputs[j].path)): give each shard once")])
            }
            seen[k] = i
            guard inputs[i].metadata[PyramidPlanRecord.completeKey] == "true" else {
                throw error(i, [.text("\(path) is an unfinished shard \(k)/\(n): finish it (the same mapsnap tiles command with --resume) before merging")])
            }
        }
        let missing = (0..<count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw .request(RequestError("inputs", "\(missing.count == 1 ? "shard" : "shards") \(ranges(missing)) of \(count) "
                                        + "\(missing.count == 1 ? "is" : "are") missing (given: \(ranges(seen.keys.sorted()))): "
                                        + "merge all \(count) shards of the pyramid"))
        }
        return reference.withShard("")
    }

    /// `0-3, 5, 7-9`: sorted numbers as runs.
    static func ranges(_ numbers: [Int]) -> String {
        var runs: [String] = []
        var i = 0
        while i < numbers.count {
            var j = i
            while j + 1 < numbers.count && numbers[j + 1] == numbers[j] + 1 { j += 1 }
            runs.append(j == i ? "\(numbers[i])" : j == i + 1 ? "\(numbers[i]), \(numbers[j])" : "\(numbers[i])-\(numbers[j])")
            i = j + 1
        }
        return runs.joined(separator: ", ")
    }
}
