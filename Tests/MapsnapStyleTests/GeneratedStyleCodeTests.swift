import Foundation
import Testing
@testable import MapsnapStyle
import MapsnapTestSupport

/// The code generated from the specification is current: `scripts/generate-style-code.py --check`
/// regenerates it in memory and fails naming every file that differs from what is committed
/// (`Sources/MapsnapStyle/Generated/`, `docs/style-support.md`).
@Suite struct GeneratedStyleCodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theGeneratedCodeIsCurrent() throws {
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let python else { try TestEnvironment.skip("no python3 to run scripts/generate-style-code.py") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.root.appendingPathComponent("scripts/generate-style-code.py").path, "--check"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
    }

    /// What the table derives matches the specification file it was generated from: every layer
    /// type, every property, with its default.
    @Test func theTableCoversTheWholeSpecification() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("spec/maplibre-style-spec/v8.json"))
        guard case .object(let spec) = try StyleValue.parseJSON(data),
              case .object(let layer)? = spec["layer"], case .object(let type)? = layer["type"],
              case .object(let values)? = type["values"] else { Issue.record("v8.json has no layer types"); return }
        #expect(Set(values.keys) == Set(SpecLayerType.allCases.map(\.rawValue)))
        var count = 0
        for layerType in SpecLayerType.allCases {
            for group in ["layout", "paint"] {
                guard case .object(let properties)? = spec["\(group)_\(layerType.rawValue)"] else { continue }
                for (name, definition) in properties where name != "visibility" {
                    count += 1
                    let entry = StyleSpecification.property(name, of: layerType)
                    #expect(entry?.group.rawValue == group, "\(name)")
                    if case .object(let d) = definition { #expect(entry?.defaultValue == d["default"], "\(name)") }
                }
            }
        }
        #expect(count == StyleSpecification.properties.count)
    }

    /// Layer types the specification has and mapsnap does not draw say why; none is left unexplained.
    @Test func undrawnLayerTypesSayWhy() {
        for type in SpecLayerType.allCases {
            #expect(type.isDrawn == SpecLayerType.drawn.contains(type))
            if !type.isDrawn { #expect(!(type.notDrawnReason ?? "").isEmpty) }
        }
        #expect(SpecLayerType.drawn.map(\.rawValue) == ["fill", "line", "symbol", "circle", "raster", "background"])
    }
}
