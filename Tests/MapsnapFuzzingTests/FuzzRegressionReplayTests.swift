import Foundation
import MapsnapFuzzing
import Testing

/// Replays every input kept under `Tests/FuzzRegressions/<target>/` through that fuzz target's
/// entry point, as the fuzzer ran it (no fuzzer needed). Each of these once crashed, hung or ran
/// out of memory; now each must come back with a verdict. Files named `accepted-*` are
/// well-formed inputs that the entry point must accept: they show that the harness really
/// decodes what it is given (a harness that rejected everything would replay crashes uselessly).
struct FuzzRegressionReplayTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    static func files(of target: String) -> [URL] {
        let folder = root.appendingPathComponent(target, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test func everyFolderIsATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(FuzzTarget.all.map(\.name)), "a folder without a target is never replayed")
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func replay(_ name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let files = Self.files(of: name)
        #expect(files.contains { $0.lastPathComponent.hasPrefix("accepted-") }, "\(name) has no accepted-* input")
        var replayed: [String] = []
        for file in files {
            let data = try Data(contentsOf: file)
            let verdict = target.run(data)
            if file.lastPathComponent.hasPrefix("accepted-") {
                #expect(verdict == .accepted, "\(name)/\(file.lastPathComponent)")
            }
            replayed.append(file.lastPathComponent)
        }
        #expect(replayed.count == files.count && !replayed.isEmpty, "\(name): replayed \(replayed.count) of \(files.count) files")
    }
}
